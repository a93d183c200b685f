// A client's proxies in the Clients tab (docs/resellers.md "Pieces"): the pieces it holds, as it
// sees them (the brand's host in its line), each with Take back (asked first: the piece gets a new
// password, so the client's copy stops working), and Assign a proxy, a choice among the reseller's
// own pieces that no client holds and that have not expired (none: where to buy one).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { HeldPieceList } from '@/components/held-piece-list';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate, fromUnixSeconds } from '@/lib/format';
import { heldPieceLocation, type HeldPiece } from '@/lib/held-pieces';
import { KIND_PAGES, kindLabel } from '@/lib/kinds';
import { notify } from '@/lib/toast';
import type { Client } from '../api/clients';
import { isAssignable, useAssignPiece, useClientPieces, useOwnPieces, useTakeBackPiece, type OwnPiece } from '../api/pieces';
import { MUTED } from '../format';
import { assignSchema, type AssignValues } from '../schemas';
import { showServerError } from './server-errors';

const ERROR = 'text-sm text-red-700 dark:text-red-400';
const LINK = 'tap-target font-medium text-brand-700 underline dark:text-brand-300';

const optionText = (piece: OwnPiece) =>
  [`Proxy #${piece.id}`, kindLabel(piece.type), heldPieceLocation(piece), `until ${formatDate(fromUnixSeconds(piece.expiresAt))}`].filter(Boolean).join(' · ');

function NoFreePiece({ any }: { any: boolean }) {
  return (
    <p className={cn('text-sm', MUTED)} data-testid="no-free-piece">
      {any ? 'Each of your proxies is held by a client or has expired.' : 'You have no proxies to hand over yet.'} Buy one:{' '}
      <Link className={LINK} to={KIND_PAGES.static}>
        Static Residential
      </Link>
      ,{' '}
      <Link className={LINK} to={KIND_PAGES.lte}>
        LTE Mobile
      </Link>{' '}
      or{' '}
      <Link className={LINK} to={KIND_PAGES.ipv4}>
        Datacenter
      </Link>
      .
    </p>
  );
}

function AssignPiece({ client }: { client: Client }) {
  const own = useOwnPieces();
  const assign = useAssignPiece();
  const [now] = useState(() => Date.now() / 1000);
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<AssignValues>({
    resolver: zodResolver(assignSchema),
    defaultValues: { pieceId: '' },
  });
  if (own.isPending) return <Skeleton className="h-10 w-full" />;
  if (own.isError) return <p className={ERROR}>{errorMessage(own.error)}</p>;
  const pieces = own.data.items;
  const free = pieces.filter((piece) => isAssignable(piece, now));
  if (free.length === 0) return <NoFreePiece any={pieces.length > 0} />;
  const save = ({ pieceId }: AssignValues) =>
    assign.mutate(
      { clientId: client.id, pieceId: Number(pieceId) },
      {
        onSuccess: () => {
          notify.success(`Proxy #${pieceId} handed to ${client.name}`);
          reset();
        },
        onError: (error) => showServerError(error, setError, ['pieceId']),
      },
    );
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="flex flex-wrap items-start gap-x-3 gap-y-2">
      <SelectField label="Assign a proxy" className="min-w-0 flex-1 basis-64" error={errors.pieceId?.message} {...register('pieceId')}>
        <option value="">Choose one of your proxies</option>
        {free.map((piece) => (
          <option key={piece.id} value={String(piece.id)}>
            {optionText(piece)}
          </option>
        ))}
      </SelectField>
      {/* level with the select, below its label */}
      <Button type="submit" className="sm:mt-7" busy={assign.isPending} aria-label={`Assign the proxy to ${client.name}`}>
        Assign
      </Button>
    </form>
  );
}

export function ClientPieces({ client, id }: { client: Client; id: string }) {
  const held = useClientPieces(client.id, true);
  const takeBack = useTakeBackPiece();
  const [taking, setTaking] = useState<HeldPiece | null>(null);
  const confirm = (piece: HeldPiece) =>
    takeBack.mutate(
      { clientId: client.id, pieceId: piece.id },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setTaking(null);
        },
        onError: (error) => {
          notify.error(errorMessage(error));
          setTaking(null);
        },
      },
    );
  const items = held.data?.items ?? [];
  return (
    <section id={id} aria-label={`Proxies of ${client.name}`} className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      {held.isPending && <Skeleton className="h-12 w-full" />}
      {held.isError && <p className={ERROR}>{errorMessage(held.error)}</p>}
      {held.data && items.length === 0 && <p className={cn('text-sm', MUTED)}>{client.name} holds none of your proxies.</p>}
      {items.length > 0 && (
        <HeldPieceList
          pieces={items}
          label={`Proxies ${client.name} holds`}
          action={(piece) => (
            <Button size="sm" variant="outline" aria-label={`Take back proxy #${piece.id} from ${client.name}`} onClick={() => setTaking(piece)}>
              Take back
            </Button>
          )}
        />
      )}
      <AssignPiece client={client} />
      <ConfirmDialog
        open={taking !== null}
        onClose={() => setTaking(null)}
        title={taking ? `Take back proxy #${taking.id} from ${client.name}?` : ''}
        description="Its password changes at once, so the copy the client has stops working. You find the new password in your own proxy list."
        action="Take back proxy"
        busy={takeBack.isPending}
        onConfirm={() => taking && confirm(taking)}
      />
    </section>
  );
}
