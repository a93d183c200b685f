// The Reports tab: per client, for a window of days and a kind, the GB given and taken back, the GB
// used, what is left now, and what the client paid (revenue) against what the shop charged for
// those sales (cost), with the totals and the same report as a CSV file; and the low-pool alerts,
// the GB of the reseller's own traffic below which it is notified.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DataTable, FullRow, SkeletonRows, WIDE_ONLY, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { saveBlob } from '@/lib/text-file';
import { notify } from '@/lib/toast';
import { useAlerts, useReport, useReportCsv, useSaveAlerts, type ReportFilter } from '../api/reports';
import { bytesText, MUTED, trafficKindName } from '../format';
import { alertsSchema, TRAFFIC_KINDS, type AlertsValues } from '../schemas';
import { showServerError } from './server-errors';

const COLUMNS: Column[] = [
  'Client',
  { label: 'Given', align: 'right', wide: true },
  { label: 'Taken back', align: 'right', wide: true },
  { label: 'Used', align: 'right' },
  { label: 'Left now', align: 'right', wide: true },
  { label: 'Revenue', align: 'right' },
  { label: 'Cost', align: 'right', wide: true },
];

const day = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

function initialFilter(): ReportFilter {
  const now = Date.now();
  return { from: day(new Date(now - 29 * DAY_MS)), to: day(new Date(now)), type: '' };
}

type Figures = { allocatedBytes: number; reclaimedBytes: number; usedBytes: number; availableBytes: number; revenue: number; cost: number };

function FigureCells({ figures }: { figures: Figures }) {
  const cell = 'py-3 pr-4 text-right whitespace-nowrap tabular-nums';
  return (
    <>
      <td className={cn(cell, WIDE_ONLY)}>{bytesText(figures.allocatedBytes)}</td>
      <td className={cn(cell, WIDE_ONLY)}>{bytesText(figures.reclaimedBytes)}</td>
      <td className={cell}>{bytesText(figures.usedBytes)}</td>
      <td className={cn(cell, WIDE_ONLY)}>{bytesText(figures.availableBytes)}</td>
      <td className={cn(cell, 'max-sm:pr-0')}>{formatMoney(figures.revenue)}</td>
      <td className={cn(cell, 'pr-0', WIDE_ONLY)}>{formatMoney(figures.cost)}</td>
    </>
  );
}

function Report() {
  const [filter, setFilter] = useState<ReportFilter>(initialFilter);
  const report = useReport(filter);
  const csv = useReportCsv();
  const data = report.data;
  const download = () =>
    csv.mutate(filter, {
      onSuccess: (blob) => {
        saveBlob(blob, `clients-report-${filter.from}-${filter.to}.csv`);
        notify.success('CSV file downloaded');
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <Card
      title="Clients report"
      actions={
        <Button size="sm" variant="outline" busy={csv.isPending} onClick={download}>
          Download CSV
        </Button>
      }
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <Field label="From" type="date" value={filter.from} max={filter.to} onChange={(event) => event.target.value && setFilter({ ...filter, from: event.target.value })} />
        <Field label="To (included)" type="date" value={filter.to} min={filter.from} onChange={(event) => event.target.value && setFilter({ ...filter, to: event.target.value })} />
        <SelectField label="Type" value={filter.type} onChange={(event) => setFilter({ ...filter, type: event.target.value as ReportFilter['type'] })}>
          <option value="">All types</option>
          {TRAFFIC_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {trafficKindName(kind)}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable label="Clients report" columns={COLUMNS} minWidth="sm:min-w-[720px]">
        {report.isPending && <SkeletonRows columns={COLUMNS} rows={3} />}
        {report.isError && (
          <FullRow columns={COLUMNS.length}>
            <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(report.error)}</p>
          </FullRow>
        )}
        {data && data.clients.length === 0 && (
          <FullRow columns={COLUMNS.length}>
            <p className={cn('text-sm', MUTED)}>No clients yet.</p>
          </FullRow>
        )}
        {data?.clients.map((line) => (
          <tr key={line.id} data-testid="report-row">
            <td className="py-3 pr-4">
              <span className="block font-medium wrap-anywhere">{line.name}</span>
              <span className={cn('block text-xs wrap-anywhere', MUTED)}>
                {line.email}
                {line.suspended && ' · suspended'}
              </span>
            </td>
            <FigureCells figures={line} />
          </tr>
        ))}
        {data && data.clients.length > 0 && (
          <tr className="font-semibold" data-testid="report-totals">
            <td className="py-3 pr-4">Total</td>
            <FigureCells figures={data.totals} />
          </tr>
        )}
      </DataTable>
    </Card>
  );
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function Alerts() {
  const alerts = useAlerts();
  const save = useSaveAlerts();
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<AlertsValues>({
    resolver: zodResolver(alertsSchema),
    defaultValues: { premiumBelowGb: '', budgetBelowGb: '' },
  });
  useEffect(() => {
    if (alerts.data) reset({ premiumBelowGb: text(alerts.data.premiumBelowGb), budgetBelowGb: text(alerts.data.budgetBelowGb) });
  }, [alerts.data, reset]);
  const onSave = (values: AlertsValues) => {
    const gb = (value: string) => (value.trim() ? Number(value) : null);
    save.mutate(
      { premiumBelowGb: gb(values.premiumBelowGb), budgetBelowGb: gb(values.budgetBelowGb) },
      {
        onSuccess: () => notify.success('Alerts saved'),
        onError: (error) => showServerError(error, setError, ['premiumBelowGb', 'budgetBelowGb']),
      },
    );
  };
  return (
    <Card title="Low-pool alerts">
      <p className={cn('mb-4 text-sm', MUTED)}>We notify you once when your own traffic of a type falls below this many GB. Leave it empty for no alert.</p>
      {alerts.isError && <p className="mb-4 text-sm text-red-700 dark:text-red-400">{errorMessage(alerts.error)}</p>}
      <form noValidate onSubmit={(event) => void handleSubmit(onSave)(event)} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <Field label="Premium Residential below GB" inputMode="numeric" autoComplete="off" placeholder="Off" error={errors.premiumBelowGb?.message} {...register('premiumBelowGb')} />
        <Field label="Budget Residential below GB" inputMode="numeric" autoComplete="off" placeholder="Off" error={errors.budgetBelowGb?.message} {...register('budgetBelowGb')} />
        <Button type="submit" className="sm:mt-7" busy={save.isPending} disabled={alerts.isPending}>
          Save alerts
        </Button>
      </form>
    </Card>
  );
}

export function ReportsTab() {
  return (
    <div className="space-y-6">
      <Report />
      <Alerts />
    </div>
  );
}
