// A small status pill; the text carries the meaning, the colour only helps.
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type Tone = 'green' | 'amber' | 'red' | 'grey' | 'brand';

const TONES: Record<Tone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
  red: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30',
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/20 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-400/30',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', TONES[tone])}>
      {children}
    </span>
  );
}

const STATUS_TONES: Record<string, Tone> = {
  paid: 'green',
  paid_over: 'green',
  delivered: 'green',
  active: 'green',
  pending: 'amber',
  wrong_amount: 'amber',
  unknown: 'amber',
  failed: 'red',
  disabled: 'red',
  cancel: 'grey',
  expired: 'grey',
  inactive: 'grey',
};

/** An order or payment status as the API spells it, with a readable label. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'grey'}>{status.replace(/_/g, ' ')}</Badge>;
}
