// /status: the public status page: the overall state, each component with its 90 days, open and
// recent incidents with their updates, maintenance, and the months' SLA credits (docs/status.md).
import { useQuery } from '@tanstack/react-query';
import { ContentPage } from '../components/content-page';
import { statusQueryOptions, type ComponentStatus, type IncidentView, type MaintenanceView } from '../api/get-status';
import { UptimeBars } from '../components/uptime-bars';

const OVERALL: Record<string, { text: string; tone: string }> = {
  up: { text: 'All systems operational', tone: 'bg-emerald-700 text-white' },
  degraded: { text: 'Some systems are degraded', tone: 'bg-amber-400 text-slate-950' },
  down: { text: 'Major outage', tone: 'bg-red-700 text-white' },
};

const STATE: Record<string, string> = {
  up: 'text-emerald-700 dark:text-emerald-400',
  degraded: 'text-amber-700 dark:text-amber-400',
  down: 'text-red-700 dark:text-red-400',
};

const when = (at: number) => new Date(at * 1000).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
const percent = (value: number | null | undefined) => (value === null || value === undefined ? 'no data' : `${value}%`);

function Component({ item }: { item: ComponentStatus }) {
  return (
    <li className="py-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{item.name}</h3>
        <span className={`text-sm font-semibold capitalize ${STATE[item.status] ?? ''}`}>{item.status}</span>
      </div>
      <UptimeBars days={item.days} />
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {percent(item.uptime90d)} uptime over 90 days · {percent(item.uptime30d)} over 30 days
      </p>
    </li>
  );
}

function Updates({ updates }: { updates: IncidentView['updates'] }) {
  return (
    <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
      {[...updates].reverse().map((update) => (
        <li key={`${update.at}-${update.body}`}>
          <p className="text-sm">
            <span className="font-semibold capitalize">{update.status}</span> — {update.body}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{when(update.at)}</p>
        </li>
      ))}
    </ol>
  );
}

function Incident({ item, names }: { item: IncidentView | MaintenanceView; names: Map<string, string> }) {
  const affected = item.components.map((id) => names.get(id) ?? id).join(', ');
  const span =
    'startsAt' in item
      ? `${when(item.startsAt)} to ${when(item.endsAt)}`
      : item.resolvedAt
        ? `${when(item.startedAt)} to ${when(item.resolvedAt)}`
        : `since ${when(item.startedAt)}`;
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{item.title}</h3>
        <span className="text-sm font-semibold capitalize">{item.status.replace('_', ' ')}</span>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {affected} · {span}
      </p>
      <Updates updates={item.updates} />
    </li>
  );
}

export default function StatusRoute() {
  const status = useQuery(statusQueryOptions);
  const page = status.data;
  const names = new Map(page?.components.map((c) => [c.id, c.name]) ?? []);
  const overall = OVERALL[page?.overall ?? ''] ?? { text: 'Checking…', tone: 'bg-slate-700 text-white' };
  return (
    <ContentPage eyebrow="Status" title="Service status" intro="Measured every minute through each service's real path, with the last 90 days." wide>
      {status.isError && !page && <p role="alert">The status could not be loaded. Please try again in a minute.</p>}
      {page && (
        <div className="space-y-10">
          <p className={`rounded-lg px-4 py-3 text-lg font-semibold ${overall.tone}`} role="status">
            {overall.text}
          </p>
          {page.maintenance.some((m) => m.status !== 'completed') && (
            <section>
              <h2 className="text-xl font-bold">Maintenance</h2>
              <ul className="mt-3 space-y-3">
                {page.maintenance
                  .filter((m) => m.status !== 'completed')
                  .map((m) => (
                    <Incident key={m.id} item={m} names={names} />
                  ))}
              </ul>
            </section>
          )}
          <section>
            <h2 className="text-xl font-bold">Components</h2>
            <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
              {page.components.map((c) => (
                <Component key={c.id} item={c} />
              ))}
            </ul>
          </section>
          <section>
            <h2 className="text-xl font-bold">Incidents</h2>
            {page.incidents.length === 0 ? (
              <p className="mt-2 text-slate-600 dark:text-slate-300">No incidents in the last 30 days.</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {page.incidents.map((incident) => (
                  <Incident key={incident.id} item={incident} names={names} />
                ))}
              </ul>
            )}
          </section>
          {page.slaCredits.length > 0 && (
            <section>
              <h2 className="text-xl font-bold">SLA credits</h2>
              <ul className="mt-2 space-y-1">
                {page.slaCredits.map((line) => (
                  <li key={`${line.month}-${line.kind}`}>
                    {line.month}: {line.kind === 'premium' ? 'Premium' : 'Budget'} residential fell below our promise;{' '}
                    {line.customers} {line.customers === 1 ? 'customer was' : 'customers were'} credited.
                  </li>
                ))}
              </ul>
            </section>
          )}
          <p className="text-sm text-slate-500 dark:text-slate-400">Updated {when(page.updatedAt)}.</p>
        </div>
      )}
    </ContentPage>
  );
}
