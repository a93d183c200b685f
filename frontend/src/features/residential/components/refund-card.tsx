// The Plans tab's refund card: the shop's refund terms (from GET /api/config), whether the
// latest purchase of this kind can be refunded now and why (or why not), and "Request refund"
// with a confirmation. A refusal (409) shows the server's reason.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { usePublicConfig } from '@/lib/public-config';
import { notify } from '@/lib/toast';
import { useRefund, useRefundEligibility } from '../api/refunds';
import type { GeneratorKind } from '../generate-request';

export function RefundCard({ kind }: { kind: GeneratorKind }) {
  const eligibility = useRefundEligibility(kind);
  const terms = usePublicConfig().data?.refunds;
  const refund = useRefund(kind);
  const [asking, setAsking] = useState(false);
  const offer = eligibility.data;
  const confirm = () =>
    refund.mutate(undefined, {
      onSuccess: (done) => {
        setAsking(false);
        notify.success(`Refunded ${formatMoney(done.refunded)} for ${done.gb} GB to your wallet`);
      },
      onError: (error) => {
        setAsking(false);
        notify.error(errorMessage(error));
      },
    });
  return (
    <Card title="Refund" className="mb-6">
      {terms && terms.days > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The unused part of your latest purchase can be refunded to your wallet within {terms.days} days of buying it, if less than{' '}
          {terms.maxUsedPercent}% of it was used.
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" role="status" aria-live="polite">
          {eligibility.isPending ? 'Checking…' : eligibility.isError ? errorMessage(eligibility.error) : offer?.reason}
          {offer?.eligible && (
            <>
              {': '}
              <span className="font-semibold">
                {formatMoney(offer.amount)} for {offer.gb} GB
              </span>
            </>
          )}
        </p>
        <Button variant="outline" disabled={!offer?.eligible} onClick={() => setAsking(true)}>
          Request refund
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Request refund"
        description={offer ? `${formatMoney(offer.amount)} goes back to your wallet and ${offer.gb} GB are removed from your balance.` : undefined}
        action="Refund"
        busy={refund.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
