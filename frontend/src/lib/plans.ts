// Plans as read from GET /api/user/plan?type=KIND. The answer is still checked at run
// time (ids become strings so the built-in sample plans fit the same type); anything unexpected
// counts as "no server plans" (the fallback rules of docs/screens.md#landing-page).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import type { ProxyKind } from './kinds';
import { queryKeys } from './query-keys';
import { plural } from './plural';

export type Plan = {
  id: string;
  tag: string | null;
  name: string;
  note: string | null;
  size: string | null;
  price: number;
  amount: number;
  validityPeriod: string | null;
  /** Country codes the plan can be bought in now (the server derives them from stock and locations). */
  regions: string[];
  countrySelection: string;
  protocols: boolean;
  ipDuration: string;
  availability: string;
  /** The most connections at once of a customer on the plan; null: no limit of its own. */
  maxConnections?: number | null;
  /** The most requests per second of a customer on the plan; null: no limit of its own. */
  maxRequestsPerSecond?: number | null;
  /** The most megabits per second a customer's connections on the plan move together; null: no limit of its own. */
  bandwidthMbps?: number | null;
  /** The catalogue's price when the signed-in customer's own price (`price`) differs from it. */
  listPrice?: number | null;
  /** The signed-in customer's own per-cent discount of the kind. */
  percentOff?: number | null;
  /** Traffic plans: the catalogue's price of one GB of a custom amount without a volume tier. */
  pricePerGb?: number | null;
  /** Traffic plans: the catalogue's volume prices for custom amounts, smallest `minGb` first. */
  tiers?: Tier[];
};

/** A volume price: from `minGb` GB up, `pricePerGb` dollars per GB. */
export type Tier = { minGb: number; pricePerGb: number };

type Raw = Record<string, unknown>;

/** A plan's limit: a whole number, or null (none). */
const limit = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : (text(value) ?? '').split(/[\s,]+/).filter(Boolean);

/** A number, or null. */
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const tiersOf = (value: unknown): Tier[] =>
  Array.isArray(value)
    ? value.filter(isRecord).flatMap((row) => {
        const minGb = finite(row.minGb);
        const pricePerGb = finite(row.pricePerGb);
        return minGb !== null && pricePerGb !== null ? [{ minGb, pricePerGb }] : [];
      })
    : [];

function toPlan(raw: unknown): Plan | null {
  if (!isRecord(raw)) return null;
  const price = Number(raw.price);
  const amount = Number(raw.amount);
  const id = text(raw.id);
  if (id === null || !Number.isFinite(price) || !Number.isFinite(amount)) return null;
  return {
    id,
    tag: text(raw.tag),
    name: text(raw.name) ?? '',
    note: text(raw.note),
    size: text(raw.size),
    price,
    amount,
    validityPeriod: text(raw.validityPeriod),
    regions: list(raw.regions),
    countrySelection: text(raw.countrySelection) ?? '',
    protocols: raw.protocols === true,
    ipDuration: text(raw.ipDuration) ?? '',
    availability: text(raw.availability) ?? '',
    maxConnections: limit(raw.maxConnections),
    maxRequestsPerSecond: limit(raw.maxRequestsPerSecond),
    bandwidthMbps: limit(raw.bandwidthMbps),
    listPrice: finite(raw.listPrice),
    percentOff: limit(raw.percentOff),
    pricePerGb: finite(raw.pricePerGb),
    tiers: tiersOf(raw.tiers),
  };
}

/** Reads `{ plan: { name, plans: [...] } }`; returns [] for any other shape. */
export function parsePlans(payload: unknown): Plan[] {
  if (!isRecord(payload) || !isRecord(payload.plan) || !Array.isArray(payload.plan.plans)) return [];
  return payload.plan.plans.map(toPlan).filter((plan): plan is Plan => plan !== null);
}

export function plansQueryOptions(kind: ProxyKind) {
  return queryOptions({
    queryKey: queryKeys.plans(kind),
    queryFn: async ({ signal }) => {
      try {
        return parsePlans(await unwrap(api.GET('/api/user/plan', { params: { query: { type: kind } }, signal })));
      } catch (error) {
        if (signal.aborted) throw error;
        // Failed plan loads are only logged; the screen shows its fallback.
        console.warn(`Loading ${kind} plans failed`, error);
        return [];
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The four built-in sample plans (the mobile pricing's fallback). */
export const SAMPLE_PLANS: Plan[] = [
  [5, 15],
  [10, 28],
  [40, 96],
  [1000, 750],
].map(([amount, price]) => ({
  id: `sample-${amount}`,
  tag: amount === 40 ? 'Popular' : null,
  name: `${amount}GB`,
  note: null,
  size: `${amount}GB`,
  price: price!,
  amount: amount!,
  validityPeriod: '30 days',
  regions: ['US', 'JP', 'CA', 'ID', 'AU', 'VN', 'UK', 'FR', 'DE'],
  countrySelection: 'City-level',
  protocols: true,
  ipDuration: '1~240 minutes',
  availability: '99.7%',
}));

/** "10 IPs", or "10 pieces" for a plan without a name. */
export const planTitle = (plan: Plan) => plan.name || plural(plan.amount, 'piece', 'pieces');

const cents = (dollars: number) => Math.round(dollars * 100);

/** A traffic plan's per-GB list price in dollars for a custom amount without a volume tier: its
 * price over its GB, rounded up to the cent (as the server prices it); null for a plan without GB. */
export function perGbPrice(plan: Plan): number | null {
  if (plan.pricePerGb != null) return plan.pricePerGb;
  if (!(plan.amount > 0)) return null;
  return Math.ceil(cents(plan.listPrice ?? plan.price) / plan.amount) / 100;
}

/** The volume tier that prices `gb` GB: the one with the largest `minGb` not above it. */
export function tierFor(plan: Plan, gb: number): Tier | null {
  return (plan.tiers ?? []).filter((tier) => tier.minGb <= gb).reduce<Tier | null>((best, tier) => (best && best.minGb > tier.minGb ? best : tier), null);
}

/** What `gb` GB of the plan cost, in dollars, as the server prices it: the GB at the volume
 * tier for the amount (or the per-GB list price), less the customer's own discount (rounded in
 * the shop's favour); `list` is the price before that discount. */
export function customQuote(plan: Plan, gb: number): { list: number; price: number; tier: Tier | null } | null {
  const tier = tierFor(plan, gb);
  const perGb = tier?.pricePerGb ?? perGbPrice(plan);
  if (perGb === null) return null;
  const list = cents(perGb) * gb;
  const off = plan.percentOff ? Math.floor((list * plan.percentOff) / 100) : 0;
  return { list: list / 100, price: (list - off) / 100, tier };
}

/** What `gb` GB cost this customer, in dollars. */
export function customPrice(plan: Plan, gb: number): number | null {
  return customQuote(plan, gb)?.price ?? null;
}

/** The plan's period ("30 days") for every kind; 'Unknown' only when the plan has none. */
export function planValidity(plan: Plan): string {
  return plan.validityPeriod || 'Unknown';
}

/** Regions shown in full up to this many codes; beyond, the first few and how many more. */
const REGIONS_IN_FULL = 9;
const REGIONS_SHOWN = 6;

/** "US JP CA", or "US JP CA ID AU VN +226 more" for a long list. */
export function regionsText(regions: string[]): string {
  if (regions.length <= REGIONS_IN_FULL) return regions.join(' ');
  return `${regions.slice(0, REGIONS_SHOWN).join(' ')} +${regions.length - REGIONS_SHOWN} more`;
}
