// /onboard/ipv4-proxy: Get IPv4 Proxy.
import { PiecePage } from '@/features/pieces/components/piece-page';

export default function Ipv4ProxyPage() {
  return <PiecePage kind="ipv4" title="Get IPv4 Proxy" crumb="IPv4 Datacenter Proxy" />;
}
