// Disable or enable an account (with a reason) and change a role, each confirmed with what changes.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useChangeRole } from '../../api/change-role';
import { useSetAccountState } from '../../api/set-account-state';
import { disableSchema, enableSchema, type ReasonValues } from '../../schemas';
import { accountStatement, roleStatement } from '../../statements';
import type { AdminUserRow, Role } from '../../types';
import { ConfirmStep, FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';

export function AccountStateDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const disable = !user.disabled;
  const mutation = useSetAccountState();
  const [pending, setPending] = useState<ReasonValues | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<ReasonValues>({
    resolver: zodResolver(disable ? disableSchema : enableSchema),
    defaultValues: { reason: '' },
  });

  const confirm = (values: ReasonValues) =>
    mutation.mutate(
      { id: user.id, disable, reason: values.reason.trim() },
      {
        onSuccess: () => {
          notify.success(disable ? `${user.email} is disabled` : `${user.email} is enabled`);
          onClose();
        },
        onError: (error) => {
          setPending(null);
          showServerError(error, setError, ['reason']);
        },
      },
    );

  return (
    <Dialog open onClose={onClose} title={disable ? 'Disable account' : 'Enable account'}>
      {pending ? (
        <ConfirmStep
          statement={accountStatement(user.email, disable)}
          confirmLabel={disable ? 'Disable' : 'Enable'}
          danger={disable}
          busy={mutation.isPending}
          onBack={() => setPending(null)}
          onConfirm={() => confirm(pending)}
        />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(setPending)(event)} className="space-y-4">
          <Field label={disable ? 'Reason' : 'Reason (optional)'} autoComplete="off" error={errors.reason?.message} {...register('reason')} />
          <FormButtons onCancel={onClose} submitLabel="Review" />
        </form>
      )}
    </Dialog>
  );
}

export function RoleDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const mutation = useChangeRole();
  const [role, setRole] = useState<Role>(user.role === 'admin' ? 'user' : 'admin');
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    mutation.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          notify.success(`${user.email} is now ${role === 'admin' ? 'an administrator' : 'a customer'}`);
          onClose();
        },
        onError: (error) => {
          setConfirming(false);
          notify.error(errorMessage(error));
        },
      },
    );

  return (
    <Dialog open onClose={onClose} title="Change role">
      {confirming ? (
        <ConfirmStep statement={roleStatement(user.email, user.role, role)} busy={mutation.isPending} onBack={() => setConfirming(false)} onConfirm={confirm} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
          className="space-y-4"
        >
          <SelectField label="Role" value={role} onChange={(event) => setRole(event.target.value === 'admin' ? 'admin' : 'user')}>
            <option value="user">user (customer)</option>
            <option value="admin">admin</option>
          </SelectField>
          <FormButtons onCancel={onClose} submitLabel="Review" disabled={role === user.role} />
        </form>
      )}
    </Dialog>
  );
}
