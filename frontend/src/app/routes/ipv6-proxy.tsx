// /onboard/ipv6-proxy: Get IPv6 Proxy.
import { PiecePage } from '@/features/pieces/components/piece-page';

export default function Ipv6ProxyPage() {
  return <PiecePage kind="ipv6" title="Get IPv6 Proxy" crumb="IPv6 Datacenter Proxy" />;
}
