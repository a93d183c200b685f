// The lines of the last generation: each in the chosen output format, selectable (the cards
// and snippets follow the selected line) and with a Test button that checks it through the
// shop's gateway and shows the exit IP and latency, or the reason it failed. Copy all copies
// every line, one per row.
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { copyText } from '@/lib/clipboard';
import { useCheckProxy } from '../api/check-proxy';
import { DEFAULT_FORMAT, formatProxy, type ProxyFormat, type ProxyParts } from '../proxy-format';

export const ALL_COPIED = 'Copied Successfully';

function TestOutcome({ check }: { check: ReturnType<typeof useCheckProxy> }) {
  if (check.isPending) return <span className="text-slate-600 dark:text-slate-300">Testing…</span>;
  if (check.isError) return <span className="text-red-700 dark:text-red-300">{errorMessage(check.error)}</span>;
  if (!check.data) return null;
  return check.data.ok ? (
    <span className="text-emerald-700 dark:text-emerald-400">
      Works · exit IP <span className="font-mono">{check.data.exitIp}</span> · {check.data.latencyMs} ms
    </span>
  ) : (
    <span className="text-red-700 dark:text-red-300">Failed: {check.data.error}</span>
  );
}

/** `checked` is the line with its credentials: what the checker tests (an allowlisted line has none). */
function ProxyRow({ index, text, checked, selected, onSelect }: { index: number; text: string; checked: string; selected: boolean; onSelect: () => void }) {
  const check = useCheckProxy();
  const label = `Line ${index + 1}`;
  return (
    <li className={cn('px-3 py-2', selected && 'bg-brand-50 dark:bg-brand-950/40')}>
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={onSelect}
          aria-pressed={selected}
          aria-label={`Select ${label.toLowerCase()}`}
          title={text}
          className="min-w-0 flex-1 truncate rounded px-1 text-left font-mono text-xs hover:text-brand-700 sm:text-sm dark:hover:text-brand-300"
        >
          {text}
        </button>
        <Button size="sm" variant="outline" className="h-8 shrink-0" busy={check.isPending} aria-label={`Test ${label.toLowerCase()}`} onClick={() => check.mutate(checked)}>
          Test
        </Button>
      </div>
      {(check.isPending || check.isError || check.data) && (
        <p className="mt-1 px-1 text-xs" role="status" aria-label={`${label} test`}>
          <TestOutcome check={check} />
        </p>
      )}
    </li>
  );
}

type ProxyListCardProps = {
  proxies: ProxyParts[];
  format: ProxyFormat;
  selected: number;
  onSelect: (index: number) => void;
};

export function ProxyListCard({ proxies, format, selected, onSelect }: ProxyListCardProps) {
  const lines = proxies.map((proxy) => formatProxy(proxy, format));
  const credentialed = proxies.map((proxy) => formatProxy(proxy, DEFAULT_FORMAT));
  return (
    <Card
      title={`Lines (${lines.length})`}
      actions={
        <Button size="sm" variant="outline" onClick={() => void copyText(lines.join('\n'), ALL_COPIED)}>
          <CopyIcon className="h-4 w-4" />
          Copy all
        </Button>
      }
    >
      <ol aria-label="Generated lines" className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {lines.map((text, index) => (
          // The list is replaced as a whole on each generation: the index is a stable key.
          <ProxyRow key={`${index}-${text}`} index={index} text={text} checked={credentialed[index] ?? text} selected={index === selected} onSelect={() => onSelect(index)} />
        ))}
      </ol>
    </Card>
  );
}
