// POST /api/admin/plans (new plan, 201) and PATCH /api/admin/plans/{id} (any field but the kind).
import { api, unwrap } from '@/lib/api-client';
import type { PlanBody } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export type SavePlanInput = { id: number | null; body: PlanBody };

export const savePlan = ({ id, body }: SavePlanInput) =>
  id === null
    ? unwrap(api.POST('/api/admin/plans', { body }))
    : unwrap(api.PATCH('/api/admin/plans/{id}', { params: { path: { id } }, body }));

export const useSavePlan = () => useAdminMutation(savePlan);
