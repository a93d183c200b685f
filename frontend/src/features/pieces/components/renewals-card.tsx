// "Your proxies": the pieces the customer holds (live, or expired and still kept through the grace
// period), each told apart by its number, line, exit IP, ISP and last check, with a Check button,
// an auto-renew switch and a Renew button that asks first (price and period) (PieceItem); and the
// default auto-renew of new purchases. A renewal sends the expiry it showed,
// so a second click (or the automatic renewal meanwhile) never renews twice. A renewal refused for
// the balance offers Add funds with the missing amount in its toast. A reseller's piece that one of
// its clients holds says which (docs/resellers.md "Pieces").
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/toast';
import { offerAddFunds } from '@/lib/insufficient-balance';
import { clientsQueryOptions } from '@/lib/reseller-clients';
import { useSession } from '@/lib/session';
import { type OwnedPiece, PIECES_PER_PAGE, usePieces, useRenewPiece, useSetAutoRenewDefault } from '../api/renewals';
import { pieceName, when } from '../piece-identity';
import { PieceItem } from './piece-item';
import { plural } from '@/lib/plural';

function RenewDialog({ piece, onClose }: { piece: OwnedPiece; onClose: () => void }) {
  const renew = useRenewPiece();
  const { user } = useSession();
  const price = piece.renewalPrice ?? 0;
  const confirm = () =>
    renew.mutate(
      { id: piece.id, expiresAt: piece.expiresAt },
      {
        onSuccess: (reply) => {
          notify.success(`${reply.message}: now until ${when(reply.expiresAt)}`);
          onClose();
        },
        onError: (error) => {
          // refused for the balance: the toast offers Add funds with what is missing
          if (offerAddFunds(error, price, user?.balance ?? 0) === null) notify.error(errorMessage(error));
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Renew ${pieceName(piece)}`}
      description={`Another ${plural(piece.renewalDays ?? 0, 'day', 'days')} for ${formatMoney(price)} from your wallet. The address and credentials stay the same.`}
    >
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={renew.isPending}>
          Cancel
        </Button>
        <Button busy={renew.isPending} onClick={confirm}>
          Renew for {formatMoney(price)}
        </Button>
      </div>
    </Dialog>
  );
}

function DefaultSwitch({ on }: { on: boolean }) {
  const save = useSetAutoRenewDefault();
  const toggle = (autoRenew: boolean) =>
    save.mutate(autoRenew, {
      onSuccess: () => notify.success(autoRenew ? 'New proxies will renew automatically' : 'New proxies will not renew automatically'),
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <Switch checked={on} label="Auto-renew new purchases" disabled={save.isPending} onChange={toggle} />
      Auto-renew new purchases
    </label>
  );
}

/** "Held by acme@client.test" (from the console's first page of clients), else by the client's number. */
function useHolders(items: OwnedPiece[]) {
  const { user } = useSession();
  const anyHeld = items.some((piece) => piece.clientId != null);
  const enabled = Boolean(user?.reseller) && anyHeld;
  const clients = useQuery({ ...clientsQueryOptions(1), enabled });
  const emails = new Map((clients.data?.items ?? []).map((client) => [client.id, client.email]));
  // nothing until the names are in (rather than a number that turns into an email)
  const waiting = enabled && clients.isPending;
  return (piece: OwnedPiece) => (piece.clientId == null || waiting ? undefined : (emails.get(piece.clientId) ?? `client #${piece.clientId}`));
}

export function RenewalsCard() {
  const [page, setPage] = useState(1);
  const [renewing, setRenewing] = useState<OwnedPiece | null>(null);
  const pieces = usePieces(page);
  const items = pieces.data?.items ?? [];
  const holder = useHolders(items);
  return (
    <Card className="mb-6" title="Your proxies" actions={pieces.data ? <DefaultSwitch on={pieces.data.autoRenewDefault} /> : undefined}>
      <p className="mb-2 text-sm text-slate-500 dark:text-slate-400">
        Static Residential, LTE and Datacenter proxies run for their plan's period. Renew one to keep its address, or let it renew itself a day before
        it expires.
      </p>
      {pieces.isPending ? (
        <Skeleton className="h-16" />
      ) : pieces.isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(pieces.error)}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No proxies bought by the piece yet.</p>
      ) : (
        <ul
          className="space-y-3 sm:space-y-0 sm:divide-y sm:divide-slate-200 dark:sm:divide-slate-800"
          aria-label="Your proxies"
          aria-busy={pieces.isFetching || undefined}
        >
          {items.map((piece) => (
            <PieceItem key={piece.id} piece={piece} heldBy={holder(piece)} onRenew={() => setRenewing(piece)} />
          ))}
        </ul>
      )}
      {(pieces.data?.total ?? 0) > PIECES_PER_PAGE && (
        <Pager label="Your proxies pages" page={page} perPage={PIECES_PER_PAGE} total={pieces.data?.total ?? 0} onChange={setPage} />
      )}
      {renewing && <RenewDialog piece={renewing} onClose={() => setRenewing(null)} />}
    </Card>
  );
}
