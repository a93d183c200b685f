// POST /api/admin/orders/{id}/resolve {outcome, proxies?, reason}: settles a pending or unknown
// order by hand (failed refunds it; delivered records the proxies).
import { api, unwrap } from '@/lib/api-client';
import type { ResolveBody } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export const resolveOrder = ({ id, ...body }: ResolveBody & { id: number }) =>
  unwrap(api.POST('/api/admin/orders/{id}/resolve', { params: { path: { id } }, body }));

export const useResolveOrder = () => useAdminMutation(resolveOrder);
