// The console's form rules with the server's own messages (crates/domain/src/messages.rs, "The
// operator console"), shared by the forms and their tests. Inputs are text; each schema turns them
// into the numbers the API takes.
import { z } from '@/lib/zod';

export const MESSAGES = {
  reason: 'Please give a reason (3–200 characters)',
  amount: 'Please enter a valid amount',
  gb: 'Please enter a valid number of GB',
  planName: 'Please enter a plan name (1–80 characters)',
  price: 'Please enter a valid price',
  planAmount: 'Amount must be greater than zero',
  validity: 'Please enter a valid number of days',
  sort: 'Please enter a whole number',
  features: 'Features must be a JSON object',
  country: 'Please enter a country',
  capacity: 'Please enter a valid capacity',
  proxies: 'Enter exactly one host:port:user:pass line per ordered proxy',
  note: 'Please write a note of 1–1000 characters (line breaks allowed, no other control characters)',
  refusalDays: 'Days must be a whole number from 0 to 365',
  maxConnections: 'maxConnections must be a whole number from 1 to 100000, or null',
  maxRequestsPerSecond: 'maxRequestsPerSecond must be a whole number from 1 to 100000, or null',
  bandwidthMbps: 'bandwidthMbps must be a whole number from 1 to 100000, or null',
  customerPercent: 'percentOff must be a whole number from 0 to 90',
  resellerDiscount: 'discountPercent must be a whole number from 0 to 90',
  resellerMaxClients: 'maxClients must be a whole number from 1 to 10000',
  tiers: 'tiers must be at most 10 rows of {minGb: 1 to 10000, pricePerGb: 0.01 to 1000 (USD)} with distinct minGb',
} as const;

/** The longest note on a customer, in characters (code points) once trimmed. */
export const NOTE_MAX = 1000;

export const MAX_ADJUSTMENT = 100_000;

/** A number with at most two decimals, optionally signed. */
const TWO_DECIMALS = /^[+-]?\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;

const reason = z.string().trim().min(3, MESSAGES.reason).max(200, MESSAGES.reason);

/** A non-zero amount with at most two decimals and at most `MAX_ADJUSTMENT` either way. */
const signedAdjustment = (message: string) =>
  z
    .string()
    .trim()
    .refine((text) => {
      if (!TWO_DECIMALS.test(text)) return false;
      const value = Number(text);
      return value !== 0 && Math.abs(value) <= MAX_ADJUSTMENT;
    }, message);

export const balanceSchema = z.object({ amount: signedAdjustment(MESSAGES.amount), reason });
export type BalanceValues = z.infer<typeof balanceSchema>;

export const trafficSchema = z.object({ type: z.enum(['premium', 'budget']), gb: signedAdjustment(MESSAGES.gb), reason });
export type TrafficValues = z.infer<typeof trafficSchema>;

export const disableSchema = z.object({ reason });
/** Enabling takes an optional reason; when one is given it follows the same rule. */
export const enableSchema = z.object({ reason: z.string().trim().refine((text) => text === '' || (text.length >= 3 && text.length <= 200), MESSAGES.reason) });
export type ReasonValues = z.infer<typeof disableSchema>;
/** Refusing a customer's refunds: 0 (lifts it) to 365 days from now, with a reason. */
export const refusalSchema = z.object({
  days: z.string().trim().regex(/^\d{1,3}$/, MESSAGES.refusalDays).refine((text) => Number(text) <= 365, MESSAGES.refusalDays),
  reason,
});
export type RefusalValues = z.infer<typeof refusalSchema>;

// eslint-disable-next-line no-control-regex -- control characters are what the rule refuses
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** A note: 1–`NOTE_MAX` characters once trimmed, line breaks allowed, no other control characters. */
export const noteSchema = z.object({
  text: z
    .string()
    .trim()
    .refine((text) => {
      // Code points, as the server counts characters (not UTF-16 units, not graphemes).
      // eslint-disable-next-line @typescript-eslint/no-misused-spread
      const length = [...text].length;
      return length >= 1 && length <= NOTE_MAX && !CONTROL_BUT_LINE_BREAK.test(text);
    }, MESSAGES.note),
});
export type NoteValues = z.infer<typeof noteSchema>;

export const PLAN_KINDS = ['premium', 'budget', 'static', 'lte', 'ipv4', 'ipv6'] as const;

/** A customer's own price of a kind: 0 (removes it) to 90 % off, with an optional reason. */
export const customerPriceSchema = z.object({
  type: z.enum(PLAN_KINDS),
  percentOff: z
    .string()
    .trim()
    .refine((text) => WHOLE.test(text) && Number(text) <= 90, MESSAGES.customerPercent),
  reason: enableSchema.shape.reason,
});
export type CustomerPriceValues = z.infer<typeof customerPriceSchema>;

function isJsonObject(text: string): boolean {
  if (!text.trim()) return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** A plan's limit as the server checks it: blank (none) or a whole number from 1 to 100000. */
const isPlanLimit = (text: string) => text === '' || (WHOLE.test(text) && Number(text) >= 1 && Number(text) <= 100_000);

/** The most volume prices a traffic plan has. */
export const MAX_TIERS = 10;

type TierText = { minGb: string; pricePerGb: string };

/** Volume prices as the server checks them: at most `MAX_TIERS` rows, each from 1 to 10000 GB at
 * 0.01 to 1000 USD per GB (2 decimals), no two from the same GB. */
function isTierList(tiers: TierText[]): boolean {
  const valid = tiers.every(({ minGb, pricePerGb }) => {
    const gb = minGb.trim();
    const price = pricePerGb.trim();
    return WHOLE.test(gb) && Number(gb) >= 1 && Number(gb) <= 10_000 && /^\d+(\.\d{1,2})?$/.test(price) && Number(price) >= 0.01 && Number(price) <= 1000;
  });
  return valid && tiers.length <= MAX_TIERS && new Set(tiers.map((tier) => Number(tier.minGb))).size === tiers.length;
}

export const planSchema = z.object({
  type: z.enum(PLAN_KINDS),
  name: z.string().trim().min(1, MESSAGES.planName).max(80, MESSAGES.planName),
  tag: z.string().trim(),
  note: z.string().trim(),
  price: z
    .string()
    .trim()
    .refine((text) => /^\d+(\.\d{1,2})?$/.test(text), MESSAGES.price),
  amount: z
    .string()
    .trim()
    .refine((text) => WHOLE.test(text) && Number(text) > 0, MESSAGES.planAmount),
  validityDays: z
    .string()
    .trim()
    .refine((text) => WHOLE.test(text) && Number(text) >= 1 && Number(text) <= 3650, MESSAGES.validity),
  regions: z.string(),
  features: z.string().refine(isJsonObject, MESSAGES.features),
  active: z.boolean(),
  sort: z
    .string()
    .trim()
    .refine((text) => /^-?\d+$/.test(text), MESSAGES.sort),
  availableUntil: z.string(),
  /** Traffic plans: the most connections at once of a customer on the plan; blank for none. */
  maxConnections: z.string().trim().refine(isPlanLimit, MESSAGES.maxConnections),
  /** Traffic plans: the most requests per second of a customer on the plan; blank for none. */
  maxRequestsPerSecond: z.string().trim().refine(isPlanLimit, MESSAGES.maxRequestsPerSecond),
  /** Traffic plans: the most megabits per second of a customer's connections on the plan; blank for none. */
  bandwidthMbps: z.string().trim().refine(isPlanLimit, MESSAGES.bandwidthMbps),
  /** Traffic plans: volume prices for custom amounts, as typed (a piece plan's are neither checked nor sent). */
  tiers: z.array(z.object({ minGb: z.string(), pricePerGb: z.string() })),
}).superRefine((values, context) => {
  if ((values.type === 'premium' || values.type === 'budget') && !isTierList(values.tiers)) {
    context.addIssue({ code: 'custom', path: ['tiers'], message: MESSAGES.tiers });
  }
});
export type PlanValues = z.infer<typeof planSchema>;

export const STOCK_KINDS = ['static', 'lte', 'ipv4', 'ipv6'] as const;

const capacity = z
  .string()
  .trim()
  .refine((text) => WHOLE.test(text) && Number.isSafeInteger(Number(text)), MESSAGES.capacity);

export const stockSchema = z.object({
  type: z.enum(STOCK_KINDS),
  code: z.string().trim(),
  country: z.string().trim().min(1, MESSAGES.country),
  isp: z.string().trim(),
  ispName: z.string().trim(),
  city: z.string().trim(),
  connType: z.string().trim(),
  ip: z.string().trim(),
  capacity,
});
export type StockValues = z.infer<typeof stockSchema>;

export const stockEditSchema = z.object({ capacity, active: z.boolean() });
export type StockEditValues = z.infer<typeof stockEditSchema>;

/** host:port:user:pass with a port from 1 to 65535. */
export function isProxyLine(line: string): boolean {
  const parts = line.split(':');
  if (parts.length !== 4 || parts.some((part) => part === '' || /\s/.test(part))) return false;
  const port = Number(parts[1]);
  return WHOLE.test(parts[1]!) && port >= 1 && port <= 65535;
}

export function proxyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The resolve form; delivered needs exactly `quantity` valid lines. */
export function resolveSchema(quantity: number) {
  return z
    .object({ outcome: z.enum(['failed', 'delivered']), proxies: z.string(), reason })
    .superRefine((values, context) => {
      if (values.outcome !== 'delivered') return;
      const lines = proxyLines(values.proxies);
      if (lines.length !== quantity || !lines.every(isProxyLine)) {
        context.addIssue({ code: 'custom', path: ['proxies'], message: MESSAGES.proxies });
      }
    });
}
export type ResolveValues = z.infer<ReturnType<typeof resolveSchema>>;

/** Dollars or GB from the validated text. */
export function toNumber(text: string): number {
  return Math.round(Number(text.trim()) * 100) / 100;
}

/** A reseller's terms (PUT /api/admin/users/{id}/reseller): on or off, its discount on its own
 * purchases, how many clients it may have, and an optional reason for the audit log. */
export const resellerSchema = z.object({
  enabled: z.boolean(),
  discountPercent: z.string().trim().refine((text) => WHOLE.test(text) && Number(text) <= 90, MESSAGES.resellerDiscount),
  maxClients: z.string().trim().refine((text) => WHOLE.test(text) && Number(text) >= 1 && Number(text) <= 10_000, MESSAGES.resellerMaxClients),
  reason: enableSchema.shape.reason,
});
export type ResellerValues = z.infer<typeof resellerSchema>;
