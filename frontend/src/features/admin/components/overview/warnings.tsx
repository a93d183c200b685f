// What needs the operator: low stock, pending payments, pending and unknown orders; each links to
// the filtered list where it is resolved.
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/icons';
import type { Summary } from '../../types';
import { warningsOf } from './warnings-of';

export function Warnings({ summary }: { summary: Summary }) {
  const warnings = warningsOf(summary);
  return (
    <section aria-labelledby="warnings-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="warnings-title" className="text-lg font-semibold">
        Needs attention
      </h2>
      {warnings.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-emerald-800 dark:text-emerald-300">
          <CheckIcon className="h-4 w-4" /> Nothing needs attention.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {warnings.map((warning) => (
            <li key={warning.to} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
              <span className="flex items-center gap-2 font-medium text-amber-900 dark:text-amber-200">
                <span aria-hidden="true" className="inline-block h-2 w-2 shrink-0 rounded-full bg-amber-500" />
                {warning.text}
              </span>
              <Link to={warning.to} className="tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300">
                {warning.link}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
