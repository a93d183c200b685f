// POST /api/admin/users/{id}/role {role}: make a customer an administrator or back.
import { api, unwrap } from '@/lib/api-client';
import type { Role } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export const changeRole = ({ id, role }: { id: number; role: Role }) =>
  unwrap(api.POST('/api/admin/users/{id}/role', { params: { path: { id } }, body: { role } }));

export const useChangeRole = () => useAdminMutation(changeRole);
