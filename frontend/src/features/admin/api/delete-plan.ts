// DELETE /api/admin/plans/{id}: deletes a plan never sold, otherwise deactivates it.
import { api, unwrap } from '@/lib/api-client';
import { useAdminMutation } from './use-admin-mutation';

export const deletePlan = (id: number) => unwrap(api.DELETE('/api/admin/plans/{id}', { params: { path: { id } } }));

export const useDeletePlan = () => useAdminMutation(deletePlan);
