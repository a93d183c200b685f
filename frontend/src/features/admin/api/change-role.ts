// POST /api/admin/users/{id}/role {role}: make a customer an administrator or back.
import type { Role, UserAnswer } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export const changeRole = ({ id, role }: { id: number; role: Role }) =>
  adminRequest<UserAnswer>('POST', `/api/admin/users/${id}/role`, { body: { role } });

export const useChangeRole = () => useAdminMutation(changeRole);
