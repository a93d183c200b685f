// The confirmation before anything is paid from the wallet ("Buy Plan / Are you sure you want
// to buy this plan? / Buy"): a title, the question, what is bought for what total, Cancel and
// the confirm button (busy while the purchase is pending). Plans and piece purchases share it.
// A purchase refused for an insufficient balance keeps the dialog open with what is missing
// and Add funds, which closes it and opens the payment dialog with that amount.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ADD_FUNDS, INSUFFICIENT_BALANCE, missingText } from '@/lib/insufficient-balance';
import { paymentModal } from '@/lib/payment-modal';

type ConfirmPurchaseDialogProps = {
  open: boolean;
  title: string;
  question: string;
  /** What is bought and the total, e.g. "5 GB for $15.00, paid from your wallet balance." */
  summary: ReactNode;
  confirmLabel?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra fields between the summary and the buttons (a traffic plan's custom amount). */
  children?: ReactNode;
  /** Dollars missing after a refusal for an insufficient balance; null otherwise. */
  missing?: number | null;
};

export function ConfirmPurchaseDialog({ open, title, question, summary, confirmLabel = 'Buy', busy, onConfirm, onClose, children, missing = null }: ConfirmPurchaseDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={question}>
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="purchase-summary">
        {summary}
      </p>
      {children}
      {missing !== null && (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <p>
            <span className="font-semibold">{INSUFFICIENT_BALANCE}.</span> {missingText(missing)}
          </p>
          <Button
            size="sm"
            onClick={() => {
              onClose();
              paymentModal.open(missing);
            }}
          >
            {ADD_FUNDS}
          </Button>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
