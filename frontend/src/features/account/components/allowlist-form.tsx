// The new allowlist entry: the address or range and the kind it is metered to; for Premium and
// Budget the default targeting (rotating or sticky, country), for a per-piece kind which of the
// customer's live pieces of that kind.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { isTrafficKind, KIND_NAMES, KIND_PAGES, PROXY_KINDS } from '@/lib/kinds';
import { notify } from '@/lib/toast';
import { useAddAllowlistEntry } from '../api/allowlist';
import { useOwnPieces } from '../api/own-pieces';
import { allowlistSchema, type AllowlistValues } from '../schemas';

export function AllowlistForm({ onDone }: { onDone: () => void }) {
  const add = useAddAllowlistEntry();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<AllowlistValues>({
    resolver: zodResolver(allowlistSchema),
    defaultValues: { ip: '', type: 'premium', rotation: 'random', country: '', pieceId: '' },
  });
  const type = useWatch({ control, name: 'type' });
  const pieceKind = isTrafficKind(type) ? null : type;
  const pieces = useOwnPieces(pieceKind);
  const noPieces = pieceKind !== null && pieces.isSuccess && pieces.data.length === 0;

  const onSubmit = handleSubmit((values) => {
    const ip = values.ip.trim();
    const country = values.country.trim();
    add.mutate(
      isTrafficKind(values.type)
        ? { ip, type: values.type, rotation: values.rotation, country: country === '' ? null : country.toLowerCase() }
        : { ip, type: values.type, pieceId: Number(values.pieceId) },
      {
        onSuccess: (entry) => {
          notify.success(`${entry.ip} allowlisted`);
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, ['ip', 'type', 'rotation', 'country', 'pieceId'], setError);
          notify.error(errorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <Field label="IP address or range" placeholder="203.0.113.7 or 203.0.113.0/24" error={errors.ip?.message} {...register('ip')} />
      <SelectField label="Proxy type" error={errors.type?.message} {...register('type', { onChange: () => setValue('pieceId', '') })}>
        {PROXY_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_NAMES[kind]}
          </option>
        ))}
      </SelectField>
      {pieceKind === null ? (
        <>
          <SelectField label="Rotation" error={errors.rotation?.message} {...register('rotation')}>
            <option value="random">Rotating</option>
            <option value="sticky">Sticky</option>
          </SelectField>
          <Field label="Country (optional)" placeholder="us" maxLength={2} error={errors.country?.message} {...register('country')} />
        </>
      ) : pieces.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : pieces.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(pieces.error)}
        </p>
      ) : noPieces ? (
        <p
          className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
          data-testid="allowlist-no-pieces"
        >
          You have no {KIND_NAMES[pieceKind]} proxies.{' '}
          <Link to={KIND_PAGES[pieceKind]} className="font-semibold text-brand-700 underline dark:text-brand-300">
            Buy one
          </Link>{' '}
          to allowlist an address for it.
        </p>
      ) : (
        <SelectField key={pieceKind} label="Proxy" error={errors.pieceId?.message} {...register('pieceId')}>
          <option value="">Choose a proxy</option>
          {pieces.data.map((piece) => (
            <option key={piece.id} value={piece.id}>
              {piece.label}
            </option>
          ))}
        </SelectField>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={add.isPending} disabled={noPieces || (pieceKind !== null && !pieces.isSuccess)}>
          Add address
        </Button>
      </div>
    </form>
  );
}
