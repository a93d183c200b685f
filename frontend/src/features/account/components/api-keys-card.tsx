// The customer API keys: the list (name, prefix, scopes, expiry, allowed IPs, last used), a new
// key (shown once, with copy) and revoking one after a confirmation; a link to the API reference.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { keyPlaceholder, type ApiKey } from '@/lib/api-keys';
import { API_REFERENCE_PATH } from '@/lib/api-reference';
import { copyText } from '@/lib/clipboard';
import { formatDate, formatDateTime, fromUnixSeconds } from '@/lib/format';
import { notify } from '@/lib/toast';
import { MAX_API_KEYS, useApiKeys, useRevokeApiKey, type ApiKeyCreated } from '../api/api-keys';
import { ApiKeyForm } from './api-key-form';

function KeyShownOnce({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100" role="note">
        Copy the key now: <strong>it is shown only once.</strong> We keep only a fingerprint of it.
      </p>
      <p className="rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all dark:bg-slate-800" data-testid="new-api-key">
        {created.key}
      </p>
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={() => void copyText(created.key, 'Copied to clipboard')}>
          Copy key
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

function KeyRow({ item, now, onRevoke }: { item: ApiKey; now: number; onRevoke: () => void }) {
  // absent and null both mean "not set"
  const expiresAt = item.expiresAt ?? null;
  const lastUsedAt = item.lastUsedAt ?? null;
  const expired = expiresAt !== null && expiresAt * 1000 < now;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="api-key-row">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-semibold wrap-anywhere">{item.name}</p>
        <p className="font-mono text-slate-700 dark:text-slate-300">{keyPlaceholder(item.prefix)}</p>
        <p className="flex flex-wrap gap-1">
          {item.scopes.map((scope) => (
            <span key={scope} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
              {scope}
            </span>
          ))}
        </p>
        <p className="text-slate-600 dark:text-slate-400">
          {expiresAt === null ? 'Never expires' : `${expired ? 'Expired' : 'Expires'} ${formatDate(fromUnixSeconds(expiresAt))}`} ·{' '}
          {lastUsedAt === null ? 'Never used' : `Last used ${formatDateTime(fromUnixSeconds(lastUsedAt))}`} · Created{' '}
          {formatDate(fromUnixSeconds(item.createdAt))}
        </p>
        <p className="text-slate-600 wrap-anywhere dark:text-slate-400">
          {item.allowedIps.length > 0 ? `Only from ${item.allowedIps.join(', ')}` : 'From any IP'}
        </p>
        {item.subuserId !== null && item.subuserId !== undefined && (
          <p className="text-slate-600 wrap-anywhere dark:text-slate-400" data-testid="api-key-subuser">
            Limited to sub-user {item.subuserName ?? `#${item.subuserId}`}
          </p>
        )}
      </div>
      <Button variant="outline" size="sm" aria-label={`Revoke ${item.name}`} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}

type Dialogs = { kind: 'none' } | { kind: 'create' } | { kind: 'created'; created: ApiKeyCreated } | { kind: 'revoke'; item: ApiKey };

export function ApiKeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const items = keys.data?.items ?? [];
  const full = items.length >= MAX_API_KEYS;

  function confirmRevoke(item: ApiKey) {
    revoke.mutate(item.id, {
      onSuccess: (data) => {
        notify.success(data.message);
        close();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  return (
    <Card
      title="API keys"
      actions={
        <Button size="sm" disabled={keys.isPending || full} onClick={() => setDialog({ kind: 'create' })}>
          Create key
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Call the customer API from your own code with <code className="font-mono">Authorization: Bearer psk_…</code>. Every route,
        its parameters and answers are in the{' '}
        <Link to={API_REFERENCE_PATH} className="tap-target font-medium text-brand-700 underline dark:text-brand-300">
          API reference
        </Link>
        .
        {full && ` You have ${MAX_API_KEYS} keys, the most an account can have: revoke one to create another.`}
      </p>
      {keys.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : keys.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(keys.error)}</p>
      ) : items.length === 0 ? (
        <EmptyState title="No API keys" body="Create a key to use the customer API." />
      ) : (
        <ul aria-label="API keys" className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((item) => (
            <KeyRow key={item.id} item={item} now={keys.dataUpdatedAt} onRevoke={() => setDialog({ kind: 'revoke', item })} />
          ))}
        </ul>
      )}

      <Dialog open={dialog.kind === 'create'} onClose={close} title="Create API key">
        <ApiKeyForm onCancel={close} onCreated={(created) => setDialog({ kind: 'created', created })} />
      </Dialog>
      <Dialog open={dialog.kind === 'created'} onClose={close} title="Your new API key">
        {dialog.kind === 'created' && <KeyShownOnce created={dialog.created} onDone={close} />}
      </Dialog>
      <ConfirmDialog
        open={dialog.kind === 'revoke'}
        onClose={close}
        title="Revoke API key"
        description={dialog.kind === 'revoke' ? `Programs using “${dialog.item.name}” stop working at once.` : undefined}
        action="Revoke"
        busy={revoke.isPending}
        onConfirm={() => dialog.kind === 'revoke' && confirmRevoke(dialog.item)}
      />
    </Card>
  );
}
