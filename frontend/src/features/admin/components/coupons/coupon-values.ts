// A coupon's form: its rules (the server's own messages, crates/domain/src/messages.rs, "Prices")
// and the way between a coupon, the form's text and the API's body. The validity window is typed
// in the operator's local time and travels as unix seconds.
import { z } from '@/lib/zod';
import { PLAN_KINDS } from '../../schemas';
import type { AdminCoupon, CouponBody } from '../../types';

export const COUPON_MESSAGES = {
  code: 'code must be 3 to 32 letters, digits, dashes or underscores',
  percentOff: 'percentOff must be a whole number from 1 to 90',
  amountOff: 'amountOff must be an amount from 0.01 to 10000 (USD)',
  minSpend: 'minSpend must be an amount from 0.01 to 100000 (USD), or null',
  maxUses: 'maxUses must be a whole number from 1 to 1000000, or null',
  maxUsesPerCustomer: 'maxUsesPerCustomer must be a whole number from 1 to 1000',
  window: 'validUntil must be after validFrom',
  date: 'validFrom and validUntil must be unix seconds, or null',
} as const;

const WHOLE = /^\d+$/;
const CENTS = /^\d+(\.\d{1,2})?$/;

const isWhole = (text: string, min: number, max: number) => WHOLE.test(text) && Number(text) >= min && Number(text) <= max;
const isDollars = (text: string, min: number, max: number) => CENTS.test(text) && Number(text) >= min && Number(text) <= max;

/** A `datetime-local` value (local time, minutes) as unix seconds; null when empty or not a time. */
export function localToUnix(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const millis = new Date(text).getTime();
  return Number.isNaN(millis) ? null : Math.floor(millis / 1000);
}

/** Unix seconds as a `datetime-local` value in local time; empty for none. */
export function unixToLocal(seconds: number | null | undefined): string {
  if (seconds == null) return '';
  const date = new Date(seconds * 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

const optionalTime = z.string().refine((text) => text === '' || localToUnix(text) !== null, COUPON_MESSAGES.date);

export const couponSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, COUPON_MESSAGES.code),
    discount: z.enum(['percent', 'amount']),
    percentOff: z.string().trim(),
    amountOff: z.string().trim(),
    kinds: z.array(z.enum(PLAN_KINDS)),
    minSpend: z
      .string()
      .trim()
      .refine((text) => text === '' || isDollars(text, 0.01, 100_000), COUPON_MESSAGES.minSpend),
    maxUses: z
      .string()
      .trim()
      .refine((text) => text === '' || isWhole(text, 1, 1_000_000), COUPON_MESSAGES.maxUses),
    maxUsesPerCustomer: z
      .string()
      .trim()
      .refine((text) => isWhole(text, 1, 1000), COUPON_MESSAGES.maxUsesPerCustomer),
    firstPurchaseOnly: z.boolean(),
    validFrom: optionalTime,
    validUntil: optionalTime,
    active: z.boolean(),
  })
  .superRefine((values, context) => {
    // only the chosen discount is checked: the other one is not sent (or sent as null)
    if (values.discount === 'percent' && !isWhole(values.percentOff, 1, 90)) {
      context.addIssue({ code: 'custom', path: ['percentOff'], message: COUPON_MESSAGES.percentOff });
    }
    if (values.discount === 'amount' && !isDollars(values.amountOff, 0.01, 10_000)) {
      context.addIssue({ code: 'custom', path: ['amountOff'], message: COUPON_MESSAGES.amountOff });
    }
    const from = localToUnix(values.validFrom);
    const until = localToUnix(values.validUntil);
    if (from !== null && until !== null && until <= from) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: COUPON_MESSAGES.window });
    }
  });

export type CouponValues = z.infer<typeof couponSchema>;

export const EMPTY_COUPON: CouponValues = {
  code: '',
  discount: 'percent',
  percentOff: '',
  amountOff: '',
  kinds: [],
  minSpend: '',
  maxUses: '',
  maxUsesPerCustomer: '1',
  firstPurchaseOnly: false,
  validFrom: '',
  validUntil: '',
  active: true,
};

const money = (value: number | null | undefined) => (value == null ? '' : value.toFixed(2));
const count = (value: number | null | undefined) => (value == null ? '' : String(value));
const cents = (text: string) => Math.round(Number(text) * 100) / 100;

export function couponToValues(coupon: AdminCoupon): CouponValues {
  const amount = coupon.percentOff == null && coupon.amountOff != null;
  return {
    code: coupon.code,
    discount: amount ? 'amount' : 'percent',
    percentOff: count(coupon.percentOff),
    amountOff: money(coupon.amountOff),
    kinds: PLAN_KINDS.filter((kind) => coupon.kinds.includes(kind)),
    minSpend: money(coupon.minSpend),
    maxUses: count(coupon.maxUses),
    maxUsesPerCustomer: String(coupon.maxUsesPerCustomer),
    firstPurchaseOnly: coupon.firstPurchaseOnly,
    validFrom: unixToLocal(coupon.validFrom),
    validUntil: unixToLocal(coupon.validUntil),
    active: coupon.active,
  };
}

/** Every field of the form as the API takes it: the chosen discount with its value, the other null. */
export function valuesToBody(values: CouponValues): CouponBody {
  const percent = values.discount === 'percent';
  return {
    code: values.code.trim(),
    percentOff: percent ? Number(values.percentOff) : null,
    amountOff: percent ? null : cents(values.amountOff),
    // in the order of PLAN_KINDS, whatever order the boxes were ticked in
    kinds: PLAN_KINDS.filter((kind) => values.kinds.includes(kind)),
    minSpend: values.minSpend.trim() ? cents(values.minSpend) : null,
    maxUses: values.maxUses.trim() ? Number(values.maxUses) : null,
    maxUsesPerCustomer: Number(values.maxUsesPerCustomer),
    firstPurchaseOnly: values.firstPurchaseOnly,
    validFrom: localToUnix(values.validFrom),
    validUntil: localToUnix(values.validUntil),
    active: values.active,
  };
}

/** A new coupon: the discount not chosen is left out rather than sent as null. */
export function newCouponBody(values: CouponValues): CouponBody {
  const body = valuesToBody(values);
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => !((key === 'percentOff' || key === 'amountOff') && value === null)));
}

/** An edit: only the fields whose value differs from the coupon's (switching the discount sends
 * the new one and the old one as null). */
export function couponPatch(coupon: AdminCoupon, values: CouponValues): CouponBody {
  const before = valuesToBody(couponToValues(coupon));
  const after = valuesToBody(values);
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof CouponBody])),
  );
}
