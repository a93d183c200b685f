// DELETE /api/admin/plans/{id}: deletes a plan never sold, otherwise deactivates it.
import type { PlanDeleted } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export const deletePlan = (id: number) => adminRequest<PlanDeleted>('DELETE', `/api/admin/plans/${id}`);

export const useDeletePlan = () => useAdminMutation(deletePlan);
