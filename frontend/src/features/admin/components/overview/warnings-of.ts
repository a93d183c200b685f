// The overview's warnings, each with the filtered list that resolves it.
import type { Summary } from '../../types';
import { kindName } from '../../kinds';
import { plural } from '@/lib/plural';

type Warning = { text: string; to: string; link: string };

export function warningsOf(summary: Summary): Warning[] {
  const list: Warning[] = [];
  for (const row of summary.stock) {
    if (!row.low) continue;
    const entries = plural(row.lowEntries, 'entry', 'entries');
    list.push({ text: `Low stock: ${kindName(row.type)} has ${entries} under ${summary.lowStockThreshold} available`, to: `/admin/stock?type=${row.type}`, link: `Open ${kindName(row.type)} stock` });
  }
  if (summary.paymentsPending > 0) {
    list.push({ text: `${plural(summary.paymentsPending, 'payment is', 'payments are')} pending`, to: '/admin/payments?status=pending', link: 'Open pending payments' });
  }
  if (summary.ordersUnknown > 0) {
    list.push({ text: `${plural(summary.ordersUnknown, 'order has', 'orders have')} an unknown outcome`, to: '/admin/orders?status=unknown', link: 'Resolve unknown orders' });
  }
  if (summary.ordersPending > 0) {
    list.push({ text: `${plural(summary.ordersPending, 'order is', 'orders are')} pending`, to: '/admin/orders?status=pending', link: 'Open pending orders' });
  }
  return list;
}
