// The "Free trial" label beside Premium traffic while the account is on its trial (the 0.10 GB
// shown is the trial's): its end and Upgrade, which opens Add Funds. Nothing otherwise.
import { Button } from '@/components/ui/button';
import { FREE_TRIAL, trialEndText, UPGRADE, type AccountTrial } from '@/lib/account-trial';
import { paymentModal } from '@/lib/payment-modal';

export function TrialLabel({ trial }: { trial: AccountTrial | null | undefined }) {
  if (!trial || trial.state !== 'active') return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="trial-label">
      <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
        {FREE_TRIAL}
      </span>
      <span className="text-sm text-slate-600 dark:text-slate-300">{trialEndText(trial)}</span>
      <Button size="sm" variant="outline" onClick={() => paymentModal.open()}>
        {UPGRADE}
      </Button>
    </div>
  );
}
