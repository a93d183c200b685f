// /onboard/lte-proxy: Get LTE Proxy: the generate card and the LTE history.
import { Card, PageHeader } from '@/components/ui/page-parts';
import { LteForm } from './lte-form';
import { PieceHistory } from './piece-history';

export function LtePage() {
  return (
    <>
      <PageHeader title="Get LTE Proxy" crumbs={['LTE Mobile Proxy']} />
      <Card title="Generate" className="mb-8">
        <LteForm />
      </Card>
      <PieceHistory kind="lte" />
    </>
  );
}
