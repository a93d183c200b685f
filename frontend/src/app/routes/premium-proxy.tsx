// /onboard/rotating-proxy: Create Residential Proxy (Premium).
import { GeneratorPage } from '@/features/residential/components/generator-page';

export default function PremiumProxyPage() {
  return <GeneratorPage kind="premium" title="Create Residential Proxy (Premium)" crumbs={['Premium Residential Proxy']} />;
}
