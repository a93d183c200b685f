// A sub-user's sign-in on the owner's list (docs/subusers.md): who was invited and whether they
// set their password, with Revoke; or "Invite to sign in" (an email) when there is none. Beside
// it, the sub-user's traffic and success rate of the last 30 days, from the usage and health the
// API sums per credential.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { credentialUsageQueryOptions, formatSuccessRate, subuserUsage } from '@/lib/credential-usage';
import { formatTraffic } from '@/lib/format';
import type { Subuser } from '@/lib/subusers';
import { notify } from '@/lib/toast';
import { useInviteSubuserLogin, useRevokeSubuserLogin } from '../api/subusers';
import { inviteSchema, type InviteValues } from '../schemas';

const muted = 'text-slate-600 dark:text-slate-400';

export function SubuserSignIn({ subuser, onInvite }: { subuser: Subuser; onInvite: () => void }) {
  const revoke = useRevokeSubuserLogin();
  const login = subuser.login;
  if (!login) {
    return (
      <Button variant="outline" size="sm" aria-label={`Invite to sign in to ${subuser.name}`} onClick={onInvite}>
        Invite to sign in
      </Button>
    );
  }
  const onRevoke = () =>
    revoke.mutate(subuser.id, {
      onSuccess: (data) => notify.success(data.message),
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="subuser-login">
      <span className={muted}>Sign-in</span>
      <span className="wrap-anywhere">{login.email}</span>
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">
        {login.status === 'active' ? 'Active' : 'Invitation pending'}
      </span>
      <Button variant="outline" size="sm" aria-label={`Revoke sign-in of ${subuser.name}`} busy={revoke.isPending} onClick={onRevoke}>
        Revoke
      </Button>
    </div>
  );
}

/** The sub-user's traffic, requests and success rate over the last 30 days. */
export function SubuserHealth({ subuser }: { subuser: Subuser }) {
  const figures = useQuery(credentialUsageQueryOptions);
  if (figures.isPending || figures.isError) return null;
  const usage = subuserUsage(figures.data, subuser.name);
  return (
    <p className={`text-sm ${muted}`} data-testid="subuser-health">
      Last 30 days: {formatTraffic((usage?.bytes ?? 0) / 1e9)} · {usage?.requests ?? 0} requests · success {formatSuccessRate(usage?.successRate)}
    </p>
  );
}

export function InviteForm({ subuser, onDone }: { subuser: Subuser; onDone: () => void }) {
  const invite = useInviteSubuserLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit((values) =>
    invite.mutate(
      { id: subuser.id, email: values.email.trim() },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, ['email'], setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <p className={`text-sm ${muted}`}>
        We email a link to set a password. With it, they see only {subuser.name}: its line, usage and records, and generate its
        proxies. Nothing else of your account.
      </p>
      <Field label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onDone} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={invite.isPending}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
