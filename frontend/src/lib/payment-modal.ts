// The app-wide "payment modal open" flag: any screen can open the dialog that
// the app shell renders in its slot.
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

export const paymentModal = {
  open() {
    open = true;
    emit();
  },
  close() {
    open = false;
    emit();
  },
  isOpen: () => open,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePaymentModalOpen(): boolean {
  return useSyncExternalStore(subscribe, paymentModal.isOpen, paymentModal.isOpen);
}
