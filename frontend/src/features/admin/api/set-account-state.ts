// POST /api/admin/users/{id}/disable {reason} and /enable {reason?}: block or unblock an account
// (disabling also ends its sessions).
import { api, unwrap } from '@/lib/api-client';
import { useAdminMutation } from './use-admin-mutation';

export type AccountStateInput = { id: number; disable: boolean; reason: string };

export const setAccountState = ({ id, disable, reason }: AccountStateInput) => {
  const params = { path: { id } };
  return unwrap(
    disable
      ? api.POST('/api/admin/users/{id}/disable', { params, body: { reason } })
      : api.POST('/api/admin/users/{id}/enable', { params, body: reason ? { reason } : {} }),
  );
};

export const useSetAccountState = () => useAdminMutation(setAccountState);
