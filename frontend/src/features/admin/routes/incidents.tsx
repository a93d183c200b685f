// /admin/incidents: the status page's incidents and maintenance, newest first, with their state
// and last update; Open an incident, and Post update on one still open (docs/admin-api/incidents.md).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { incidentsQueryOptions } from '../api/incidents';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge } from '../components/badge';
import { IncidentDialog } from '../components/incidents/incident-dialog';

const COLUMNS = ['Title', 'Kind', 'Status', 'Components', 'Started', 'Last update', { label: 'Actions', align: 'right' as const }];
const when = (at: number) => new Date(at * 1000).toISOString().replace('T', ' ').slice(0, 16);

export default function IncidentsPage() {
  const incidents = useQuery(incidentsQueryOptions);
  const [editing, setEditing] = useState<{ id: number; title: string; status: string } | null | undefined>(undefined);
  const items = incidents.data?.items;
  return (
    <>
      <AdminHeader
        title="Incidents"
        crumbs={[{ label: 'Incidents' }]}
        actions={
          <Button size="sm" onClick={() => setEditing(null)}>
            <PlusIcon className="h-4 w-4" /> Open an incident
          </Button>
        }
      />
      <Card>
        <p className={`mb-4 text-sm ${MUTED}`}>What the public status page (/status) shows beside the measured minutes. Every change is audited.</p>
        <AdminTable
          label="Incidents and maintenance"
          columns={COLUMNS}
          loading={incidents.isPending}
          failed={incidents.isError && !items}
          empty={items?.length === 0}
          emptyText="No incidents yet."
          minWidth="min-w-[860px]"
        >
          {items?.map((row) => {
            const last = row.updates.at(-1);
            const resolved = row.resolvedAt !== null && row.resolvedAt !== undefined;
            return (
              <tr key={row.id}>
                <td className={CELL}>{row.title}</td>
                <td className={CELL}>{row.maintenance ? 'Maintenance' : 'Incident'}</td>
                <td className={CELL}>
                  <Badge tone={resolved ? 'green' : 'amber'}>{row.status}</Badge>
                </td>
                <td className={CELL}>
                  <code className="text-xs">{row.components.join(", ")}</code>
                </td>
                <td className={`${CELL} tabular-nums`}>{when(row.startedAt)}</td>
                <td className={`${CELL} max-w-xs truncate`}>{last?.body ?? ''}</td>
                <td className={ACTIONS}>
                  {!resolved && (
                    <Button size="sm" variant="ghost" onClick={() => setEditing({ id: row.id, title: row.title, status: row.status })}>
                      Post update
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </Card>
      {editing !== undefined && <IncidentDialog incident={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
