// POST /api/admin/users/{id}/balance {amount, reason}: credit (amount > 0) or debit a wallet.
import type { BalanceAnswer, BalanceBody } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export const adjustBalance = ({ id, ...body }: BalanceBody & { id: number }) =>
  adminRequest<BalanceAnswer>('POST', `/api/admin/users/${id}/balance`, { body });

export const useAdjustBalance = () => useAdminMutation(adjustBalance);
