// /onboard/lte-proxy: Get LTE Proxy.
import { LtePage } from '@/features/pieces/components/lte-page';

export default function LteProxyPage() {
  return <LtePage />;
}
