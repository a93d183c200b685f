// IP allowlist authentication: the customer's source addresses that the gateway lets in
// without a username and password, each with its kind and targeting; add and remove them.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate, fromUnixSeconds } from '@/lib/format';
import { notify } from '@/lib/toast';
import { MAX_ALLOWLIST, useAllowlist, useRemoveAllowlistEntry, type AllowlistEntry } from '../api/allowlist';
import { AllowlistForm } from './allowlist-form';

const KIND_LABELS: Record<string, string> = {
  premium: 'Premium Residential',
  budget: 'Budget Residential',
  static: 'Static Residential',
  lte: 'LTE Mobile',
  ipv4: 'Datacenter IPv4',
  ipv6: 'Datacenter IPv6',
};

function EntryRow({ entry, onRemove }: { entry: AllowlistEntry; onRemove: () => void }) {
  const targeting = [entry.country?.toUpperCase(), entry.rotation === 'sticky' ? 'Sticky' : 'Rotating'].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="allowlist-row">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-mono font-semibold wrap-anywhere">{entry.ip}</p>
        <p className="text-slate-600 dark:text-slate-400">
          {KIND_LABELS[entry.type] ?? entry.type} · {targeting} · Added {formatDate(fromUnixSeconds(entry.createdAt))}
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
            <EntryRow key={entry.id} entry={entry} onRemove={() => setDialog({ kind: 'remove', entry })} />
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
