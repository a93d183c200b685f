// One plan as a card (landing pricing and dashboard). Residential plans are priced for an amount
// in GB; the other kinds per piece (docs/screens.md#constants).
import type { ReactNode } from 'react';
import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { isTrafficKind, type ProxyKind } from '@/lib/kinds';
import { customQuote, planValidity, regionsText, type Plan } from '@/lib/plans';
import { PlanPrice } from './plan-price';
import { plural } from '@/lib/plural';

type PlanCardProps = {
  plan: Plan;
  kind: ProxyKind;
  sample?: boolean;
  action: ReactNode;
};

export function PlanCard({ plan, kind, sample = false, action }: PlanCardProps) {
  const traffic = isTrafficKind(kind) || sample;
  const rows = [
    ['Validity', planValidity(plan)],
    ['IP duration', plan.ipDuration],
    ['Availability', plan.availability],
    ['Regions', regionsText(plan.regions)],
    ['Country selection', plan.countrySelection],
    // the plan's own limits, which the gateway enforces (docs/admin-api/plans.md)
    ['Connections at once', plan.maxConnections ? `up to ${plan.maxConnections.toLocaleString('en-US')}` : ''],
    ['Requests per second', plan.maxRequestsPerSecond ? `up to ${plan.maxRequestsPerSecond.toLocaleString('en-US')}` : ''],
    ['Bandwidth', plan.bandwidthMbps ? `up to ${plan.bandwidthMbps.toLocaleString('en-US')} Mbps` : ''],
    ['Your price', plan.percentOff ? `${plan.percentOff}% off` : ''],
    ['Volume prices', volumePrices(plan)],
  ].filter(([, value]) => value);
  const highlighted = Boolean(plan.tag);
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900',
        highlighted ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      {plan.tag && (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">{plan.tag}</span>
      )}
      <h3 className="text-lg font-semibold">{plan.name || (traffic ? `${plan.amount} GB` : plural(plan.amount, 'piece', 'pieces'))}</h3>
      {plan.note && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{plan.note}</p>}
      <p className="mt-4 flex items-baseline gap-1">
        <PlanPrice price={plan.price} listPrice={plan.listPrice} className="text-3xl font-extrabold tracking-tight" />
        {!traffic && <span className="text-sm text-slate-600 dark:text-slate-300">/piece</span>}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{traffic ? `${plan.amount} GB` : plural(plan.amount, 'piece', 'pieces')}</p>
      <p className="mt-1 text-sm font-medium text-brand-700 dark:text-brand-300" data-testid="unit-price">
        {unitPrice(plan, traffic)}
      </p>
      <dl className="mt-5 space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
        {plan.protocols && (
          <div className="pt-1 text-emerald-700 dark:text-emerald-400">
            <dt className="sr-only">Protocols</dt>
            <dd className="flex items-center gap-2">
              <CheckIcon className="h-4 w-4" />
              HTTP(S) &amp; SOCKS5
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-6 flex-1 content-end">{action}</div>
    </article>
  );
}

/** "from 25 GB $2.70/GB · from 250 GB $1.80/GB": a traffic plan's prices for custom amounts. */
function volumePrices(plan: Plan): string {
  return (plan.tiers ?? []).map((tier) => `from ${tier.minGb} GB ${formatMoney(tier.pricePerGb)}/GB`).join(' · ');
}

/** "$3.00 per GB" for traffic (the customer's own price), "$3.50 per piece for 30 days" for pieces. */
function unitPrice(plan: Plan, traffic: boolean): string {
  if (traffic) {
    const one = customQuote(plan, 1);
    return one === null ? '' : `${formatMoney(one.price)} per GB`;
  }
  // Piece plans are priced per piece (the "/piece" beside the price).
  const each = formatMoney(plan.price);
  return plan.validityPeriod ? `${each} per piece for ${plan.validityPeriod}` : `${each} per piece`;
}

export function PlanCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
      <span className="block h-5 w-24 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <span className="mt-4 block h-8 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <span className="mt-6 block h-24 w-full animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <span className="mt-6 block h-10 w-full animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
