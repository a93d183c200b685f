// POST /api/admin/payments/{id}/check: asks the payment provider about the invoice and settles it
// through the same path as the provider's callback.
import { api, unwrap } from '@/lib/api-client';
import { useAdminMutation } from './use-admin-mutation';

export const checkPayment = (id: string) => unwrap(api.POST('/api/admin/payments/{id}/check', { params: { path: { id } } }));

export const useCheckPayment = () => useAdminMutation(checkPayment);
