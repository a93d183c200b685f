// The abuse desk (docs/admin-api/abuse.md): GET /api/admin/abuse?status&page&perPage (the queue),
// GET /api/admin/abuse/{id} (a case with the connection records it matches), and its actions:
// PATCH {status}, POST …/reply {message}, …/warn {recordId, message}, …/suspend, …/disable-customer
// and …/block {recordId, reason}.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { withoutEmpty } from './query';
import { useAdminMutation } from './use-admin-mutation';

export type AbuseCase = Schemas['AbuseCase'];
export type AbuseMatch = Schemas['AbuseMatch'];
export type AbuseCasesFilter = { status: string; page: number; perPage: number };
export type CaseStatus = Schemas['StatusRequest']['status'];

export const abuseCasesQueryOptions = (filter: AbuseCasesFilter) =>
  queryOptions({
    queryKey: queryKeys.adminAbuseCases(filter),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/abuse', { params: { query: withoutEmpty(filter) }, signal })),
    placeholderData: keepPreviousData,
  });

export const abuseCaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminAbuseCase(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/abuse/{id}', { params: { path: { id } }, signal })),
  });

const path = (id: number) => ({ params: { path: { id } } });

export const setCaseStatus = ({ id, status }: { id: number; status: CaseStatus }) =>
  unwrap(api.PATCH('/api/admin/abuse/{id}', { ...path(id), body: { status } }));
export const replyToReporter = ({ id, message }: { id: number; message: string }) =>
  unwrap(api.POST('/api/admin/abuse/{id}/reply', { ...path(id), body: { message } }));
export const warnCustomer = ({ id, recordId, message }: { id: number; recordId: number; message: string }) =>
  unwrap(api.POST('/api/admin/abuse/{id}/warn', { ...path(id), body: { recordId, message } }));

/** The actions on the customer behind one record, each with a reason. */
export type EnforceAction = 'suspend' | 'disable-customer' | 'block';
export type EnforceInput = { id: number; action: EnforceAction; recordId: number; reason: string };

export function enforce({ id, action, recordId, reason }: EnforceInput) {
  const body = { recordId, reason };
  switch (action) {
    case 'suspend':
      return unwrap(api.POST('/api/admin/abuse/{id}/suspend', { ...path(id), body }));
    case 'disable-customer':
      return unwrap(api.POST('/api/admin/abuse/{id}/disable-customer', { ...path(id), body }));
    case 'block':
      return unwrap(api.POST('/api/admin/abuse/{id}/block', { ...path(id), body }));
  }
}

export const useSetCaseStatus = () => useAdminMutation(setCaseStatus);
export const useReplyToReporter = () => useAdminMutation(replyToReporter);
export const useWarnCustomer = () => useAdminMutation(warnCustomer);
export const useEnforce = () => useAdminMutation(enforce);
