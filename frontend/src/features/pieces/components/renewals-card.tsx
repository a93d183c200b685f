// "Your proxies": the pieces the customer holds (live, or expired and still kept through the grace
// period), each with its expiry, an auto-renew switch and a Renew button that asks first (price
// and period); and the default auto-renew of new purchases. A renewal sends the expiry it showed,
// so a second click (or the automatic renewal meanwhile) never renews twice.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatMoney, fromUnixSeconds } from '@/lib/format';
import { kindLabel } from '@/lib/kinds';
import { notify } from '@/lib/toast';
import { type OwnedPiece, PIECES_PER_PAGE, usePieces, useRenewPiece, useSetAutoRenew, useSetAutoRenewDefault } from '../api/renewals';
import { plural } from '@/lib/plural';

const when = (unix: number) => formatDateTime(fromUnixSeconds(unix));

function ExpiryText({ piece }: { piece: OwnedPiece }) {
  if (piece.state === 'grace') {
    return (
      <span className="text-amber-700 dark:text-amber-400">
        Expired {when(piece.expiresAt)} · renew by {when(piece.renewableUntil)} to keep this address
      </span>
    );
  }
  return <span>Expires {when(piece.expiresAt)}</span>;
}

function RenewDialog({ piece, onClose }: { piece: OwnedPiece; onClose: () => void }) {
  const renew = useRenewPiece();
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
          notify.error(errorMessage(error));
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Renew ${piece.host}`}
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

function PieceRow({ piece, onRenew }: { piece: OwnedPiece; onRenew: () => void }) {
  const setAutoRenew = useSetAutoRenew();
  const toggle = (autoRenew: boolean) =>
    setAutoRenew.mutate(
      { id: piece.id, autoRenew },
      {
        onSuccess: () => notify.success(`Auto-renew ${autoRenew ? 'on' : 'off'} for ${piece.host}`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  const sellable = piece.renewalPrice != null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="piece-row">
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <p className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">
          {piece.host}:{piece.port}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {kindLabel(piece.type)}
          {piece.country ? ` · ${piece.country.toUpperCase()}` : ''} · <ExpiryText piece={piece} />
        </p>
      </div>
      <div className="flex items-center gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Switch checked={piece.autoRenew} label={`Auto-renew ${piece.host}`} disabled={setAutoRenew.isPending} onChange={toggle} />
          Auto-renew
        </label>
        <Button variant="outline" onClick={onRenew} disabled={!sellable} title={sellable ? undefined : 'This plan is no longer sold'}>
          {sellable ? `Renew · ${formatMoney(piece.renewalPrice ?? 0)}` : 'Not renewable'}
        </Button>
      </div>
    </li>
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

export function RenewalsCard() {
  const [page, setPage] = useState(1);
  const [renewing, setRenewing] = useState<OwnedPiece | null>(null);
  const pieces = usePieces(page);
  const items = pieces.data?.items ?? [];
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
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-busy={pieces.isFetching || undefined}>
          {items.map((piece) => (
            <PieceRow key={piece.id} piece={piece} onRenew={() => setRenewing(piece)} />
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
