// IP allowlist authentication: the customer's source addresses that the gateway lets in
// without a username and password, each with its kind and targeting or piece; add and remove them.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate, fromUnixSeconds } from '@/lib/format';
import { isTrafficKind, kindName } from '@/lib/kinds';
import { notify } from '@/lib/toast';
import { MAX_ALLOWLIST, useAllowlist, useRemoveAllowlistEntry, type AllowlistEntry } from '../api/allowlist';
import { usePieceLabels } from '../api/own-pieces';
import { AllowlistForm } from './allowlist-form';

/** Targeting for Premium and Budget; the piece for the per-piece kinds (its label once loaded). */
function entryDetail(entry: AllowlistEntry, pieceLabels: Map<number, string>): string {
  if (isTrafficKind(entry.type)) return [entry.country?.toUpperCase(), entry.rotation === 'sticky' ? 'Sticky' : 'Rotating'].filter(Boolean).join(' · ');
  return entry.pieceId == null ? '' : (pieceLabels.get(entry.pieceId) ?? `Proxy #${entry.pieceId}`);
}

function EntryRow({ entry, detail, onRemove }: { entry: AllowlistEntry; detail: string; onRemove: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="allowlist-row">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-mono font-semibold wrap-anywhere">{entry.ip}</p>
        <p className="text-slate-600 wrap-anywhere dark:text-slate-400">
          {[kindName(entry.type), detail, `Added ${formatDate(fromUnixSeconds(entry.createdAt))}`].filter(Boolean).join(' · ')}
        </p>
      </div>
      <Button variant="outline" size="sm" aria-label={`Remove ${entry.ip}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}

type Dialogs = { kind: 'none' } | { kind: 'add' } | { kind: 'remove'; entry: AllowlistEntry };

export function AllowlistCard() {
  const list = useAllowlist();
  const remove = useRemoveAllowlistEntry();
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const items = list.data?.items ?? [];
  const full = items.length >= MAX_ALLOWLIST;
  const pieceLabels = usePieceLabels(items.flatMap((entry) => (isTrafficKind(entry.type) ? [] : [entry.type])));

  function confirmRemove(entry: AllowlistEntry) {
    remove.mutate(entry.id, {
      onSuccess: (data) => {
        notify.success(data.message);
        close();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  return (
    <Card
      title="IP allowlist"
      actions={
        <Button size="sm" disabled={list.isPending || full} onClick={() => setDialog({ kind: 'add' })}>
          Add address
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Connections from these addresses use the proxy without a username and password, metered to your account. Sending
        credentials still works and wins.
        {full && ` You have ${MAX_ALLOWLIST} addresses, the most an account can have: remove one to add another.`}
      </p>
      {list.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(list.error)}</p>
      ) : items.length === 0 ? (
        <EmptyState title="No allowlisted addresses" body="Add your server's IP address to connect without credentials." />
      ) : (
        <ul aria-label="Allowlisted addresses" className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((entry) => (
            <EntryRow key={entry.id} entry={entry} detail={entryDetail(entry, pieceLabels)} onRemove={() => setDialog({ kind: 'remove', entry })} />
          ))}
        </ul>
      )}

      <Dialog open={dialog.kind === 'add'} onClose={close} title="Allowlist an address">
        <AllowlistForm onDone={close} />
      </Dialog>
      <ConfirmDialog
        open={dialog.kind === 'remove'}
        onClose={close}
        title="Remove address"
        description={dialog.kind === 'remove' ? `New connections from ${dialog.entry.ip} will need credentials.` : undefined}
        action="Remove"
        busy={remove.isPending}
        onConfirm={() => dialog.kind === 'remove' && confirmRemove(dialog.entry)}
      />
    </Card>
  );
}
