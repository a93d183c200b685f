// /onboard/static-proxy: Static Residential Proxy.
import { PiecePage } from '@/features/pieces/components/piece-page';

export default function StaticProxyPage() {
  return <PiecePage kind="static" title="Static Residential Proxy" crumb="Static Residential Proxy" />;
}
