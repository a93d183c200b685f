// /onboard/referral: the user's referral link (register path + ?ref=refCode) and referral history.
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { Card, EmptyState, PageHeader } from '../components/page-parts';

export default function ReferralPage() {
  const { user } = useSession();
  if (!user) return null;
  const link = `${window.location.origin}/register?ref=${encodeURIComponent(user.refCode)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Referral link copied to clipboard!');
    } catch {
      notify.error('Something went wrong');
    }
  }

  return (
    <>
      <PageHeader title="Referral" />
      <Card title="Your referral link">
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">Share this link. When a friend signs up with it and tops up, you earn a bonus.</p>
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
      <Card title="Referral history" className="mt-6">
        <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600" tabIndex={0} role="region" aria-label="Referral history table">
          <table className="w-full min-w-[420px] text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-300">
              <tr>
                {['User', 'Date', 'Bonus'].map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <td colSpan={3} className="pt-3">
                  <EmptyState title="No referrals yet" body="People who sign up with your link will be listed here." />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}
