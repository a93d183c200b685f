// The usage record of a generator page's kind (docs/api.md#usage-records), under one set of
// filters: traffic per hour and per day, the top target hosts, the usage per credential, the
// connections themselves in pages of 50 (walked by cursor), and the CSV or JSON export of the matching
// connections within its window (the filter's dates, else the last 24 hours): downloaded at once
// for a day, prepared in the background for a longer window (`ExportsCard`). The
// bytes are what the meter counted, so they add up to what the traffic balance lost.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { useNow } from '@/hooks/use-now';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import type { ProxyKind } from '@/lib/kinds';
import { saveBlob } from '@/lib/text-file';
import { notify } from '@/lib/toast';
import { EXPORT_MAX_DAYS, SAVED, useExportRequests } from '../api/export-requests';
import { EXPORT_ASKED, useRequestExport } from '../api/usage-exports';
import { breakdownQueryOptions } from '../api/get-breakdown';
import { REQUESTS_PER_PAGE, requestsQueryOptions } from '../api/get-requests';
import {
  breakdownColumns,
  chartWindow,
  fillBuckets,
  formatCount,
  hourFrom,
  isFiltered,
  NO_FILTER,
  recordsFileName,
  type RecordsFormat,
  spansDays,
  type UsageFilter,
  windowTitle,
} from '../usage-records';
import { BreakdownTable } from './breakdown-table';
import { BucketChart } from './bucket-chart';
import { CursorPager } from './cursor-pager';
import { ExportsCard } from './exports-card';
import { RequestsTable } from './requests-table';
import { TableDownloads } from './table-downloads';
import { QueryFrame } from './usage-bytes';
import { UsageFilters } from './usage-filters';
import { pluralNoun } from '@/lib/plural';

function TimeChart({ kind, by, filter, now }: { kind: ProxyKind; by: 'day' | 'hour'; filter: UsageFilter; now: Date }) {
  const window = chartWindow(by, filter, now);
  // only the buckets the chart draws are asked for
  const from = by === 'day' ? new Date(window.start).toISOString().slice(0, 10) : hourFrom(window.start);
  const rows = useQuery(breakdownQueryOptions(kind, by, filter, from));
  const buckets = fillBuckets(by, rows.data ?? [], window);
  const unitName = by === 'day' ? 'day' : 'hour';
  const title = windowTitle(by, filter, buckets.map((bucket) => bucket.key));
  return (
    <Card title={by === 'day' ? 'Traffic per day' : 'Traffic per hour'} className="min-w-0">
      <QueryFrame isPending={rows.isPending} isError={rows.isError} error={rows.error} onRetry={() => void rows.refetch()} what={`${unitName}ly traffic`} height="h-56">
        <BucketChart title={title} unitName={unitName} buckets={buckets} testId={`${by}-chart`} />
      </QueryFrame>
    </Card>
  );
}

function BreakdownCard({ kind, by, filter }: { kind: ProxyKind; by: 'host' | 'credential'; filter: UsageFilter }) {
  const rows = useQuery(breakdownQueryOptions(kind, by, filter));
  const title = by === 'host' ? 'Top hosts' : 'Usage per credential';
  return (
    <Card
      title={title}
      className="min-w-0"
      actions={<TableDownloads kind={kind} table={by === 'host' ? 'hosts' : 'credentials'} title={title} columns={breakdownColumns(by)} rows={rows.data} />}
    >
      <QueryFrame isPending={rows.isPending} isError={rows.isError} error={rows.error} onRetry={() => void rows.refetch()} what={by === 'host' ? 'top hosts' : 'usage per credential'}>
        <BreakdownTable label={title} by={by} rows={rows.data ?? []} testId={`${by}-breakdown`} />
      </QueryFrame>
    </Card>
  );
}

export function UsageRecord({ kind }: { kind: ProxyKind }) {
  const now = useNow();
  const [filter, setFilter] = useState<UsageFilter>(NO_FILTER);
  // the cursors of the pages walked so far: none on the newest page
  const [cursors, setCursors] = useState<string[]>([]);
  const requests = useQuery(requestsQueryOptions(kind, filter, cursors.at(-1) ?? null));
  // A page read by cursor carries no total (the server counts on the first page only): the
  // newest page's, from the cache, stands for it; this observer never fetches.
  const newest = useQuery({ ...requestsQueryOptions(kind, filter, null), enabled: false });
  const exportFile = useExportRequests();
  const prepare = useRequestExport();

  function onFilter(next: UsageFilter) {
    setFilter(next);
    setCursors([]);
  }

  function onExport(format: RecordsFormat) {
    if (spansDays(filter, now)) {
      prepare.mutate(
        { kind, filter, format },
        { onSuccess: () => notify.success(EXPORT_ASKED), onError: (error) => notify.error(errorMessage(error)) },
      );
      return;
    }
    exportFile.mutate(
      { kind, filter, format },
      {
        onSuccess: (blob) => {
          saveBlob(blob, recordsFileName(kind, format));
          notify.success(SAVED[format]);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  const counted = requests.data?.total != null ? requests.data : newest.data;
  const total = counted?.total ?? null;
  const totalCapped = counted?.totalCapped ?? false;
  return (
    <>
      <Card
        title="Usage record"
        actions={
          <div className="flex gap-2">
            {(['csv', 'json'] as const).map((format) => (
              <Button
                key={format}
                variant="outline"
                size="sm"
                onClick={() => onExport(format)}
                busy={(exportFile.isPending && exportFile.variables.format === format) || (prepare.isPending && prepare.variables.format === format)}
                disabled={exportFile.isPending || prepare.isPending}
              >
                <DownloadIcon className="h-4 w-4" />
                Export {format.toUpperCase()}
              </Button>
            ))}
          </div>
        }
      >
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
          Every connection through the gateway, with the bytes the meter counted: they add up to what your traffic balance lost. Dates are UTC; the
          export (CSV, or JSON: an array of the requests as the API lists them) holds the requests that match the filters between their dates, or in the last 24 hours without a start date, at most {EXPORT_MAX_DAYS}{' '}
          days at once; an export of more than a day is prepared in the background and listed below to download when ready.
        </p>
        <UsageFilters onChange={onFilter} today={now.toISOString().slice(0, 10)} />
      </Card>
      <ExportsCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <TimeChart kind={kind} by="hour" filter={filter} now={now} />
        <TimeChart kind={kind} by="day" filter={filter} now={now} />
      </div>
      <div className="grid gap-6 2xl:grid-cols-2">
        <BreakdownCard kind={kind} by="host" filter={filter} />
        <BreakdownCard kind={kind} by="credential" filter={filter} />
      </div>
      <Card
        title="Requests"
        actions={
          total !== null && (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="requests-total">
              {formatCount(total)}
              {totalCapped ? '+' : ''} {pluralNoun(total, 'request', 'requests')}
            </p>
          )
        }
      >
        <div aria-busy={requests.isFetching || undefined}>
          <RequestsTable
            rows={requests.data?.requests}
            isPending={requests.isPending}
            error={requests.isError && !requests.data ? requests.error : null}
            filtered={isFiltered(filter)}
            onRetry={() => void requests.refetch()}
          />
        </div>
        {filter.host.trim() !== '' && (
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400" data-testid="host-window">
            A host search covers 7 days at most: the last 7 days, or up to the end date, unless you set a start date.
          </p>
        )}
        <CursorPager
          depth={cursors.length}
          perPage={requests.data?.perPage ?? REQUESTS_PER_PAGE}
          shown={requests.data?.requests.length ?? 0}
          total={total}
          totalCapped={totalCapped}
          nextCursor={requests.data?.nextCursor}
          onNewer={() => setCursors((walked) => walked.slice(0, -1))}
          onOlder={(cursor) => setCursors((walked) => [...walked, cursor])}
          onNewest={() => setCursors([])}
        />
      </Card>
    </>
  );
}
