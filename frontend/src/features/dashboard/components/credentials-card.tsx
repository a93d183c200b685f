// Credentials and proxy cards of the generator pages, in their "nothing generated yet" state
// until generation arrives (later issue).
import { ListIcon } from '@/components/ui/icons';
import { Card, EmptyState } from '@/components/ui/page-parts';

export function CredentialsCard() {
  return (
    <Card title="Credentials">
      <dl className="space-y-3 text-sm">
        {['Username', 'Password'].map((label) => (
          <div key={label} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-mono">Not Generated</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function ProxyCard() {
  return (
    <Card title="Proxy">
      <EmptyState icon={<ListIcon className="h-8 w-8" />} title="No Proxy Generated" body="No proxy generated yet. Please generate a proxy first." />
    </Card>
  );
}
