// The buy form of the static, IPv4 and IPv6 pages as data: the zod schema with the exact
// messages of docs/screens.md#form-rules, the live total, and the get_proxy body it becomes.
import { z } from '@/lib/zod';
import type { BuyKind, DatacenterKind } from '@/lib/kinds';
import type { Plan } from '@/lib/plans';
import type { StockItem } from './api/get-server-credentials';

/** POST /api/user/get_proxy as each kind sends it (narrower than the contract's all-optional
 * request). `plan` is the plan's id; `location` the ISP code (static), the country id (IPv4/IPv6)
 * or the record id (LTE); `coupon` a code that applies (checked at checkout). */
export type GetProxyBody = (
  | { type: 'static'; plan: number; country: string; location: string; quantity: number }
  | { type: DatacenterKind; plan: number; location: string; quantity: number }
  | { type: 'lte'; plan: number; location: string }
) & { coupon?: string };

export const QUANTITY_INVALID = 'Please enter a valid quantity';
export const NUMBER_INVALID = 'Please enter a valid number';
export const SELECT_ALL_FIELDS = 'Please select all the fields';
export const DEFAULT_QUANTITY = '1';
export const OUT_OF_STOCK = 'out of stock';

/** Quantity as typed: empty or not a number → "valid number"; below 1 or fractional → "valid quantity". */
export const quantitySchema = z.string().superRefine((value, ctx) => {
  const text = value.trim();
  const number = Number(text);
  if (text === '' || !Number.isFinite(number)) ctx.addIssue({ code: 'custom', message: NUMBER_INVALID });
  else if (!Number.isInteger(number) || number < 1) ctx.addIssue({ code: 'custom', message: QUANTITY_INVALID });
});

/** `country` holds the country code (static) or the country id (IPv4/IPv6); `isp` the ISP code (static only). */
export function buySchema(kind: BuyKind) {
  return z.object({
    country: z.string().min(1, SELECT_ALL_FIELDS),
    isp: kind === 'static' ? z.string().min(1, SELECT_ALL_FIELDS) : z.string(),
    quantity: quantitySchema,
  });
}
export type BuyValues = z.infer<ReturnType<typeof buySchema>>;

export const INITIAL_VALUES: BuyValues = { country: '', isp: '', quantity: DEFAULT_QUANTITY };

/** The quantity input takes numeric text only. */
export const numericText = (value: string) => value.replace(/[^\d.]/g, '');

/** Plan price × quantity in dollars, computed in cents; 0 while the quantity is not valid. */
export function totalPrice(price: number, quantity: string): number {
  if (!quantitySchema.safeParse(quantity).success) return 0;
  return (Math.round(price * 100) * Number(quantity.trim())) / 100;
}

/** What `quantity` pieces of `plan` cost this customer, as the server prices them: the list
 * total less their own discount of the kind, rounded in the shop's favour. */
export function piecesTotal(plan: Plan, quantity: string): number {
  if (plan.listPrice == null || !plan.percentOff) return totalPrice(plan.price, quantity);
  const list = Math.round(totalPrice(plan.listPrice, quantity) * 100);
  return (list - Math.floor((list * plan.percentOff) / 100)) / 100;
}

/** The server id of a plan (plans are read with string ids); null for one without. */
export function planIdOf(plan: Plan): number | null {
  const id = Number(plan.id);
  return /^\d+$/.test(plan.id) && Number.isSafeInteger(id) ? id : null;
}

export function buyBody(kind: BuyKind, plan: number, values: BuyValues): GetProxyBody {
  const quantity = Number(values.quantity.trim());
  if (kind === 'static') return { type: kind, plan, country: values.country, location: values.isp, quantity };
  return { type: kind, plan, location: values.country, quantity };
}

/** "United States (118 in stock)", or "… (out of stock)" for an option that cannot be picked. */
export function stockLabel({ name, amount }: Pick<StockItem, 'name' | 'amount'>): string {
  return amount > 0 ? `${name} (${amount} in stock)` : `${name} (${OUT_OF_STOCK})`;
}

/** The confirmation before a piece purchase (the plans' dialog, with the total). */
export const BUY_PROXIES_TITLE = 'Buy Proxies';
export const buyQuestion = (quantity: number) =>
  quantity === 1 ? 'Are you sure you want to buy this proxy?' : `Are you sure you want to buy these ${quantity} proxies?`;
