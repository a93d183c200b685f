// POST /api/admin/payments/{id}/check: asks the payment provider about the invoice and settles it
// through the same path as the provider's callback.
import type { PaymentChecked } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export const checkPayment = (id: string) =>
  adminRequest<PaymentChecked>('POST', `/api/admin/payments/${encodeURIComponent(id)}/check`);

export const useCheckPayment = () => useAdminMutation(checkPayment);
