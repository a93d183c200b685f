// A dialog asking to confirm one destructive action (remove, revoke, delete): Cancel and the
// action, the action busy while its call is pending.
import { Button } from './button';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  /** The action button's label ("Remove", "Revoke", "Delete"). */
  action: string;
  busy: boolean;
  onConfirm: () => void;
};

export function ConfirmDialog({ open, onClose, title, description, action, busy, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {action}
        </Button>
      </div>
    </Dialog>
  );
}
