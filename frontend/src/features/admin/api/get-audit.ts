// GET /api/admin/audit?actor&action&target&page&perPage: who changed what, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AuditFilter } from '../types';
import { withoutEmpty } from './query';

export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: queryKeys.adminAudit(filter),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/audit', { params: { query: withoutEmpty(filter) }, signal })),
    placeholderData: keepPreviousData,
  });
