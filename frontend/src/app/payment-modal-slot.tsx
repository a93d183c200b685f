// The app-wide slot of the payment dialog. Its code (and the form libraries it uses) is loaded
// only the first time the dialog opens, which keeps it out of the landing page's first load.
import { Suspense } from 'react';
import { lazyPage } from '@/lib/lazy-page';
import { usePaymentModalOpen } from '@/lib/payment-modal';

const AddFundsDialog = lazyPage(() => import('@/features/wallet/components/add-funds-dialog'));

export function PaymentModalSlot() {
  const open = usePaymentModalOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AddFundsDialog />
    </Suspense>
  );
}
