// /onboard/proxies: Generated Proxy history.
import { GeneratedProxiesPage as Page } from '@/features/pieces/components/generated-proxies-page';

export default function GeneratedProxiesPage() {
  return <Page />;
}
