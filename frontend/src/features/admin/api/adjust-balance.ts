// POST /api/admin/users/{id}/balance {amount, reason}: credit (amount > 0) or debit a wallet.
import { api, unwrap } from '@/lib/api-client';
import { useAdminMutation } from './use-admin-mutation';

export const adjustBalance = ({ id, amount, reason }: { id: number; amount: number; reason: string }) =>
  unwrap(api.POST('/api/admin/users/{id}/balance', { params: { path: { id } }, body: { amount, reason } }));

export const useAdjustBalance = () => useAdminMutation(adjustBalance);
