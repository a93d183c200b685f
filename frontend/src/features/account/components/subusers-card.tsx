// Sub-users: extra proxy credentials of one traffic kind, each with its own password and optional
// traffic and connection caps, their traffic taken from the account's balance. Lists them (use
// against the cap, an on/off switch), adds, edits, resets the password and deletes; and sets the
// main credential's own connection cap. Each sub-user shows its traffic and success rate, and
// its sign-in: an invitation by email, its status, revoking it (subuser-login.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CopyProxyButton } from '@/components/copy-proxy-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { formatTraffic } from '@/lib/format';
import { MAX_SUBUSERS, type Subuser, type SubuserList } from '@/lib/subusers';
import { notify } from '@/lib/toast';
import { useChangeSubuser, useDeleteSubuser, useSetMainMaxConnections, useSubusers } from '../api/subusers';
import { capValue, mainCapSchema, type MainCapValues } from '../schemas';
import { SubuserCapsForm, SubuserForm } from './subuser-form';
import { InviteForm, SubuserHealth, SubuserSignIn } from './subuser-login';
import { plural } from '@/lib/plural';

const KIND_LABELS: Record<string, string> = { premium: 'Premium', budget: 'Budget' };
const muted = 'text-slate-600 dark:text-slate-400';

function Credential({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span className={`shrink-0 text-xs ${muted}`}>{label}</span>
      <span className="min-w-0 font-mono text-xs wrap-anywhere">{value}</span>
      <CopyProxyButton proxy={value} message={`${label} copied`} label={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}

function Usage({ subuser }: { subuser: Subuser }) {
  const used = formatTraffic(subuser.usedGb);
  if (subuser.limitGb === null || subuser.limitGb === undefined) {
    return <p className={`text-sm ${muted}`}>{used} used · no cap</p>;
  }
  const percent = subuser.limitGb > 0 ? Math.min(100, (subuser.usedGb / subuser.limitGb) * 100) : 100;
  return (
    <div className="space-y-1">
      <p className={`text-sm ${muted}`}>
        {used} of {formatTraffic(subuser.limitGb)}
      </p>
      <div
        className="h-2 w-40 max-w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        role="progressbar"
        aria-label={`Traffic used by ${subuser.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div
          className={percent >= 100 ? 'h-full rounded-full bg-red-500' : 'h-full rounded-full bg-brand-600 dark:bg-brand-400'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function EnabledSwitch({ subuser }: { subuser: Subuser }) {
  const change = useChangeSubuser();
  const toggle = (enabled: boolean) =>
    change.mutate(
      { id: subuser.id, body: { enabled } },
      {
        onSuccess: (saved) => notify.success(`Sub-user ${saved.name} ${saved.enabled ? 'enabled' : 'disabled'}`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  return <Switch checked={subuser.enabled} label={`${subuser.name} enabled`} disabled={change.isPending} onChange={toggle} />;
}

type RowProps = { subuser: Subuser; onEdit: () => void; onReset: () => void; onDelete: () => void; onInvite: () => void };

function SubuserRow({ subuser, onEdit, onReset, onDelete, onInvite }: RowProps) {
  const connections = subuser.maxConnections ? `Max ${plural(subuser.maxConnections, 'connection', 'connections')}` : 'No connection limit';
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4" data-testid="subuser-row">
      <div className="min-w-0 flex-1 basis-72 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <EnabledSwitch subuser={subuser} />
          <p className="font-semibold">{subuser.name}</p>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {KIND_LABELS[subuser.type] ?? subuser.type}
          </span>
          {!subuser.enabled && <span className={`text-xs ${muted}`}>Disabled</span>}
        </div>
        <div className="flex flex-wrap gap-x-6">
          <Credential label="Username" value={subuser.username} />
          <Credential label="Password" value={subuser.password} />
        </div>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-1">
          <Usage subuser={subuser} />
          <p className={`text-sm ${muted}`}>{connections}</p>
        </div>
        <SubuserHealth subuser={subuser} />
        <SubuserSignIn subuser={subuser} onInvite={onInvite} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-label={`Edit ${subuser.name}`} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="outline" size="sm" aria-label={`Reset password of ${subuser.name}`} onClick={onReset}>
          Reset password
        </Button>
        <Button variant="outline" size="sm" aria-label={`Delete ${subuser.name}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}

function MainCredentialForm({ main }: { main: SubuserList['main'] }) {
  const save = useSetMainMaxConnections();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MainCapValues>({
    resolver: zodResolver(mainCapSchema),
    values: { maxConnections: main.maxConnections ? String(main.maxConnections) : '' },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(capValue(values.maxConnections), {
      onSuccess: () => notify.success('Main account saved'),
      onError: (error) => {
        applyFieldErrors(error, ['maxConnections'], setError);
        notify.error(errorMessage(error));
      },
    }),
  );
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Main account"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50"
    >
      <div className="min-w-0 flex-1 basis-56 text-sm">
        <p className="font-semibold">Main account</p>
        <p className={`font-mono text-xs wrap-anywhere ${muted}`}>{main.username}</p>
      </div>
      <div className="flex w-full items-start gap-3 sm:w-auto">
        <Field
          className="min-w-0 flex-1 sm:w-48 sm:flex-none"
          label="Max connections"
          placeholder="No limit"
          inputMode="numeric"
          error={errors.maxConnections?.message}
          {...register('maxConnections')}
        />
        {/* level with the input, below its label */}
        <Button type="submit" variant="outline" busy={save.isPending} className="mt-7 h-11">
          Save
        </Button>
      </div>
    </form>
  );
}

type Dialogs =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; subuser: Subuser }
  | { kind: 'reset'; subuser: Subuser }
  | { kind: 'invite'; subuser: Subuser }
  | { kind: 'delete'; subuser: Subuser };

export function SubusersCard() {
  const list = useSubusers();
  const change = useChangeSubuser();
  const remove = useDeleteSubuser();
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const items = list.data?.items ?? [];
  const full = items.length >= MAX_SUBUSERS;

  function confirmReset(subuser: Subuser) {
    change.mutate(
      { id: subuser.id, body: { resetPassword: true } },
      {
        onSuccess: () => {
          notify.success(`New password for ${subuser.name}`);
          close();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  function confirmDelete(subuser: Subuser) {
    remove.mutate(subuser.id, {
      onSuccess: (data) => {
        notify.success(data.message);
        close();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  return (
    <Card
      title="Sub-users"
      actions={
        <Button size="sm" disabled={list.isPending || full} onClick={() => setDialog({ kind: 'add' })}>
          Add sub-user
        </Button>
      }
    >
      <p className={`mb-3 text-sm ${muted}`}>
        Give each tool or teammate its own proxy username and password. Their traffic comes out of your balance; a cap stops
        one at its limit, and switching one off cuts its connections.
        {full && ` You have ${MAX_SUBUSERS} sub-users, the most an account can have: delete one to add another.`}
      </p>
      {list.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(list.error)}</p>
      ) : (
        <>
          <MainCredentialForm main={list.data.main} />
          {items.length === 0 ? (
            <EmptyState title="No sub-users" body="Add a sub-user to hand out proxy access with its own password and limits." />
          ) : (
            <ul aria-label="Sub-users" className="divide-y divide-slate-100 dark:divide-slate-800">
              {items.map((subuser) => (
                <SubuserRow
                  key={subuser.id}
                  subuser={subuser}
                  onEdit={() => setDialog({ kind: 'edit', subuser })}
                  onReset={() => setDialog({ kind: 'reset', subuser })}
                  onDelete={() => setDialog({ kind: 'delete', subuser })}
                  onInvite={() => setDialog({ kind: 'invite', subuser })}
                />
              ))}
            </ul>
          )}
        </>
      )}

      <Dialog open={dialog.kind === 'add'} onClose={close} title="Add sub-user">
        <SubuserForm onDone={close} />
      </Dialog>
      <Dialog open={dialog.kind === 'edit'} onClose={close} title={dialog.kind === 'edit' ? `Edit ${dialog.subuser.name}` : 'Edit'}>
        {dialog.kind === 'edit' && <SubuserCapsForm subuser={dialog.subuser} onDone={close} />}
      </Dialog>
      <Dialog open={dialog.kind === 'invite'} onClose={close} title={dialog.kind === 'invite' ? `Invite to sign in to ${dialog.subuser.name}` : 'Invite'}>
        {dialog.kind === 'invite' && <InviteForm subuser={dialog.subuser} onDone={close} />}
      </Dialog>
      <ConfirmDialog
        open={dialog.kind === 'reset'}
        onClose={close}
        title="Reset password"
        description={dialog.kind === 'reset' ? `${dialog.subuser.name} gets a new password; the old one stops working at once.` : undefined}
        action="Reset password"
        busy={change.isPending}
        onConfirm={() => dialog.kind === 'reset' && confirmReset(dialog.subuser)}
      />
      <ConfirmDialog
        open={dialog.kind === 'delete'}
        onClose={close}
        title="Delete sub-user"
        description={dialog.kind === 'delete' ? `${dialog.subuser.name} stops working at once and its connections are cut.` : undefined}
        action="Delete"
        busy={remove.isPending}
        onConfirm={() => dialog.kind === 'delete' && confirmDelete(dialog.subuser)}
      />
    </Card>
  );
}
