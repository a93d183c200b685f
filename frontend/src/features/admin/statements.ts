// The sentence each confirmation states: what will change, to whom, from what to what.
import { formatMoney, formatTraffic } from '@/lib/format';
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

export function trafficStatement(email: string, row: Pick<TrafficRow, 'type' | 'available'> | undefined, type: string, amount: number): string {
  const available = row?.available ?? 0;
  const after = (cents(available) + cents(amount)) / 100;
  const change = amount > 0 ? `Grant ${gb(amount)} of ${kindName(type)} to` : `Remove ${gb(-amount)} of ${kindName(type)} from`;
  return `${change} ${email}: available ${gb(available)} → ${gb(after)}`;
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
