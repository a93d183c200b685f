// GET /api/admin/audit?actor&action&target&page&perPage: who changed what, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { AuditEntry, AuditFilter, Page } from '../types';
import { adminGet } from './admin-request';

export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: queryKeys.adminAudit(filter),
    queryFn: ({ signal }) => adminGet<Page<AuditEntry>>('/api/admin/audit', filter, signal),
    placeholderData: keepPreviousData,
  });
