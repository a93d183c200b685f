// The Usage tab's usage chart with its Daily / Hourly switch: the last 30 UTC days (GET
// /api/user/usage) or the last 48 UTC hours (GET /api/user/usage/breakdown?by=hour, asked for
// only once Hourly is chosen); both re-read every few seconds while the page is visible.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '@/components/ui/page-parts';
import { Segmented } from '@/components/ui/segmented';
import { useNow } from '@/hooks/use-now';
import type { ProxyKind } from '@/lib/kinds';
import { breakdownQueryOptions } from '../api/get-breakdown';
import { fillDays, usageQueryOptions } from '../api/get-usage';
import { chartWindow, fillBuckets, hourFrom, NO_FILTER } from '../usage-records';
import { QueryFrame } from './usage-bytes';
import { UsageChart, type UsagePeriod } from './usage-chart';

const PERIODS = [
  { label: 'Daily', value: 'day' },
  { label: 'Hourly', value: 'hour' },
] as const;

export function UsageOverTime({ kind }: { kind: ProxyKind }) {
  const now = useNow();
  const [period, setPeriod] = useState<UsagePeriod>('day');
  const daily = useQuery(usageQueryOptions(kind));
  const window = chartWindow('hour', NO_FILTER, now);
  const hourly = useQuery({ ...breakdownQueryOptions(kind, 'hour', NO_FILTER, hourFrom(window.start)), enabled: period === 'hour' });
  const shown = period === 'day' ? daily : hourly;
  const buckets =
    period === 'day' ? fillDays(daily.data ?? [], undefined, now).map(({ day, bytes }) => ({ key: day, bytes })) : fillBuckets('hour', hourly.data ?? [], window);
  return (
    <Card
      title={period === 'day' ? 'Daily usage' : 'Hourly usage'}
      actions={
        <div className="w-44">
          <Segmented legend="Usage per" name={`usage-period-${kind}`} options={PERIODS} value={period} onChange={setPeriod} hideLegend />
        </div>
      }
    >
      <QueryFrame isPending={shown.isPending} isError={shown.isError} error={shown.error} onRetry={() => void shown.refetch()} what="usage" height="h-56">
        <UsageChart buckets={buckets} period={period} />
      </QueryFrame>
    </Card>
  );
}
