// The customer came back from a checkout (/onboard/wallet?payment=<id>): a banner with that
// payment's status, a toast once per status, and on a confirmed payment a note to the app's other
// tabs so their balance refreshes too.
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/toast';
import { announceWalletChange } from '@/lib/wallet-sync';
import type { Payment } from '../api/get-wallet';

type Tone = 'success' | 'info' | 'error';
type Outcome = { tone: Tone; title: string; body: string };

const CREDITED = new Set<Payment['status']>(['paid', 'paid_over']);

function outcomeOf(payment: Payment): Outcome {
  const amount = `${formatMoney(payment.amount)} in ${payment.currency}`;
  switch (payment.status) {
    case 'paid':
    case 'paid_over':
      return { tone: 'success', title: 'Payment received', body: `Your payment of ${amount} was added to your balance.` };
    case 'pending':
      return { tone: 'info', title: 'Waiting for payment confirmation', body: `Your payment of ${amount} is being confirmed. This page updates by itself.` };
    case 'wrong_amount':
      return { tone: 'error', title: 'Payment underpaid', body: 'The amount received was less than requested. Please contact support.' };
    case 'cancel':
      return { tone: 'info', title: 'Payment cancelled', body: 'No money was taken. You can start a new top-up at any time.' };
    case 'expired':
      return { tone: 'info', title: 'Payment expired', body: 'The checkout timed out before a payment arrived. Please start a new top-up.' };
    default:
      return { tone: 'error', title: 'Payment failed', body: 'The payment did not go through. Please try again.' };
  }
}

const TONE_CLASSES: Record<Tone, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  info: 'border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

export function PaymentReturn({ payment }: { payment: Payment }) {
  const outcome = outcomeOf(payment);
  const shown = useRef<string | null>(null);
  const key = `${payment.id}:${outcome.title}`;

  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    notify[outcome.tone](outcome.title);
    if (CREDITED.has(payment.status)) announceWalletChange();
  }, [key, outcome.tone, outcome.title, payment.status]);

  return (
    <div role="status" className={cn('mb-6 rounded-2xl border p-4 sm:p-5', TONE_CLASSES[outcome.tone])} data-testid="payment-return">
      <p className="font-semibold">{outcome.title}</p>
      <p className="mt-1 text-sm opacity-90">{outcome.body}</p>
    </div>
  );
}
