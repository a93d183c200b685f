// The overview's word on the free trial (GET /api/user/get_starts `trial`): on the trial, until
// when and Upgrade; the trial ended; or no trial and why (the mailbox had one, or the network
// had its trials for the day), each with the way forward, Add funds. Nothing for a paying
// customer or without a trial.
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { FREE_TRIAL, refusalText, trialEndText, UPGRADE, type AccountTrial } from '@/lib/account-trial';
import { ADD_FUNDS } from '@/lib/insufficient-balance';
import { paymentModal } from '@/lib/payment-modal';
import { statsQueryOptions } from '@/lib/stats';

function text(trial: AccountTrial): string {
  switch (trial.state) {
    case 'active':
      return `${FREE_TRIAL}: your Premium traffic ${trialEndText(trial)}. Upgrade by adding funds and buying a plan.`;
    case 'ended':
      return `Your ${FREE_TRIAL.toLowerCase()} ${trialEndText(trial)}. Add funds to buy traffic and keep using proxies.`;
    default:
      return refusalText(trial.reason);
  }
}

export function TrialNotice() {
  const { data } = useQuery(statsQueryOptions);
  const trial = data?.trial;
  if (!trial) return null;
  const refused = trial.state === 'refused';
  return (
    <div
      role={refused ? 'alert' : 'status'}
      data-testid="trial-notice"
      className={
        refused
          ? 'mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100'
          : 'mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100'
      }
    >
      <p>{text(trial)}</p>
      <Button size="sm" onClick={() => paymentModal.open()}>
        {trial.state === 'active' ? UPGRADE : ADD_FUNDS}
      </Button>
    </div>
  );
}
