// The confirmation before anything is paid from the wallet ("Buy Plan / Are you sure you want
// to buy this plan? / Buy"): a title, the question, what is bought for what total, Cancel and
// the confirm button (busy while the purchase is pending). Plans and piece purchases share it.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

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
};

export function ConfirmPurchaseDialog({ open, title, question, summary, confirmLabel = 'Buy', busy, onConfirm, onClose, children }: ConfirmPurchaseDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={question}>
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="purchase-summary">
        {summary}
      </p>
      {children}
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
