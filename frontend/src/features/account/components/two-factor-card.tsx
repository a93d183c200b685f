// Two-factor sign-in on the settings page: the status, setting it up (QR code, key, first code),
// the recovery codes once, and turning it off; above them, the notice of the operator console when
// it sent an administrator here to enrol.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { TWO_FACTOR_CARD_ID } from '@/lib/admin-two-factor';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { notify } from '@/lib/toast';
import { useSetupTwoFactor, useTwoFactorStatus, type TwoFactorSetupData as Setup } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorDisable } from './two-factor-disable';
import { TwoFactorSetup } from './two-factor-setup';
import { hasPassword } from './user-fields';
import { plural } from '@/lib/plural';

type Step = { kind: 'status' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

function AdminNotice({ notice, enabled }: { notice: string; enabled: boolean }) {
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p className="font-semibold">{notice}</p>
      {enabled ? (
        <p className="mt-1">
          You can now{' '}
          <Link to="/admin" className="font-semibold underline">
            open the operator console
          </Link>
          .
        </p>
      ) : (
        <p className="mt-1">Set it up below to open the operator console.</p>
      )}
    </div>
  );
}

/** `notice`: why the operator console sent an administrator here (its refusal, word for word). */
export function TwoFactorCard({ user, notice = null }: { user: User; notice?: string | null }) {
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const back = () => setStep({ kind: 'status' });

  function start() {
    setup.mutate(undefined, {
      onSuccess: (data) => setStep({ kind: 'setup', setup: data }),
      onError: (error) => {
        notify.error(errorMessage(error));
        void status.refetch();
      },
    });
  }

  let body;
  if (step.kind === 'setup') {
    body = <TwoFactorSetup setup={step.setup} onCancel={back} onEnabled={(codes) => setStep({ kind: 'codes', codes })} />;
  } else if (step.kind === 'codes') {
    body = <RecoveryCodes codes={step.codes} onDone={back} />;
  } else if (step.kind === 'disable') {
    body = <TwoFactorDisable withPassword={hasPassword(user)} onDone={back} />;
  } else if (status.isPending) {
    body = <Skeleton className="h-16 w-full" />;
  } else if (status.isError) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(status.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (status.data.enabled) {
    const left = status.data.recoveryCodesLeft;
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm">
          <p className="font-semibold text-emerald-700 dark:text-emerald-400">Two-factor sign-in is on.</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            {`${plural(left, 'recovery code', 'recovery codes')} left.`}
            {left <= 3 && ' Turn it off and on again for new codes.'}
          </p>
        </div>
        <Button variant="outline" onClick={() => setStep({ kind: 'disable' })}>
          Turn off
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-slate-700 dark:text-slate-300">
          Ask for a code from an authenticator app after your password, so a stolen password alone cannot open your account.
        </p>
        <Button busy={setup.isPending} onClick={start}>
          Set up two-factor sign-in
        </Button>
      </div>
    );
  }

  return (
    // scroll-mt: clear of the sticky top bar when /onboard/settings/security#two-factor scrolls here
    <Card id={TWO_FACTOR_CARD_ID} title="Two-factor sign-in" className="scroll-mt-20">
      {notice && <AdminNotice notice={notice} enabled={status.data?.enabled === true} />}
      {body}
    </Card>
  );
}
