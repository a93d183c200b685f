// The sentence each confirmation states: what will change, to whom, from what to what.
import { formatDate, formatMoney, formatTraffic, fromUnixSeconds } from '@/lib/format';
import type { AdminOrder, AdminPlan, AdminUserRow, Role, TrafficRow } from './types';
import { kindName } from './kinds';
import { plural } from '@/lib/plural';

const cents = (dollars: number) => Math.round(dollars * 100);
/** Dollars with a true minus sign when below zero (a debit the server will refuse still reads right). */
const money = (dollars: number) => (dollars < 0 ? `\u2212${formatMoney(-dollars)}` : formatMoney(dollars));
const gb = formatTraffic;

export function balanceStatement(user: Pick<AdminUserRow, 'email' | 'balance'>, amount: number): string {
  const after = (cents(user.balance) + cents(amount)) / 100;
  const change = amount > 0 ? `Credit ${formatMoney(amount)} to` : `Debit ${formatMoney(-amount)} from`;
  return `${change} ${user.email}: balance ${money(user.balance)} → ${money(after)}`;
}

/** How long granted traffic lasts when the kind has no plan on sale (the server's `DEFAULT_VALIDITY_DAYS`). */
export const GRANT_DEFAULT_DAYS = 30;

/**
 * The days a grant of `type` runs for, as the server picks them: the longest validity of the
 * kind's active plans, 30 without one; undefined while the plans are not known.
 */
export function grantDays(plans: Pick<AdminPlan, 'type' | 'active' | 'validityDays'>[] | undefined, type: string): number | undefined {
  if (!plans) return undefined;
  const days = plans.filter((plan) => plan.active && plan.type === type).map((plan) => plan.validityDays);
  return days.length > 0 ? Math.max(...days) : GRANT_DEFAULT_DAYS;
}

const day = (seconds: number) => formatDate(fromUnixSeconds(seconds));

/**
 * A grant moves the expiry of all the kind's traffic, not only of the granted GB: to `days` from
 * `now` (unix seconds), unless it runs later already; traffic that never expired gets an expiry.
 */
function expiryChange(row: Pick<TrafficRow, 'expiresAt'> | undefined, type: string, days: number | undefined, now: number): string {
  const kind = kindName(type);
  if (days === undefined) {
    return `It also moves the expiry of all their ${kind} traffic to the validity of the longest ${kind} plan on sale (${GRANT_DEFAULT_DAYS} days without one) from now, unless it ends later already.`;
  }
  const end = now + days * 86_400;
  const current = row?.expiresAt ?? null;
  // a later expiry, or one on the same day (a grant made earlier today), is kept as it reads
  if (current !== null && (current >= end || day(current) === day(end))) return `The expiry of their ${kind} traffic stays ${day(Math.max(current, end))}.`;
  const from = current === null ? 'no expiry' : day(current);
  return `It also moves the expiry of all their ${kind} traffic: ${from} → ${day(end)} (${days} days from now).`;
}

export function trafficStatement(
  email: string,
  row: Pick<TrafficRow, 'type' | 'available' | 'expiresAt'> | undefined,
  type: string,
  amount: number,
  expiry: { days: number | undefined; now: number } = { days: undefined, now: 0 },
): string {
  const available = row?.available ?? 0;
  const after = (cents(available) + cents(amount)) / 100;
  const change = amount > 0 ? `Grant ${gb(amount)} of ${kindName(type)} to` : `Remove ${gb(-amount)} of ${kindName(type)} from`;
  const statement = `${change} ${email}: available ${gb(available)} → ${gb(after)}`;
  return amount > 0 ? `${statement}. ${expiryChange(row, type, expiry.days, expiry.now)}` : statement;
}

export function accountStatement(email: string, disable: boolean): string {
  return disable
    ? `Disable ${email}: they are signed out now and cannot sign in until enabled again.`
    : `Enable ${email}: they can sign in again.`;
}

export function roleStatement(email: string, from: string, to: Role): string {
  return `Change the role of ${email}: ${from} → ${to}`;
}

export function resolveStatement(order: Pick<AdminOrder, 'id' | 'quantity' | 'type' | 'userEmail' | 'price'>, outcome: 'failed' | 'delivered'): string {
  const what = `order #${order.id} (${order.quantity} × ${kindName(order.type)} for ${order.userEmail})`;
  return outcome === 'failed'
    ? `Mark ${what} as failed: refund ${formatMoney(order.price)} to ${order.userEmail} and return the stock.`
    : `Mark ${what} as delivered with ${plural(order.quantity, 'proxy', 'proxies')}.`;
}

export function planRemoveStatement(plan: Pick<AdminPlan, 'name' | 'sold'>): string {
  return plan.sold > 0
    ? `Deactivate "${plan.name}": it has ${plural(plan.sold, 'sale', 'sales')}, so it is kept for the record but no longer offered.`
    : `Delete "${plan.name}": it has never been sold, so it is removed for good.`;
}
