// GET /api/status: the public status page (docs/status.md): components with 90 days of uptime,
// incidents, maintenance and the months' SLA credits. Refetched every minute while open.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type StatusPage = Schemas['StatusPage'];
export type ComponentStatus = Schemas['ComponentStatus'];
export type IncidentView = Schemas['IncidentView'];
export type MaintenanceView = Schemas['MaintenanceView'];

export const statusQueryOptions = queryOptions({
  queryKey: queryKeys.status,
  queryFn: ({ signal }) => unwrap(api.GET('/api/status', { signal })),
  refetchInterval: 60_000,
});
