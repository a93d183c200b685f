// GET and PUT /api/admin/users/{id}/prices {type, percentOff, reason?}: a customer's own discount
// per kind (1–90 % off every list price of the kind; 0 removes it), audited with its reason.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CustomerPriceBody } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export const customerPricesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminUser(id), 'prices'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/users/{id}/prices', { params: { path: { id } }, signal })),
  });

export function useSetCustomerPrice() {
  return useAdminMutation(({ id, body }: { id: number; body: CustomerPriceBody }) =>
    unwrap(api.PUT('/api/admin/users/{id}/prices', { params: { path: { id } }, body })),
  );
}
