// POST /api/admin/users/{id}/traffic {type, gb, reason}: grant (gb > 0) or remove premium/budget GB.
import type { TrafficAnswer, TrafficBody } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export const changeTraffic = ({ id, ...body }: TrafficBody & { id: number }) =>
  adminRequest<TrafficAnswer>('POST', `/api/admin/users/${id}/traffic`, { body });

export const useChangeTraffic = () => useAdminMutation(changeTraffic);
