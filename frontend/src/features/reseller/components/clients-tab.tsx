// The Clients tab: the reseller's clients, oldest first, each with its status, the reseller's note
// and its traffic, and what can be done to it: give or take back GB, hand it proxies and take them
// back (its Proxies section, ./client-pieces.tsx), edit the note, suspend or resume, and delete
// once it holds nothing.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/ui/data-table';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import type { Schemas } from '@/lib/api-types';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { notify } from '@/lib/toast';
import { CLIENTS_PER_PAGE, useChangeClient, useClients, useDeleteClient, type Client } from '../api/clients';
import { useOwnPieces } from '../api/pieces';
import { MUTED } from '../format';
import { MoveDialog, NewClientDialog, NoteDialog } from './client-dialogs';
import { ClientPieces } from './client-pieces';
import { TrafficList } from './traffic-list';

type Action = { kind: 'allocate' | 'reclaim' | 'note' | 'delete'; client: Client } | null;

/** Whether a client holds unused traffic (it cannot be deleted then, nor while it holds a piece; the server also counts leases). */
const holdsTraffic = (client: Client) => client.traffic.some((row) => row.availableBytes > 0);

function StatusBadge({ client }: { client: Client }) {
  const [text, tone] = client.suspended
    ? ['Suspended', 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200']
    : client.disabled
      ? ['Disabled by the shop', 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200']
      : client.status === 'pending'
        ? ['Invitation sent', 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200']
        : ['Active', 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'];
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', tone)}>{text}</span>;
}

function ClientRow({ client, pieces, onAction }: { client: Client; pieces: number; onAction: (action: Action) => void }) {
  const change = useChangeClient();
  const [proxiesOpen, setProxiesOpen] = useState(false);
  const proxiesId = useId();
  const toggle = () =>
    change.mutate(
      { id: client.id, body: { suspended: !client.suspended } },
      {
        onSuccess: (saved) => notify.success(saved.suspended ? `${saved.name} suspended` : `${saved.name} resumed`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  const busy = holdsTraffic(client);
  const holds = busy || pieces > 0;
  return (
    <li className="space-y-3 py-4" data-testid="client-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold wrap-anywhere">{client.name}</p>
            <StatusBadge client={client} />
          </div>
          <p className={cn('text-sm wrap-anywhere', MUTED)}>{client.email}</p>
          {client.note && <p className="mt-1 text-sm wrap-anywhere">{client.note}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" aria-label={`Give traffic to ${client.name}`} onClick={() => onAction({ kind: 'allocate', client })}>
            Give GB
          </Button>
          <Button size="sm" variant="outline" aria-label={`Take traffic back from ${client.name}`} disabled={!busy} onClick={() => onAction({ kind: 'reclaim', client })}>
            Take back
          </Button>
        </div>
      </div>
      <TrafficList traffic={client.traffic} label={`Traffic of ${client.name}`} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Proxies of ${client.name}${pieces > 0 ? ` (${pieces})` : ''}`}
          aria-expanded={proxiesOpen}
          aria-controls={proxiesOpen ? proxiesId : undefined}
          onClick={() => setProxiesOpen((open) => !open)}
        >
          Proxies
          {pieces > 0 && <span className="rounded-full bg-slate-100 px-1.5 text-xs tabular-nums dark:bg-slate-800">{pieces}</span>}
        </Button>
        <Button size="sm" variant="ghost" aria-label={`Edit the note on ${client.name}`} onClick={() => onAction({ kind: 'note', client })}>
          Edit note
        </Button>
        {!(client.disabled && !client.suspended) && (
          <Button size="sm" variant="ghost" busy={change.isPending} aria-label={`${client.suspended ? 'Resume' : 'Suspend'} ${client.name}`} onClick={toggle}>
            {client.suspended ? 'Resume' : 'Suspend'}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${client.name}`}
          disabled={holds}
          title={busy ? 'Take its traffic back first' : pieces > 0 ? 'Take its proxies back first' : undefined}
          onClick={() => onAction({ kind: 'delete', client })}
        >
          Delete
        </Button>
      </div>
      {proxiesOpen && <ClientPieces client={client} id={proxiesId} />}
    </li>
  );
}

export function ClientsTab({ account }: { account: Schemas['ResellerView'] | undefined }) {
  const [page, setPage] = useState(1);
  const clients = useClients(page);
  // who holds which of the reseller's pieces: each row's count
  const own = useOwnPieces();
  const held = new Map<number, number>();
  for (const piece of own.data?.items ?? []) if (piece.clientId != null) held.set(piece.clientId, (held.get(piece.clientId) ?? 0) + 1);
  const remove = useDeleteClient();
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<Action>(null);
  const close = () => setAction(null);
  const full = account ? account.clients >= account.maxClients : false;
  const data = clients.data;

  const confirmDelete = (client: Client) =>
    remove.mutate(client.id, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        close();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <Card
      title="Clients"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {account && <span className={cn('text-sm', MUTED)} data-testid="client-count">{`${account.clients} of ${plural(account.maxClients, 'client', 'clients')}`}</span>}
          <Button size="sm" disabled={full} title={full ? 'You have as many clients as the shop allows' : undefined} onClick={() => setCreating(true)}>
            New client
          </Button>
        </div>
      }
    >
      {clients.isPending && (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      )}
      {clients.isError && !data && <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(clients.error)}</p>}
      {data && data.items.length === 0 && <EmptyState title="No clients yet" body="Create a client, then give it GB of your traffic." />}
      {data && data.items.length > 0 && (
        <>
          <ul aria-label="Clients" className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.items.map((client) => (
              <ClientRow key={client.id} client={client} pieces={held.get(client.id) ?? 0} onAction={setAction} />
            ))}
          </ul>
          <Pager page={page} perPage={CLIENTS_PER_PAGE} total={data.total} onChange={setPage} label="Clients pages" />
        </>
      )}
      <NewClientDialog open={creating} onClose={() => setCreating(false)} />
      {(action?.kind === 'allocate' || action?.kind === 'reclaim') && (
        <MoveDialog direction={action.kind} client={action.client} own={account?.traffic ?? []} onClose={close} />
      )}
      {action?.kind === 'note' && <NoteDialog client={action.client} onClose={close} />}
      <ConfirmDialog
        open={action?.kind === 'delete'}
        onClose={close}
        title={action?.kind === 'delete' ? `Delete ${action.client.name}?` : ''}
        description="The account, its sign-in, keys and records are deleted. Your ledger keeps its moves."
        action="Delete client"
        busy={remove.isPending}
        onConfirm={() => action && confirmDelete(action.client)}
      />
    </Card>
  );
}
