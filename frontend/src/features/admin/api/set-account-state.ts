// POST /api/admin/users/{id}/disable {reason} and /enable {reason?}: block or unblock an account
// (disabling also ends its sessions).
import { api, unwrap } from '@/lib/api-client';
import { useAdminMutation } from './use-admin-mutation';

export type AccountStateInput = { id: number; disable: boolean; reason: string };

export const setAccountState = ({ id, disable, reason }: AccountStateInput) => {
  const options = { params: { path: { id } }, body: disable || reason ? { reason } : {} };
  return unwrap(disable ? api.POST('/api/admin/users/{id}/disable', options) : api.POST('/api/admin/users/{id}/enable', options));
};

export const useSetAccountState = () => useAdminMutation(setAccountState);
