// A payment status as a coloured pill (the text carries the meaning, the colour only helps).
import { cn } from '@/lib/cn';
import type { Payment } from '../api/get-wallet';
import { STATUS_CLASSES, STATUS_LABELS } from './labels';

export function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', STATUS_CLASSES[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}
