// POST /api/admin/users/{id}/disable {reason} and /enable {reason?}: block or unblock an account
// (disabling also ends its sessions).
import type { UserAnswer } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export type AccountStateInput = { id: number; disable: boolean; reason: string };

export const setAccountState = ({ id, disable, reason }: AccountStateInput) =>
  adminRequest<UserAnswer>('POST', `/api/admin/users/${id}/${disable ? 'disable' : 'enable'}`, {
    body: disable || reason ? { reason } : {},
  });

export const useSetAccountState = () => useAdminMutation(setAccountState);
