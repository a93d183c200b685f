// The webhook part of the Alerts card: the signing secret shown once (after the first URL is
// saved, or after a rotation) with a copy button, "Rotate secret", and the last calls made.
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { formatDateTime, fromUnixSeconds } from '@/lib/format';
import { notify } from '@/lib/toast';
import { type WebhookDelivery, useRotateWebhookSecret, useWebhookDeliveries } from '../api/alerts';
import { plural } from '@/lib/plural';

export function SecretShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="mt-4 space-y-3" data-testid="webhook-secret">
      <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100" role="note">
        Copy the signing secret now: <strong>it will not be shown again.</strong> Your receiver checks the{' '}
        <code className="font-mono">X-ProxyShop-Signature</code> header with it.
      </p>
      <p className="rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all dark:bg-slate-800">{secret}</p>
      <div className="flex gap-3">
        <Button variant="outline" size="sm" onClick={() => void copyText(secret, 'Copied to clipboard')}>
          Copy secret
        </Button>
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

export function RotateSecretButton({ onRotated }: { onRotated: (secret: string) => void }) {
  const rotate = useRotateWebhookSecret();
  return (
    <Button
      variant="outline"
      size="sm"
      busy={rotate.isPending}
      onClick={() =>
        rotate.mutate(undefined, {
          onSuccess: (data) => onRotated(data.webhookSecret),
          onError: (error) => notify.error(errorMessage(error)),
        })
      }
    >
      Rotate secret
    </Button>
  );
}

const STATUS_CLASSES: Record<string, string> = {
  delivered: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  pending: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
};

function DeliveryRow({ item }: { item: WebhookDelivery }) {
  const code = item.lastCode ?? null;
  const error = item.lastError ?? null;
  const nextAt = item.nextAt ?? null;
  const outcome = code !== null ? `HTTP ${code}` : error;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="webhook-delivery">
      <span className="text-slate-700 dark:text-slate-300">
        {formatDateTime(fromUnixSeconds(item.createdAt))} · {plural(item.attempts, 'attempt', 'attempts')}
        {outcome ? ` · ${outcome}` : ''}
        {item.status === 'pending' && nextAt !== null ? ` · next try ${formatDateTime(fromUnixSeconds(nextAt))}` : ''}
      </span>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[item.status] ?? ''}`}>{item.status}</span>
    </li>
  );
}

export function DeliveryLog() {
  const { data, isError, error } = useWebhookDeliveries();
  if (isError) return <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(error)}</p>;
  if (!data || data.items.length === 0) return null;
  return (
    <section className="mt-4" aria-label="Webhook deliveries">
      <h3 className="text-sm font-semibold">Recent webhook calls</h3>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {data.items.map((item) => (
          <DeliveryRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
