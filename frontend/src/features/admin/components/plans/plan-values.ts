// Between a plan and its form: the form holds text; the API takes numbers, lists and null.
import type { PlanValues } from '../../schemas';
import { PLAN_KINDS } from '../../schemas';
import type { AdminPlan, PlanBody, PlanPatch } from '../../types';

/** The form's date (YYYY-MM-DD) is the last day the plan is offered: it ends at 23:59:59 UTC. */
export function dayToUnixEnd(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(start) ? null : start / 1000 + 86_399;
}

export function unixToDay(seconds: number | null): string {
  return seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : '';
}

export const EMPTY_PLAN: PlanValues = {
  type: 'premium',
  name: '',
  tag: '',
  note: '',
  price: '',
  amount: '',
  validityDays: '30',
  regions: '',
  features: '',
  active: true,
  sort: '0',
  availableUntil: '',
  maxConnections: '',
  maxRequestsPerSecond: '',
  bandwidthMbps: '',
  tiers: [],
};

const limitText = (limit: number | null | undefined) => (limit == null ? '' : String(limit));
const limitValue = (text: string) => (text.trim() ? Number(text) : null);

export function planToValues(plan: AdminPlan): PlanValues {
  return {
    type: PLAN_KINDS.find((kind) => kind === plan.type) ?? 'premium',
    name: plan.name,
    tag: plan.tag ?? '',
    note: plan.note ?? '',
    price: plan.price.toFixed(2),
    amount: String(plan.amount),
    validityDays: String(plan.validityDays),
    regions: plan.regions.join(', '),
    features: Object.keys(plan.features).length ? JSON.stringify(plan.features, null, 2) : '',
    active: plan.active,
    sort: String(plan.sort),
    availableUntil: unixToDay(plan.availableUntil ?? null),
    maxConnections: limitText(plan.maxConnections),
    maxRequestsPerSecond: limitText(plan.maxRequestsPerSecond),
    bandwidthMbps: limitText(plan.bandwidthMbps),
    tiers: plan.tiers.map((tier) => ({ minGb: String(tier.minGb), pricePerGb: tier.pricePerGb.toFixed(2) })),
  };
}

export function valuesToBody(values: PlanValues): PlanBody {
  return {
    type: values.type,
    name: values.name.trim(),
    tag: values.tag.trim() || null,
    note: values.note.trim() || null,
    price: Math.round(Number(values.price) * 100) / 100,
    amount: Number(values.amount),
    validityDays: Number(values.validityDays),
    regions: values.regions
      .split(',')
      .map((region) => region.trim())
      .filter(Boolean),
    // any JSON object: the generated document types it as an object of unknown fields
    features: (values.features.trim() ? JSON.parse(values.features) : {}) as PlanBody['features'],
    active: values.active,
    sort: Number(values.sort),
    availableUntil: dayToUnixEnd(values.availableUntil),
    // limits and volume prices of traffic plans only: a piece plan's form never sends them
    ...(values.type === 'premium' || values.type === 'budget'
      ? {
          maxConnections: limitValue(values.maxConnections),
          maxRequestsPerSecond: limitValue(values.maxRequestsPerSecond),
          bandwidthMbps: limitValue(values.bandwidthMbps),
          // smallest first, as the server lists them; [] clears them
          tiers: values.tiers
            .map((tier) => ({ minGb: Number(tier.minGb.trim()), pricePerGb: Math.round(Number(tier.pricePerGb.trim()) * 100) / 100 }))
            .sort((a, b) => a.minGb - b.minGb),
        }
      : {}),
  };
}

/** An edit sends every field but the kind, which is fixed at creation. */
export function patchOf(body: PlanBody): PlanPatch {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'type'));
}
