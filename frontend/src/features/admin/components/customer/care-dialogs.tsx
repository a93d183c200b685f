// Customer care: mail a new code to the address waiting to be verified, and force a password reset
// (with a reason), each confirmed with what happens.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useForcePasswordReset, useResendVerification } from '../../api/customer-care';
import { disableSchema, type ReasonValues } from '../../schemas';
import type { AdminUserRow } from '../../types';
import { ConfirmStep, FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';

type Props = { user: Pick<AdminUserRow, 'id' | 'email'>; onClose: () => void };

export function VerificationDialog({ user, onClose }: Props) {
  const mutation = useResendVerification();
  const confirm = () =>
    mutation.mutate(
      { id: user.id },
      {
        onSuccess: (reply) => {
          notify.success(reply.message);
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  return (
    <Dialog open onClose={onClose} title="Resend verification code">
      <ConfirmStep
        statement={`Mail ${user.email} a new code for the new email address they asked to move to. The new code replaces the one sent before.`}
        confirmLabel="Send code"
        busy={mutation.isPending}
        onBack={onClose}
        onConfirm={confirm}
      />
    </Dialog>
  );
}

export function ForceResetDialog({ user, onClose }: Props) {
  const mutation = useForcePasswordReset();
  const [pending, setPending] = useState<ReasonValues | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<ReasonValues>({
    resolver: zodResolver(disableSchema),
    defaultValues: { reason: '' },
  });

  const confirm = (values: ReasonValues) =>
    mutation.mutate(
      { id: user.id, reason: values.reason.trim() },
      {
        onSuccess: (reply) => {
          if (reply.mailSent) notify.success(reply.message);
          else notify.error(reply.message);
          onClose();
        },
        onError: (error) => {
          setPending(null);
          showServerError(error, setError, ['reason']);
        },
      },
    );

  return (
    <Dialog open onClose={onClose} title="Force password reset">
      {pending ? (
        <ConfirmStep
          statement={`Sign ${user.email} out everywhere and stop their password from working. They get a mail telling them to set a new password with Forgot your password.`}
          confirmLabel="Force reset"
          danger
          busy={mutation.isPending}
          onBack={() => setPending(null)}
          onConfirm={() => confirm(pending)}
        />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(setPending)(event)} className="space-y-4">
          <Field label="Reason" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
          <FormButtons onCancel={onClose} submitLabel="Review" />
        </form>
      )}
    </Dialog>
  );
}
