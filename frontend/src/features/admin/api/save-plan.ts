// POST /api/admin/plans (new plan, 201) and PATCH /api/admin/plans/{id} (any field but the kind).
import { api, unwrap } from '@/lib/api-client';
import type { PlanBody, PlanPatch } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export type SavePlanInput = { id: null; body: PlanBody } | { id: number; body: PlanPatch };

export const savePlan = (input: SavePlanInput) =>
  input.id === null
    ? unwrap(api.POST('/api/admin/plans', { body: input.body }))
    : unwrap(api.PATCH('/api/admin/plans/{id}', { params: { path: { id: input.id } }, body: input.body }));

export const useSavePlan = () => useAdminMutation(savePlan);
