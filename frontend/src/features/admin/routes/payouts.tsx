// /admin/payouts: the customers' referral payout requests by status, newest first. A requested
// payout is approved (sent through the payout provider, then paid) or refused with a reason (the
// amount returns to the customer's referral balance); an approved one whose provider call failed
// shows the error and can be approved again (the same order id never pays twice) or, unless the
// provider's answer was lost, refused.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from '@/lib/zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/toast';
import { PAYOUT_STATUSES, payoutsQueryOptions, useApprovePayout, useRefusePayout } from '../api/payouts';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { StatusBadge } from '../components/badge';
import { FormButtons } from '../components/confirm-step';
import { FilterSelect, Toolbar } from '../components/list-controls';
import { showServerError } from '../components/server-errors';
import { useListParams } from '../components/use-list-params';
import { PER_PAGE, when } from '../format';

type AdminPayout = Schemas['AdminPayout'];

const STATUSES = PAYOUT_STATUSES.map((value) => ({ value, label: value }));
const COLUMNS = ['Payout', 'Customer', { label: 'Amount', align: 'right' as const }, 'Coin and address', 'Status', 'Asked', { label: 'Actions', align: 'right' as const }];
const REASON_MESSAGE = 'Please give a reason (3–200 characters)';
const refuseSchema = z.object({ reason: z.string().trim().min(3, REASON_MESSAGE).max(200, REASON_MESSAGE) });
type RefuseValues = z.infer<typeof refuseSchema>;

function RefuseDialog({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
  const refuse = useRefusePayout();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<RefuseValues>({ resolver: zodResolver(refuseSchema), defaultValues: { reason: '' } });
  const submit = (values: RefuseValues) =>
    refuse.mutate(
      { id: payout.id, reason: values.reason.trim() },
      {
        onSuccess: () => {
          notify.success(`Payout #${payout.id} refused: ${formatMoney(payout.amount)} is back on the referral balance`);
          onClose();
        },
        onError: (error) => showServerError(error, setError, ['reason']),
      },
    );
  return (
    <Dialog open onClose={onClose} title={`Refuse payout #${payout.id}`} description={`${formatMoney(payout.amount)} in ${payout.currency} for ${payout.email}. The amount returns to their referral balance; they see the reason.`}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
        <Field label="Reason" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
        <FormButtons onCancel={onClose} submitLabel="Refuse payout" busy={refuse.isPending} />
      </form>
    </Dialog>
  );
}

/** Whether the operator may refuse: not paid or refused, and not possibly paid. */
function refusable(payout: AdminPayout): boolean {
  return payout.status === 'requested' || (payout.status === 'approved' && !payout.outcomeUnknown);
}

export default function PayoutsPage() {
  const { values, page, set, setPage } = useListParams(['status'] as const);
  const payouts = useQuery(payoutsQueryOptions(values.status, page, PER_PAGE));
  const approve = useApprovePayout();
  const [approving, setApproving] = useState<AdminPayout | null>(null);
  const [refusing, setRefusing] = useState<AdminPayout | null>(null);
  const data = payouts.data;

  function confirmApprove(payout: AdminPayout) {
    approve.mutate(payout.id, {
      onSuccess: (paid) => notify.success(`Payout #${paid.id} is ${paid.status}`),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setApproving(null),
    });
  }

  return (
    <>
      <AdminHeader title="Payouts" crumbs={[{ label: 'Payouts' }]} />
      <Card>
        <p className={`mb-4 text-sm ${MUTED}`}>Referral payouts customers asked for. The amount was taken from their referral balance when they asked.</p>
        <Toolbar>
          <FilterSelect label="Status" value={values.status} options={STATUSES} onChange={(value) => set('status', value)} />
        </Toolbar>
        <AdminTable
          label="Payouts"
          columns={COLUMNS}
          loading={payouts.isPending}
          failed={payouts.isError && !data}
          empty={data?.items.length === 0}
          emptyText="No payouts match."
          minWidth="min-w-[880px]"
          paging={data && { page, perPage: PER_PAGE, total: data.total, onChange: setPage }}
        >
          {data?.items.map((payout) => (
            <tr key={payout.id}>
              <td className={CELL}>
                <span className="font-medium">#{payout.id}</span>
                <span className={`block font-mono text-xs ${MUTED}`}>{payout.orderId}</span>
              </td>
              <td className={CELL}>
                <Link to={`/admin/customers/${payout.userId}`} className="tap-target text-brand-700 hover:underline dark:text-brand-300">
                  {payout.email}
                </Link>
              </td>
              <td className={`${CELL} text-right tabular-nums`}>{formatMoney(payout.amount)}</td>
              <td className={CELL}>
                {payout.currency}
                <span className={`block font-mono text-xs break-all ${MUTED}`}>{payout.address}</span>
              </td>
              <td className={CELL}>
                <StatusBadge status={payout.status} />
                {payout.lastError && <span className="block text-xs text-red-700 dark:text-red-400">{payout.outcomeUnknown ? `Answer lost: ${payout.lastError}` : payout.lastError}</span>}
                {payout.providerStatus && payout.providerStatus !== payout.status && (
                  <span className={`block text-xs ${MUTED}`}>Provider: {payout.providerStatus}</span>
                )}
                {payout.reason && <span className={`block text-xs ${MUTED}`}>{payout.reason}</span>}
              </td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(payout.createdAt)}</td>
              <td className={ACTIONS}>
                {(payout.status === 'requested' || payout.status === 'approved') && (
                  <div className="flex justify-end gap-2">
                    <Button size="sm" onClick={() => setApproving(payout)} aria-label={`${payout.status === 'approved' ? 'Retry' : 'Approve'} payout ${payout.id}`}>
                      {payout.status === 'approved' ? 'Retry' : 'Approve'}
                    </Button>
                    {refusable(payout) && (
                      <Button size="sm" variant="outline" onClick={() => setRefusing(payout)} aria-label={`Refuse payout ${payout.id}`}>
                        Refuse
                      </Button>
                    )}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {approving && (
        <ConfirmDialog
          open
          onClose={() => setApproving(null)}
          title={`Pay payout #${approving.id}?`}
          description={`${formatMoney(approving.amount)} in ${approving.currency} to ${approving.address} for ${approving.email}, sent through the payout provider now.`}
          action="Pay now"
          busy={approve.isPending}
          onConfirm={() => confirmApprove(approving)}
        />
      )}
      {refusing && <RefuseDialog payout={refusing} onClose={() => setRefusing(null)} />}
    </>
  );
}
