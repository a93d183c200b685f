// /admin and /admin/dashboard: the shop at a glance for a period (7 to 365 days, `?period=30d` in the URL):
// totals, what needs attention (each warning links to the filtered list that resolves it), per-day charts,
// the margins per kind and per upstream pool, and stock.
import { useQuery } from '@tanstack/react-query';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney, formatTraffic } from '@/lib/format';
import { summaryQueryOptions } from '../api/get-summary';
import { AdminHeader } from '../components/admin-header';
import { SERIES_COLORS } from '../components/chart-data';
import { DayChart } from '../components/charts';
import { MarginsSection } from '../components/overview/margins';
import { StockSummaryTable } from '../components/overview/stock-summary';
import { PERIODS, usePeriod } from '../components/overview/use-period';
import { Warnings } from '../components/overview/warnings';
import type { Summary } from '../types';
import { plural } from '@/lib/plural';

const gb = formatTraffic;
/** Axis labels stay short: the unit is in the chart's title. */
const plain = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const count = (value: number) => String(Math.round(value));
const money = (value: number) => (value >= 1000 ? `$${(value / 1000).toFixed(1)}k` : formatMoney(value));

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {detail && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{detail}</p>}
    </div>
  );
}

function Charts({ summary }: { summary: Summary }) {
  const newCustomers = summary.customers.newPerDay.reduce((sum, day) => sum + day.count, 0);
  const sold = summary.traffic.perDay.reduce((sum, day) => sum + day.premiumSold + day.budgetSold, 0);
  const used = summary.traffic.perDay.reduce((sum, day) => sum + day.premiumUsed + day.budgetUsed, 0);
  const kinds = [
    { key: 'premium', label: 'Premium' },
    { key: 'budget', label: 'Budget' },
    { key: 'static', label: 'Static' },
    { key: 'lte', label: 'LTE' },
    { key: 'ipv4', label: 'IPv4' },
    { key: 'ipv6', label: 'IPv6' },
  ].map((kind, index) => ({ ...kind, color: SERIES_COLORS[index]! }));
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2">
      <Card>
        <DayChart
          title="New customers per day"
          data={summary.customers.newPerDay}
          series={[{ key: 'count', label: 'New customers', color: SERIES_COLORS[0]! }]}
          format={count}
          integer
          summary={`${plural(newCustomers, 'new customer', 'new customers')} from ${summary.from} to ${summary.to}`}
        />
      </Card>
      <Card>
        <DayChart
          title="Top-ups per day"
          kind="area"
          data={summary.topups.perDay}
          series={[{ key: 'amount', label: 'Top-ups', color: SERIES_COLORS[3]! }]}
          format={money}
          summary={`${formatMoney(summary.topups.total)} topped up from ${summary.from} to ${summary.to}`}
        />
      </Card>
      <Card>
        <DayChart
          title="Sales by kind per day"
          kind="stacked"
          data={summary.sales.perDay}
          series={kinds}
          format={money}
          summary={`${formatMoney(summary.sales.total)} of sales from ${summary.from} to ${summary.to}`}
        />
      </Card>
      <Card>
        <DayChart
          title="Residential traffic sold and used per day (GB)"
          kind="line"
          data={summary.traffic.perDay}
          series={[
            { key: 'premiumSold', label: 'Premium sold', color: SERIES_COLORS[0]! },
            { key: 'premiumUsed', label: 'Premium used', color: SERIES_COLORS[4]! },
            { key: 'budgetSold', label: 'Budget sold', color: SERIES_COLORS[1]! },
            { key: 'budgetUsed', label: 'Budget used', color: SERIES_COLORS[2]! },
          ]}
          format={gb}
          tick={plain}
          summary={`${gb(sold)} sold and ${gb(used)} used from ${summary.from} to ${summary.to}`}
        />
      </Card>
    </div>
  );
}

export default function AdminOverviewPage() {
  const [days, setDays] = usePeriod();
  const summary = useQuery(summaryQueryOptions(days));
  const data = summary.data;
  const piecesLive = data ? Object.values(data.piecesLive).reduce((sum, value) => sum + value, 0) : 0;

  return (
    <>
      <AdminHeader
        title="Overview"
        actions={
          <SelectField label="Period" value={days} onChange={(event) => setDays(Number(event.target.value))} className="w-40">
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
          </SelectField>
        }
      />
      {summary.isPending && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-28 rounded-2xl" />
          ))}
        </div>
      )}
      {summary.isError && !data && <EmptyState title="Could not load the overview." body="Please try again in a moment." />}
      {data && (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Stat label="Customers" value={String(data.customers.total)} detail={`${data.customers.disabled} disabled`} />
            <Stat label="Top-ups" value={formatMoney(data.topups.total)} detail={`${data.from} to ${data.to}`} />
            <Stat label="Sales" value={formatMoney(data.sales.total)} detail={`${data.from} to ${data.to}`} />
            <Stat label="Live pieces" value={String(piecesLive)} detail={`Static ${data.piecesLive.static}, LTE ${data.piecesLive.lte}, IPv4 ${data.piecesLive.ipv4}, IPv6 ${data.piecesLive.ipv6}`} />
          </div>
          <Warnings summary={data} />
          <Charts summary={data} />
          <MarginsSection days={days} />
          <Card title="Stock" className="mt-6">
            <StockSummaryTable stock={data.stock} threshold={data.lowStockThreshold} />
          </Card>
        </>
      )}
    </>
  );
}
