// Two-factor sign-in on the settings page: the status, setting it up (QR code, key, first code),
// the recovery codes once, and turning it off.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { notify } from '@/lib/toast';
import { useSetupTwoFactor, useTwoFactorStatus, type TwoFactorSetupData as Setup } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorDisable } from './two-factor-disable';
import { TwoFactorSetup } from './two-factor-setup';
import { hasPassword } from './user-fields';

type Step = { kind: 'status' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

export function TwoFactorCard({ user }: { user: User }) {
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
            {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}
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

  return <Card title="Two-factor sign-in">{body}</Card>;
}
