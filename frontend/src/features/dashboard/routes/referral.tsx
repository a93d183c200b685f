// /onboard/referral: the customer's referral link (site origin + /register?ref=refCode) with a copy
// button, summary cards, the referral bonuses earned (GET /api/user/referrals), and the referral
// balance with its move to the wallet, payout form and payouts (components/referral-balance) and
// its ledger (components/referral-ledger).
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { DataTable, FullRow, SkeletonRows, type Column } from '@/components/ui/data-table';
import { inputClasses } from '@/components/ui/field';
import { Card, EmptyState, PageHeader } from '@/components/ui/page-parts';
import { FALLBACK_ERROR } from '@/lib/api-client';
import { formatDate, formatMoney, fromUnixSeconds } from '@/lib/format';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { referralsQueryOptions } from '../api/get-referrals';
import { ReferralBalance } from '../components/referral-balance';
import { ReferralLedger } from '../components/referral-ledger';
import { referralLink } from '../referral-link';

export const LINK_COPIED = 'Referral link copied to clipboard!';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col justify-between rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <p className="text-xs text-slate-600 sm:text-sm dark:text-slate-300">{label}</p>
      <p className="mt-1 text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

const COLUMNS: Column[] = ['User', 'Date', { label: 'Bonus', align: 'right' }];

export default function ReferralPage() {
  const { user } = useSession();
  const referrals = useQuery(referralsQueryOptions);
  if (!user) return null;
  const data = referrals.data;
  const link = referralLink(data?.refCode || user.refCode);
  const pending = referrals.isPending;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(LINK_COPIED);
    } catch {
      notify.error(FALLBACK_ERROR);
    }
  }

  return (
    <>
      <PageHeader title="Referral" />
      <Card title="Your referral link">
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
          Share this link. When a friend signs up with it and tops up, you earn {data ? `${data.percent}%` : 'a share'} of each top-up as a bonus.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <label htmlFor="referral-link" className="sr-only">
            Referral link
          </label>
          <input id="referral-link" readOnly value={link} className={`${inputClasses} border-slate-300 font-mono dark:border-slate-700`} />
          <Button onClick={() => void copy()} className="h-11 shrink-0">
            Copy link
          </Button>
        </div>
      </Card>
      <section aria-label="Referral summary" className="mt-6 grid grid-cols-3 gap-3 sm:gap-4">
        <Stat label="Referred customers" value={data ? String(data.referredCount) : '–'} testId="referred-count" />
        <Stat label="Total bonus" value={data ? formatMoney(data.totalBonus) : '–'} testId="total-bonus" />
        <Stat label="Bonus percent" value={data ? `${data.percent}%` : '–'} testId="bonus-percent" />
      </section>
      <ReferralBalance balance={data?.balance} payoutMin={data?.payoutMin} />
      <ReferralLedger />
      <Card title="Referral history" className="mt-6">
        <DataTable label="Referral history" columns={COLUMNS} minWidth="sm:min-w-[420px]">
          {pending && <SkeletonRows columns={COLUMNS} />}
          {referrals.isError && !data && (
            <FullRow columns={COLUMNS.length}>
              <EmptyState title="Could not load your referrals." body="Please try again in a moment." />
            </FullRow>
          )}
          {data?.bonuses.length === 0 && (
            <FullRow columns={COLUMNS.length}>
              <EmptyState title="No referrals yet" body="Bonuses from people who sign up with your link and top up will be listed here." />
            </FullRow>
          )}
          {data?.bonuses.map((bonus, index) => (
            <tr key={`${bonus.user}-${bonus.date}-${index}`}>
              <td className="py-3 pr-4 font-mono text-xs break-all">{bonus.user}</td>
              <td className="py-3 pr-4 whitespace-nowrap text-slate-600 dark:text-slate-300">{formatDate(fromUnixSeconds(bonus.date))}</td>
              <td className="py-3 text-right font-semibold whitespace-nowrap text-emerald-700 tabular-nums dark:text-emerald-400">
                {formatMoney(bonus.bonus)}
              </td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </>
  );
}
