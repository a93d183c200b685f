// POST /api/admin/plans (new plan, 201) and PATCH /api/admin/plans/{id} (any field but the kind).
import type { AdminPlan, PlanBody, PlanPatch } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export type SavePlanInput = { id: null; body: PlanBody } | { id: number; body: PlanPatch };

export const savePlan = (input: SavePlanInput) =>
  input.id === null
    ? adminRequest<AdminPlan>('POST', '/api/admin/plans', { body: input.body })
    : adminRequest<AdminPlan>('PATCH', `/api/admin/plans/${input.id}`, { body: input.body });

export const useSavePlan = () => useAdminMutation(savePlan);
