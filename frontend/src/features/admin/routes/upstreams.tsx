// /admin/upstreams: the upstream pools Premium and Budget traffic is relayed through, with their
// state, the last 24 hours of real traffic (bytes, success rate, median connect time) and what the
// provider charges; create, edit, test, delete or deactivate.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { formatMoney } from '@/lib/format';
import { upstreamsQueryOptions } from '../api/upstreams';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge, type Tone } from '../components/badge';
import { UpstreamRemoveDialog, UpstreamTestDialog } from '../components/upstreams/upstream-dialogs';
import { UpstreamFormDialog } from '../components/upstreams/upstream-form';
import { bytesToGb, formatGb, when } from '../format';
import type { UpstreamPool } from '../types';

type Open = { kind: 'form'; pool: UpstreamPool | null } | { kind: 'test' | 'remove'; pool: UpstreamPool } | null;

const COLUMNS = [
  'Pool',
  'State',
  { label: 'Traffic 24 h', align: 'right' as const },
  { label: 'Success 24 h', align: 'right' as const },
  { label: 'Connect p50', align: 'right' as const },
  { label: 'Cost / GB', align: 'right' as const },
  { label: 'Actions', align: 'right' as const },
];

const STATE_TONES: Record<string, Tone> = { up: 'green', down: 'red', inactive: 'grey' };

const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(1)}%`);

export default function UpstreamsPage() {
  const pools = useQuery(upstreamsQueryOptions());
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const items = pools.data?.upstreams;

  return (
    <>
      <AdminHeader
        title="Upstream pools"
        crumbs={[{ label: 'Upstream pools' }]}
        actions={
          <Button size="sm" onClick={() => setOpen({ kind: 'form', pool: null })}>
            <PlusIcon className="h-4 w-4" /> New pool
          </Button>
        }
      />
      <Card>
        <AdminTable
          label="Upstream pools"
          columns={COLUMNS}
          loading={pools.isPending}
          failed={pools.isError && !items}
          empty={items?.length === 0}
          emptyText="No upstream pools yet: Premium and Budget traffic leaves from this server."
          minWidth="min-w-[860px]"
        >
          {items?.map((pool) => {
            const health = pool.health;
            return (
              <tr key={pool.id}>
                <td className={CELL}>
                  <span className="font-medium">{pool.name}</span>
                  <span className={`block text-xs ${MUTED}`}>
                    {pool.protocol} · {pool.kinds.join(', ')} · {pool.countries.length > 0 ? pool.countries.join(', ') : 'all countries'} · weight {pool.weight}
                  </span>
                </td>
                <td className={CELL}>
                  <Badge tone={STATE_TONES[health.state] ?? 'grey'}>{health.state}</Badge>
                  <span className={`block text-xs ${MUTED}`} title={health.lastError ?? undefined}>
                    {health.lastError ? `${health.failures} failed: ${health.lastError}` : `checked ${when(health.checkedAt, 'never')}`}
                  </span>
                </td>
                <td className={`${CELL} text-right tabular-nums`}>{formatGb(bytesToGb(health.traffic24hBytes))}</td>
                <td className={`${CELL} text-right tabular-nums`}>
                  {percent(health.successRate24h)}
                  <span className={`block text-xs ${MUTED}`}>{health.connects24h} connects</span>
                </td>
                <td className={`${CELL} text-right tabular-nums`}>{health.connectP50Ms === null || health.connectP50Ms === undefined ? '—' : `${health.connectP50Ms} ms`}</td>
                <td className={`${CELL} text-right tabular-nums`}>{formatMoney(pool.costPerGb)}</td>
                <td className={ACTIONS}>
                  <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'test', pool })} aria-label={`Test ${pool.name}`}>
                    Test
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'form', pool })} aria-label={`Edit ${pool.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => setOpen({ kind: 'remove', pool })} aria-label={`Delete ${pool.name}`}>
                    {pool.carriedBytes > 0 ? 'Deactivate' : 'Delete'}
                  </Button>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </Card>
      {open?.kind === 'form' && <UpstreamFormDialog pool={open.pool} onClose={close} />}
      {open?.kind === 'test' && <UpstreamTestDialog pool={open.pool} onClose={close} />}
      {open?.kind === 'remove' && <UpstreamRemoveDialog pool={open.pool} onClose={close} />}
    </>
  );
}
