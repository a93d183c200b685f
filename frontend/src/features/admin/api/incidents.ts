// /api/admin/incidents: the status page's incidents and maintenance (docs/admin-api/incidents.md):
// listed, opened, updated (resolved), and maintenance scheduled; the components they may name come
// from the public GET /api/status.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { BodyOf } from '@/lib/api-types';
import type { paths } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

export type IncidentBody = BodyOf<paths['/api/admin/incidents']['post']>;
export type MaintenanceBody = BodyOf<paths['/api/admin/maintenance']['post']>;
export type IncidentUpdateBody = BodyOf<paths['/api/admin/incidents/{id}']['patch']>;

export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;

export const incidentsQueryOptions = queryOptions({
  queryKey: queryKeys.adminIncidents,
  queryFn: ({ signal }) => unwrap(api.GET('/api/admin/incidents', { signal })),
});

/** The components an incident may name, as the public page lists them. */
export const componentsQueryOptions = queryOptions({
  queryKey: [...queryKeys.adminIncidents, 'components'] as const,
  queryFn: async ({ signal }) => (await unwrap(api.GET('/api/status', { signal }))).components.map((c) => ({ id: c.id, name: c.name })),
});

export const useOpenIncident = () => useAdminMutation((body: IncidentBody) => unwrap(api.POST('/api/admin/incidents', { body })));

export const useScheduleMaintenance = () => useAdminMutation((body: MaintenanceBody) => unwrap(api.POST('/api/admin/maintenance', { body })));

export const useUpdateIncident = () =>
  useAdminMutation(({ id, body }: { id: number; body: IncidentUpdateBody }) =>
    unwrap(api.PATCH('/api/admin/incidents/{id}', { params: { path: { id } }, body })),
  );
