// POST /api/admin/users/{id}/traffic {type, gb, reason}: grant (gb > 0) or remove premium/budget GB.
import { api, unwrap } from '@/lib/api-client';
import type { TrafficKind } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export const changeTraffic = ({ id, type, gb, reason }: { id: number; type: TrafficKind; gb: number; reason: string }) =>
  unwrap(api.POST('/api/admin/users/{id}/traffic', { params: { path: { id } }, body: { type, gb, reason } }));

export const useChangeTraffic = () => useAdminMutation(changeTraffic);
