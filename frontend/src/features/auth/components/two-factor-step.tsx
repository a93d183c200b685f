// The second sign-in step: the 6-digit code from the authenticator app, or one recovery code; or,
// for a sign-in from a new network while the account is under attack, the 6-digit code mailed to
// the account (no recovery codes then).
// A pending sign-in that the server has ended (too many wrong codes, or five minutes passed)
// answers 401: the visitor starts again from the password.
import { useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CodeEntry } from '@/components/code-field';
import { Field } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { notify } from '@/lib/toast';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { TWO_FACTOR_MESSAGES } from '../schemas';
import type { SecondFactor } from '../api/sign-in-reply';

type Props = { method?: SecondFactor; onSignedIn: (user: User, message: string) => void; onRestart: () => void };

export function TwoFactorStep({ method = 'totp', onSignedIn, onRestart }: Props) {
  const verify = useLoginTwoFactor();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    const value = mode === 'app' ? code : recovery.trim();
    if (mode === 'app' && !/^\d{6}$/.test(value)) return setProblem(TWO_FACTOR_MESSAGES.codeRequired);
    if (mode === 'recovery' && !value) return setProblem(TWO_FACTOR_MESSAGES.recoveryRequired);
    setProblem(null);
    verify.mutate(
      { code: value },
      {
        onSuccess: (data) => onSignedIn(data.user, data.message),
        onError: (error) => {
          notify.error(errorMessage(error));
          if (error instanceof ApiError && error.status === 401) onRestart();
          else setProblem(errorMessage(error));
        },
      },
    );
  }

  function switchMode() {
    setMode(mode === 'app' ? 'recovery' : 'app');
    setProblem(null);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Two-factor sign-in">
      {mode === 'app' ? (
        <CodeEntry
          label={method === 'email' ? 'Code from the email we sent you' : 'Code from your authenticator app'}
          value={code}
          onChange={setCode}
          error={problem ?? undefined}
          disabled={verify.isPending}
        />
      ) : (
        <Field
          label="Recovery code"
          autoComplete="one-time-code"
          spellCheck={false}
          placeholder="abcd-efgh-ijkl"
          value={recovery}
          onChange={(event) => setRecovery(event.target.value)}
          error={problem ?? undefined}
        />
      )}
      <Button type="submit" size="lg" className="w-full" busy={verify.isPending}>
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        {method === 'totp' && (
          <button type="button" onClick={switchMode} className="tap-target font-medium text-brand-700 hover:underline dark:text-brand-300">
            {mode === 'app' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
          </button>
        )}
        <button type="button" onClick={onRestart} className="tap-target font-medium text-slate-700 hover:underline dark:text-slate-300">
          Back to sign-in
        </button>
      </div>
    </form>
  );
}
