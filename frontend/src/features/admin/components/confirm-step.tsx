// The second step of a console action: what will change, in one sentence, with Back and Confirm.
import { Button } from '@/components/ui/button';

export function ConfirmStep({ statement, confirmLabel = 'Confirm', busy, onBack, onConfirm, danger = false }: {
  statement: string;
  confirmLabel?: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
  danger?: boolean;
}) {
  return (
    <div className="space-y-5">
      <p data-testid="confirm-statement" className="rounded-lg bg-slate-100 p-3 text-sm font-medium break-words text-slate-900 dark:bg-slate-800 dark:text-slate-100">
        {statement}
      </p>
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}

export function FormButtons({ onCancel, submitLabel, busy = false, disabled = false }: { onCancel: () => void; submitLabel: string; busy?: boolean; disabled?: boolean }) {
  return (
    <div className="flex justify-end gap-3 pt-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
