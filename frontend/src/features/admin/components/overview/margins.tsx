// The overview's margins for the period: what the traffic sold by the GB brought in against what the
// upstream pools charged for carrying it, per kind (a table of totals and a chart of the margin per
// day) and per pool (docs/admin-api/margins.md).
import { useQuery } from '@tanstack/react-query';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney, formatTraffic } from '@/lib/format';
import { marginsQueryOptions } from '../../api/get-margins';
import { kindName } from '../../kinds';
import type { MarginFigures, Margins } from '../../types';
import { AdminTable, CELL, MUTED } from '../admin-table';
import { Badge } from '../badge';
import { SERIES_COLORS } from '../chart-data';
import { DayChart } from '../charts';
import { formatPercent, marginRows, signedMoney } from './margins-data';

const right = (label: string, wide = false) => ({ label, align: 'right' as const, wide });
// on a phone: the name, revenue and margin
const COLUMNS = (first: string) => [first, right('Sold', true), right('Revenue'), right('Carried', true), right('Cost', true), right('Margin'), right('Margin %', true)];
const NUMBER = `${CELL} text-right tabular-nums whitespace-nowrap`;
const WIDE = `${NUMBER} hidden sm:table-cell`;
const axisMoney = (value: number) => (Math.abs(value) >= 1000 ? `$${(value / 1000).toFixed(1)}k` : signedMoney(value));

function FigureCells({ figures }: { figures: MarginFigures }) {
  const tone = figures.margin < 0 ? 'text-red-700 dark:text-red-400' : '';
  return (
    <>
      <td className={WIDE}>{formatTraffic(figures.gbSold)}</td>
      <td className={NUMBER}>{formatMoney(figures.revenue)}</td>
      <td className={WIDE}>{formatTraffic(figures.gbCarried)}</td>
      <td className={WIDE}>{formatMoney(figures.cost)}</td>
      <td className={`${NUMBER} font-semibold ${tone}`}>{signedMoney(figures.margin)}</td>
      <td className={`${WIDE} ${tone}`}>{formatPercent(figures.marginPercent)}</td>
    </>
  );
}

function KindTotals({ margins }: { margins: Margins }) {
  return (
    <AdminTable label="Margins per kind" columns={COLUMNS('Kind')} loading={false} failed={false} empty={false} emptyText="" minWidth="min-w-[280px]">
      {margins.kinds.map((kind) => (
        <tr key={kind.type}>
          <td className={`${CELL} font-medium`}>{kindName(kind.type)}</td>
          <FigureCells figures={kind.total} />
        </tr>
      ))}
      <tr className="border-t border-slate-200 dark:border-slate-700">
        <td className={`${CELL} font-semibold`}>Total</td>
        <FigureCells figures={margins.total} />
      </tr>
    </AdminTable>
  );
}

function PoolTable({ margins }: { margins: Margins }) {
  return (
    <AdminTable label="Margins per pool" columns={COLUMNS('Pool')} loading={false} failed={false} empty={margins.pools.length === 0} emptyText="No upstream pools yet: all traffic goes direct." minWidth="min-w-[280px]">
      {margins.pools.map((pool) => (
        <tr key={pool.id}>
          <td className={CELL}>
            <span className="font-medium">{pool.name}</span> {!pool.active && <Badge tone="grey">Inactive</Badge>}
          </td>
          <FigureCells figures={pool.total} />
        </tr>
      ))}
    </AdminTable>
  );
}

export function MarginsSection({ days }: { days: number }) {
  const query = useQuery(marginsQueryOptions(days));
  const margins = query.data;
  if (query.isPending) return <Skeleton className="mt-6 h-72 rounded-2xl" />;
  if (!margins) return <EmptyState title="Could not load the margins." body="Please try again in a moment." />;
  const series = margins.kinds.map((kind, index) => ({ key: kind.type, label: kindName(kind.type), color: SERIES_COLORS[index]! }));
  return (
    <>
      <Card title="Margins" className="mt-6">
        <p className={`mb-4 text-sm ${MUTED}`}>
          Revenue is what customers paid for the traffic they used, at their average price per GB; cost is what the upstream pools charged for the
          traffic they carried.
        </p>
        <KindTotals margins={margins} />
        <div className="mt-6">
          <DayChart
            title="Margin per day (USD)"
            data={marginRows(margins)}
            series={series}
            format={signedMoney}
            tick={axisMoney}
            summary={`${signedMoney(margins.total.margin)} margin on ${formatMoney(margins.total.revenue)} of revenue from ${margins.from} to ${margins.to}`}
          />
        </div>
      </Card>
      <Card title="Upstream pools" className="mt-6">
        <PoolTable margins={margins} />
      </Card>
    </>
  );
}
