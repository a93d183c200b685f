// The dialogs of the Clients tab: a new client (invited by mail, or with a password the reseller
// sets), the reseller's note on a client, and moving GB to a client (allocate) or back (reclaim).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, NewPasswordField } from '@/components/ui/field';
import { Segmented } from '@/components/ui/segmented';
import { SelectField } from '@/components/ui/select-field';
import { TextArea } from '@/components/ui/text-area';
import { notify } from '@/lib/toast';
import { useAllocate, useChangeClient, useCreateClient, useReclaim, type Client } from '../api/clients';
import { bytesText, trafficKindName } from '../format';
import { clientSchema, moveSchema, noteSchema, toNumber, TRAFFIC_KINDS, type ClientValues, type MoveValues, type NoteValues } from '../schemas';
import type { Schemas } from '@/lib/api-types';
import { showServerError } from './server-errors';

const ACCESS = [
  { value: 'invite', label: 'Email an invitation' },
  { value: 'password', label: 'Set a password' },
] as const;

export function NewClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateClient();
  const { register, control, handleSubmit, setError, setValue, reset, formState: { errors } } = useForm<ClientValues>({
    resolver: zodResolver(clientSchema),
    defaultValues: { email: '', name: '', note: '', access: 'invite', password: '' },
  });
  const access = useWatch({ control, name: 'access' });
  const close = () => {
    reset();
    onClose();
  };
  const save = (values: ClientValues) => {
    const name = values.name.trim();
    const note = values.note.trim();
    create.mutate(
      {
        email: values.email.trim(),
        ...(name ? { name } : {}),
        ...(note ? { note } : {}),
        password: values.access === 'password' ? values.password : null,
      },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          close();
        },
        // maxClients: the limit has no field here, its message goes to the toast
        onError: (error) => showServerError(error, setError, ['email', 'name', 'note', 'password']),
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} title="New client" description="The client signs in with this email and sees only the traffic you give it.">
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="space-y-4">
        <Field label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <Field label="Name (optional)" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextArea label="Note (optional)" hint="Only you see it." rows={2} error={errors.note?.message} {...register('note')} />
        <Segmented legend="Sign-in" name="client-access" options={ACCESS} value={access} onChange={(value) => setValue('access', value)} />
        {access === 'password' && <NewPasswordField label="Password" error={errors.password?.message} {...register('password')} />}
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create client
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function NoteDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const change = useChangeClient();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<NoteValues>({
    resolver: zodResolver(noteSchema),
    defaultValues: { note: client.note ?? '' },
  });
  const save = (values: NoteValues) => {
    const note = values.note.trim();
    change.mutate(
      { id: client.id, body: { note: note || null, suspended: null } },
      {
        onSuccess: () => {
          notify.success(note ? 'Note saved' : 'Note cleared');
          onClose();
        },
        onError: (error) => showServerError(error, setError, ['note']),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} title={`Note on ${client.name}`} description="Only you see it; leave it empty to clear it.">
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="space-y-4">
        <TextArea label="Note" rows={3} error={errors.note?.message} {...register('note')} />
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={change.isPending}>
            Save note
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type MoveProps = {
  direction: 'allocate' | 'reclaim';
  client: Client;
  /** The reseller's own traffic (what an allocation can give). */
  own: Schemas['TrafficView'][];
  onClose: () => void;
};

export function MoveDialog({ direction, client, own, onClose }: MoveProps) {
  const allocate = useAllocate();
  const reclaim = useReclaim();
  const move = direction === 'allocate' ? allocate : reclaim;
  const { register, control, handleSubmit, setError, formState: { errors } } = useForm<MoveValues>({
    resolver: zodResolver(moveSchema),
    defaultValues: { type: 'premium', gb: '', validityDays: '' },
  });
  const type = useWatch({ control, name: 'type' });
  // what can move now: the reseller's own traffic for an allocation, the client's for a reclaim
  const from = (direction === 'allocate' ? own : client.traffic).find((row) => row.type === type);
  const save = (values: MoveValues) => {
    const gb = toNumber(values.gb);
    const days = values.validityDays.trim();
    const onSuccess = (transfer: Schemas['TransferView']) => {
      notify.success(
        direction === 'allocate'
          ? `${bytesText(transfer.bytes)} of ${trafficKindName(transfer.type)} given to ${client.name}`
          : `${bytesText(transfer.bytes)} of ${trafficKindName(transfer.type)} taken back from ${client.name}`,
      );
      onClose();
    };
    const onError = (error: unknown) => showServerError(error, setError, ['type', 'gb', 'validityDays']);
    if (direction === 'allocate') {
      allocate.mutate({ id: client.id, body: { type: values.type, gb, validityDays: days ? Number(days) : null } }, { onSuccess, onError });
    } else {
      reclaim.mutate({ id: client.id, body: { type: values.type, gb } }, { onSuccess, onError });
    }
  };
  const title = direction === 'allocate' ? `Give traffic to ${client.name}` : `Take traffic back from ${client.name}`;
  return (
    <Dialog open onClose={onClose} title={title}>
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="space-y-4">
        <SelectField label="Type" error={errors.type?.message} {...register('type')}>
          {TRAFFIC_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {trafficKindName(kind)}
            </option>
          ))}
        </SelectField>
        <Field
          label="GB"
          inputMode="decimal"
          autoComplete="off"
          hint={from ? `${direction === 'allocate' ? 'You have' : 'The client has'} ${bytesText(from.movableBytes)} to move.` : undefined}
          error={errors.gb?.message}
          {...register('gb')}
        />
        {direction === 'allocate' && (
          <Field
            label="Valid for days (optional)"
            inputMode="numeric"
            autoComplete="off"
            hint="Empty: it ends when your own traffic of this type ends."
            error={errors.validityDays?.message}
            {...register('validityDays')}
          />
        )}
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={move.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={move.isPending}>
            {direction === 'allocate' ? 'Give traffic' : 'Take back'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
