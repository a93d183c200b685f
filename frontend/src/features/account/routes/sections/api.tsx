// /onboard/settings/api: the customer API keys, with a link to the API reference.
import { ApiKeysCard } from '../../components/api-keys-card';

export default function ApiSection() {
  return <ApiKeysCard />;
}
