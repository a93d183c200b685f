// The console's charts (Recharts), loaded only with the pages that draw them. Each is a figure
// with a caption; colours are fixed per series so a kind keeps its colour on every chart, and the
// axes and tooltip follow the theme through `currentColor` and Tailwind classes.
import type { ReactNode } from 'react';
import { shortDay } from './chart-data';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type Series = { key: string; label: string; color: string };

type Row = Record<string, string | number>;

type TooltipProps = { active?: boolean; label?: string | number; payload?: ReadonlyArray<{ name?: string | number; value?: unknown; color?: string }>; format: (value: number) => string };

function ChartTooltip({ active, label, payload, format }: TooltipProps) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900">
      <p className="mb-1 font-semibold">{shortDay(String(label))}</p>
      {payload.map((entry) => (
        <p key={String(entry.name)} className="flex items-center gap-2">
          <span className="inline-block h-2 w-2 rounded-full" style={{ background: entry.color }} />
          {entry.name}: <span className="font-semibold tabular-nums">{format(Number(entry.value))}</span>
        </p>
      ))}
    </div>
  );
}

function Frame({ title, children, summary }: { title: string; children: ReactNode; summary: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <div className="h-56 text-slate-600 dark:text-slate-400" role="img" aria-label={`${title}: ${summary}`}>
        {children}
      </div>
    </figure>
  );
}

type ChartProps = {
  title: string;
  data: Row[];
  series: Series[];
  /** The value in the tooltip; `tick` (default the same) labels the value axis. */
  format: (value: number) => string;
  tick?: (value: number) => string;
  summary: string;
  kind?: 'bar' | 'stacked' | 'line' | 'area';
  /** Whole numbers only on the value axis (counts). */
  integer?: boolean;
};

const axis = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 11 }, tickLine: false };

export function DayChart({ title, data, series, format, tick = format, summary, kind = 'bar', integer = false }: ChartProps) {
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
      <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} {...axis} />
      <YAxis width={52} tickFormatter={(value: number) => tick(value)} allowDecimals={!integer} {...axis} />
      <Tooltip content={<ChartTooltip format={format} />} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
      {series.length > 1 && (
        // the legend's text stays in the theme's text colour (series colours are too faint for text)
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value: string) => <span className="text-slate-700 dark:text-slate-300">{value}</span>} />
      )}
    </>
  );
  let chart: ReactNode;
  if (kind === 'line') {
    chart = (
      <LineChart data={data}>
        {common}
        {series.map((s) => (
          <Line key={s.key} dataKey={s.key} name={s.label} stroke={s.color} dot={false} strokeWidth={2} isAnimationActive={false} />
        ))}
      </LineChart>
    );
  } else if (kind === 'area') {
    chart = (
      <AreaChart data={data}>
        {common}
        {series.map((s) => (
          <Area key={s.key} dataKey={s.key} name={s.label} stroke={s.color} fill={s.color} fillOpacity={0.2} isAnimationActive={false} />
        ))}
      </AreaChart>
    );
  } else {
    chart = (
      <BarChart data={data}>
        {common}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={kind === 'stacked' ? 'all' : undefined} isAnimationActive={false} />
        ))}
      </BarChart>
    );
  }
  return (
    <Frame title={title} summary={summary}>
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {chart}
      </ResponsiveContainer>
    </Frame>
  );
}
