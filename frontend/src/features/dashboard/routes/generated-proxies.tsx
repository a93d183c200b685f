// /onboard/proxies: Generated Proxy history.
import { HistoryTable } from '../components/history-table';
import { PageHeader } from '@/components/ui/page-parts';

export default function GeneratedProxiesPage() {
  return (
    <>
      <PageHeader title="Generated Proxy history" crumbs={['Generated Proxies']} />
      <HistoryTable title="Generated proxies" />
    </>
  );
}
