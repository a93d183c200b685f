// The app-wide "payment modal open" flag: any screen can open the dialog that
// the app shell renders in its slot, optionally with an amount to prefill (what a refused
// purchase was missing, see ./insufficient-balance.ts).
import { useSyncExternalStore } from 'react';

let open = false;
let prefill: number | null = null;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

export const paymentModal = {
  /** Opens the Add Funds dialog; `amount` (dollars) is put in its amount field. */
  open(amount?: number) {
    prefill = amount !== undefined && Number.isFinite(amount) && amount > 0 ? amount : null;
    open = true;
    emit();
  },
  close() {
    open = false;
    prefill = null;
    emit();
  },
  isOpen: () => open,
  /** The amount the dialog opens with, if any. */
  prefill: () => prefill,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePaymentModalOpen(): boolean {
  return useSyncExternalStore(subscribe, paymentModal.isOpen, paymentModal.isOpen);
}
