// Values the console's filters offer, as the API spells them.

export const PAYMENT_STATUSES = ['pending', 'paid', 'paid_over', 'wrong_amount', 'cancel', 'expired', 'failed'];

export const ORDER_STATUSES = ['pending', 'unknown', 'delivered', 'failed'];

export const AUDIT_ACTIONS = [
  'user.balance',
  'user.traffic',
  'user.disable',
  'user.enable',
  'user.role',
  'plan.create',
  'plan.update',
  'plan.delete',
  'plan.deactivate',
  'coupon.create',
  'coupon.update',
  'user.prices',
  'stock.create',
  'stock.update',
  'order.resolve',
  'payment.check',
  'payout.approve',
  'payout.retry',
  'payout.paid',
  'payout.failed',
  'payout.refuse',
  'blocklist.create',
  'blocklist.update',
  'blocklist.delete',
];
