// GET /api/admin/plans?type=: every plan, inactive ones too, by kind then sort order.
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { AdminPlan } from '../types';
import { adminGet } from './admin-request';

export const plansQueryOptions = (type: string) =>
  queryOptions({
    queryKey: queryKeys.adminPlans(type),
    queryFn: ({ signal }) => adminGet<{ items: AdminPlan[] }>('/api/admin/plans', { type }, signal),
  });
