// /onboard/lte-proxy: Get LTE Proxy.
import { PiecePage } from '../components/piece-page';

export default function LteProxyPage() {
  return <PiecePage kind="lte" title="Get LTE Proxy" crumb="LTE Mobile Proxy" />;
}
