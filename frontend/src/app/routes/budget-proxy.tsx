// /onboard/budget-proxy: Create Residential Proxy (budget).
import { GeneratorPage } from '@/features/residential/components/generator-page';

export default function BudgetProxyPage() {
  return <GeneratorPage kind="budget" title="Create Residential Proxy" crumbs={['Residential Proxies', 'Residential-Proxy']} />;
}
