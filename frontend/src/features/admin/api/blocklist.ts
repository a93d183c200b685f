// GET/POST /api/admin/blocklist, PATCH/DELETE /api/admin/blocklist/{id}: the destinations the
// gateway refuses to every customer (docs/admin-api/blocklist.md); GET /api/acceptable-use: the
// same rules with the category files and refused ports, as the public page states them.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

export type BlocklistRule = Schemas['BlocklistRule'];
export type RuleBody = { pattern?: string; kinds?: BlocklistRule['kinds']; reason?: string; active?: boolean };

export const blocklistQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminBlocklist, page],
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/blocklist', { params: { query: { page, perPage: 50 } }, signal })),
  });

export const categoriesQueryOptions = queryOptions({
  queryKey: [...queryKeys.adminBlocklist, 'categories'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/acceptable-use', { signal })),
});

export const addRule = (body: RuleBody) => unwrap(api.POST('/api/admin/blocklist', { body }));
export const changeRule = ({ id, ...body }: RuleBody & { id: number }) =>
  unwrap(api.PATCH('/api/admin/blocklist/{id}', { params: { path: { id } }, body }));
export const deleteRule = (id: number) => unwrap(api.DELETE('/api/admin/blocklist/{id}', { params: { path: { id } } }));

export const useAddRule = () => useAdminMutation(addRule);
export const useChangeRule = () => useAdminMutation(changeRule);
export const useDeleteRule = () => useAdminMutation(deleteRule);
