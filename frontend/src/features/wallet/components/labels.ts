// Human labels and badge colours for ledger kinds and payment statuses.
import type { LedgerEntry, Payment } from '../api/get-wallet';

export const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  topup: 'Top-up',
  purchase: 'Purchase',
  referral_bonus: 'Referral bonus',
  refund: 'Refund',
  admin_adjustment: 'Adjustment',
  sla_credit: 'SLA credit',
  client_sale: 'Client purchase',
  other: 'Other',
};

export const STATUS_LABELS: Record<Payment['status'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  paid_over: 'Overpaid',
  wrong_amount: 'Underpaid',
  cancel: 'Cancelled',
  expired: 'Expired',
  failed: 'Failed',
  unknown: 'Unknown',
};

const GREEN = 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30';
const AMBER = 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30';
const GREY = 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30';
const RED = 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30';

export const STATUS_CLASSES: Record<Payment['status'], string> = {
  pending: AMBER,
  paid: GREEN,
  paid_over: GREEN,
  wrong_amount: AMBER,
  cancel: GREY,
  expired: GREY,
  failed: RED,
  unknown: GREY,
};
