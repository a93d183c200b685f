// Changing the email: the new address and the password (when the account has one) mail a code to
// the new address; the code entered here switches the account over.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/email';
import { ACCOUNT_MESSAGES, emailChangeSchema, emailCodeSchema, type EmailChangeValues, type EmailCodeValues } from '../schemas';
import { CodeField } from '@/components/code-field';
import { hasPassword } from './user-fields';

function CodeStep({ newEmail, onDone, onBack }: { newEmail: string; onDone: () => void; onBack: () => void }) {
  const confirm = useConfirmEmailChange();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailCodeValues>({ resolver: zodResolver(emailCodeSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: (data) => {
        notify.success(data.message);
        onDone();
      },
      onError: (error) => {
        applyFieldErrors(error, ['code'], setError);
        notify.error(errorMessage(error));
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Enter the 6-digit code we sent to <strong className="wrap-anywhere">{newEmail}</strong>.
      </p>
      <CodeField control={control} name="code" label="Code from the email" error={errors.code?.message} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onBack} disabled={confirm.isPending}>
          Use another address
        </Button>
        <Button type="submit" busy={confirm.isPending}>
          Confirm new email
        </Button>
      </div>
    </form>
  );
}

export function EmailCard({ user }: { user: User }) {
  const requestChange = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const withPassword = hasPassword(user);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<EmailChangeValues>({ resolver: zodResolver(emailChangeSchema), defaultValues: { newEmail: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    if (values.newEmail.toLowerCase() === user.email.toLowerCase()) {
      setError('newEmail', { type: 'same', message: ACCOUNT_MESSAGES.sameEmail });
      return;
    }
    requestChange.mutate(
      { newEmail: values.newEmail, ...(values.password ? { password: values.password } : {}) },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          setSentTo(values.newEmail);
        },
        onError: (error) => {
          applyFieldErrors(error, ['newEmail', 'password'], setError);
          notify.error(errorMessage(error));
        },
      },
    );
  });

  return (
    <Card title="Email">
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
        You sign in as <strong className="wrap-anywhere">{user.email}</strong>.
      </p>
      {sentTo ? (
        <CodeStep
          newEmail={sentTo}
          onBack={() => setSentTo(null)}
          onDone={() => {
            setSentTo(null);
            reset();
          }}
        />
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="New email" type="email" autoComplete="email" error={errors.newEmail?.message} {...register('newEmail')} />
          {withPassword && (
            <Field
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
          )}
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" busy={requestChange.isPending}>
              Send code
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
