// POST /api/admin/orders/{id}/resolve {outcome, proxies?, reason}: settles a pending or unknown
// order by hand (failed refunds it; delivered records the proxies).
import type { AdminOrder, ResolveBody } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export const resolveOrder = ({ id, ...body }: ResolveBody & { id: number }) =>
  adminRequest<{ order: AdminOrder }>('POST', `/api/admin/orders/${id}/resolve`, { body });

export const useResolveOrder = () => useAdminMutation(resolveOrder);
