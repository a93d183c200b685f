// The referral balance on /onboard/referral (docs/screens.md#referral): what the referral
// programme earned, apart from the wallet, with "Move to wallet" (the whole balance at once), the
// payout form (amount in USD from the shop's minimum, the coin, the wallet address) and the
// customer's payouts with their statuses.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DataTable, FullRow, SkeletonRows, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { formatDate, formatMoney, fromUnixSeconds } from '@/lib/format';
import { notify } from '@/lib/toast';
import { payoutsQueryOptions, useMoveToWallet, useRequestPayout, type Payout } from '../api/referral-payouts';
import { COINS, PAYOUT_MESSAGES, payoutSchema, type PayoutValues } from '../referral-payout-form';


const STATUS_LABELS: Record<string, string> = {
  requested: 'Requested',
  approved: 'Approved',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed: amount returned',
  refused: 'Refused',
};
const STATUS_CLASSES: Record<string, string> = {
  requested: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  approved: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  processing: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  refused: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

function StatusBadge({ status }: { status: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[status] ?? ''}`}>{STATUS_LABELS[status] ?? status}</span>;
}

const COLUMNS: Column[] = ['Date', 'Coin', 'Address', 'Status', { label: 'Amount', align: 'right' }];

function PayoutsTable() {
  const payouts = useQuery(payoutsQueryOptions);
  const items: Payout[] = payouts.data?.items ?? [];
  return (
    <DataTable label="Payouts" columns={COLUMNS} minWidth="sm:min-w-[560px]">
      {payouts.isPending && <SkeletonRows columns={COLUMNS} />}
      {payouts.isError && !payouts.data && (
        <FullRow columns={COLUMNS.length}>
          <EmptyState title="Could not load your payouts." body="Please try again in a moment." />
        </FullRow>
      )}
      {payouts.data && items.length === 0 && (
        <FullRow columns={COLUMNS.length}>
          <EmptyState title="No payouts yet" body="Payouts you ask for are listed here with their status." />
        </FullRow>
      )}
      {items.map((payout) => (
        <tr key={payout.id}>
          <td className="py-3 pr-4 whitespace-nowrap text-slate-600 dark:text-slate-300">{formatDate(fromUnixSeconds(payout.createdAt))}</td>
          <td className="py-3 pr-4">{payout.currency}</td>
          <td className="py-3 pr-4 font-mono text-xs break-all">{payout.address}</td>
          <td className="py-3 pr-4">
            <StatusBadge status={payout.status} />
            {payout.reason && <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{payout.reason}</p>}
          </td>
          <td className="py-3 text-right font-semibold whitespace-nowrap tabular-nums">{formatMoney(payout.amount)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function PayoutForm({ min, balance }: { min: number; balance: number }) {
  const request = useRequestPayout();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PayoutValues>({
    resolver: zodResolver(payoutSchema(min, balance)),
    defaultValues: { amount: '', currency: 'USDT', address: '' },
  });
  const onSubmit = handleSubmit((values) =>
    request.mutate(
      { amount: Number(values.amount), currency: values.currency, address: values.address },
      {
        onSuccess: () => {
          notify.success(PAYOUT_MESSAGES.requested);
          reset();
        },
        onError: (error) => {
          applyFieldErrors<PayoutValues>(error, ['amount', 'currency', 'address'], setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Request a payout" className="grid gap-4 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-start">
      <Field label="Amount (USD)" inputMode="decimal" autoComplete="off" placeholder={min.toFixed(2)} error={errors.amount?.message} {...register('amount')} />
      <SelectField label="Coin" error={errors.currency?.message} {...register('currency')}>
        {COINS.map((coin) => (
          <option key={coin} value={coin}>
            {coin}
          </option>
        ))}
      </SelectField>
      <Field label="Wallet address" autoComplete="off" spellCheck={false} error={errors.address?.message} {...register('address')} />
      <Button type="submit" busy={request.isPending} className="h-11 sm:mt-7">
        Request payout
      </Button>
    </form>
  );
}

export function ReferralBalance({ balance, payoutMin }: { balance: number | undefined; payoutMin: number | undefined }) {
  const move = useMoveToWallet();
  const known = balance !== undefined && payoutMin !== undefined;
  function moveAll() {
    move.mutate(null, {
      onSuccess: (done) => notify.success(`${PAYOUT_MESSAGES.moved}: ${formatMoney(done.moved)}`),
      onError: (error) => notify.error(errorMessage(error)),
    });
  }
  return (
    <>
      <Card title="Referral balance" className="mt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-2xl font-bold tabular-nums" data-testid="referral-balance">
              {known ? formatMoney(balance) : '–'}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Earnings from your referrals, apart from your wallet. Move them to your wallet at once, or ask for a payout in crypto
              {known ? ` from ${formatMoney(payoutMin)}` : ''}.
            </p>
          </div>
          <Button onClick={moveAll} busy={move.isPending} disabled={!known || balance <= 0} className="h-11 shrink-0">
            Move to wallet
          </Button>
        </div>
        {known && (
          <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
            <h3 className="mb-3 text-sm font-semibold">Request a payout</h3>
            <PayoutForm min={payoutMin} balance={balance} />
          </div>
        )}
      </Card>
      <Card title="Payouts" className="mt-6">
        <PayoutsTable />
      </Card>
    </>
  );
}
