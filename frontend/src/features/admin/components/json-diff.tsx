// An audit entry's before and after as a readable diff: one row per changed field (nested objects
// flattened to dotted paths), the old value struck through and the new one beside it. Times
// (`…At`, `…Until`: unix seconds) read as dates, the stored number kept in the tooltip.
import { diffRows, isTime, MISSING } from './json-diff-rows';
import { when } from '../format';
import { pluralNoun } from '@/lib/plural';

function show(path: string, value: unknown): string {
  if (value === MISSING) return '—';
  if (isTime(path, value)) return when(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The stored value behind a time shown as a date. */
function raw(path: string, value: unknown): string | undefined {
  return isTime(path, value) ? `${value} (unix seconds)` : undefined;
}

export function JsonDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffRows(before, after);
  if (rows.length === 0) return <p className="text-xs text-slate-600 dark:text-slate-400">No recorded state.</p>;
  const changed = rows.filter((row) => row.changed);
  const unchanged = rows.length - changed.length;
  return (
    <div className="text-xs">
      <dl className="space-y-1">
        {changed.map((row) => (
          <div key={row.path} className="flex flex-wrap items-baseline gap-x-2">
            <dt className="font-mono font-semibold">{row.path}</dt>
            <dd className="flex flex-wrap items-baseline gap-x-1.5 break-all">
              {row.before !== MISSING && (
                <del title={raw(row.path, row.before)} className="rounded bg-red-50 px-1 text-red-800 dark:bg-red-950 dark:text-red-200">
                  <span className="sr-only">was </span>
                  {show(row.path, row.before)}
                </del>
              )}
              {row.before !== MISSING && row.after !== MISSING && <span aria-hidden="true">→</span>}
              {row.after !== MISSING && (
                <ins title={raw(row.path, row.after)} className="rounded bg-emerald-50 px-1 text-emerald-800 no-underline dark:bg-emerald-950 dark:text-emerald-200">
                  <span className="sr-only">now </span>
                  {show(row.path, row.after)}
                </ins>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {unchanged > 0 && (
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {unchanged} unchanged {pluralNoun(unchanged, 'field', 'fields')}
        </p>
      )}
    </div>
  );
}
