// The Health tab: the figures (the answer's total, whatever the groups say), the worst targets and their threshold, the success rate per hour
// (keyboard and table), each failure reason's hint and its link into the user guide, the tables
// per host, country and credential with their CSV and JSON files, the filters sent, and the
// empty, loading and error states.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { signedIn, preloadRoutes } from './test-support';
import type { HealthBy, HealthRow, HealthTotal } from './traffic-health';
import { captureDownloads } from './usage-record-support';

beforeAll(preloadRoutes);

const health = (key: string, extra: Partial<HealthRow> = {}): HealthRow => {
  const row = { key, connections: 10, succeeded: 10, failed: 0, p50ConnectMs: 56, p95ConnectMs: 178, timedConnections: 10, bytes: 1000, failuresByReason: {}, ...extra };
  return { successRate: row.succeeded / row.connections, ...row };
};

type Answers = Partial<Record<HealthBy, HealthRow[]>> & { total?: HealthTotal };

const NO_TOTAL: HealthTotal = { connections: 0, succeeded: 0, failed: 0, successRate: 0, p50ConnectMs: null, p95ConnectMs: null, timedConnections: 0, bytes: 0, failuresByReason: {} };

/** The health route; returns every query it received. */
function healthRoute(answers: Answers | (() => Response)) {
  const sent: Array<Record<string, string>> = [];
  server.use(
    http.get('*/api/user/usage/health', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      sent.push(query);
      if (typeof answers === 'function') return answers();
      return HttpResponse.json({ by: query.by, rows: answers[query.by as HealthBy] ?? [], total: answers.total ?? NO_TOTAL });
    }),
  );
  return { sent, last: (by: string) => sent.filter((query) => query.by === by).at(-1) };
}

async function openHealth(path = '/onboard/rotating-proxy') {
  signedIn();
  const rendered = renderAt(path);
  await rendered.user.click(await screen.findByRole('tab', { name: 'Health' }));
  return rendered;
}

const hour = `${new Date().toISOString().slice(0, 13)}:00:00Z`;
const HOSTS = [
  health('shop.example.com', { connections: 40, succeeded: 30, failed: 10, failuresByReason: { connect_failed: 6, timeout: 4 } }),
  health('api.example.com', { connections: 20, succeeded: 19, failed: 1, failuresByReason: { pools_failed: 1 } }),
  // too few connections to count among the worst, however bad
  health('rare.example.com', { connections: 3, succeeded: 0, failed: 3, failuresByReason: { no_traffic: 3 }, p50ConnectMs: null, p95ConnectMs: null, timedConnections: 0 }),
  health('=cmd|"x",y', { connections: 1, succeeded: 1 }),
];
const ANSWERS: Answers = {
  host: HOSTS,
  country: [health('us', { connections: 50, succeeded: 45, failed: 5, failuresByReason: { connect_failed: 5 } }), health('', { connections: 14, succeeded: 5, failed: 9, failuresByReason: { connect_failed: 1, timeout: 4, pools_failed: 1, no_traffic: 3 } })],
  credential: [
    health('uabc123', {
      credentialKind: 'main',
      connections: 54,
      succeeded: 40,
      failed: 14,
      failuresByReason: { connect_failed: 6, timeout: 4, pools_failed: 1, no_traffic: 3 },
      p50ConnectMs: 75,
      p95ConnectMs: 1334,
      timedConnections: 40,
    }),
    health('team-a', { credentialKind: 'subuser', p50ConnectMs: 316, p95ConnectMs: 562 }),
  ],
  hour: [health(hour, { connections: 64, succeeded: 50, failed: 14 })],
  // the percentiles over all the connections, which no group's figures give
  total: {
    connections: 64,
    succeeded: 50,
    failed: 14,
    successRate: 50 / 64,
    p50ConnectMs: 133,
    p95ConnectMs: 1334,
    timedConnections: 50,
    bytes: 4000,
    failuresByReason: { connect_failed: 6, timeout: 4, pools_failed: 1, no_traffic: 3 },
  },
};

describe('Health tab', () => {
  it('shows the figures, the worst targets, the hours, the hints and the tables of the page’s kind', async () => {
    const { last } = healthRoute(ANSWERS);
    const { user } = await openHealth();

    expect(await screen.findByTestId('health-connections')).toHaveTextContent('64');
    expect(screen.getByTestId('health-success-rate')).toHaveTextContent('78.1%');
    expect(screen.getByTestId('health-p50')).toHaveTextContent('133 ms');
    expect(screen.getByTestId('health-p95')).toHaveTextContent('1.3 s');
    expect(screen.getByTestId('health-failed')).toHaveTextContent('50 succeeded, 14 failed.');
    // exact over several credentials: no "typical credential" caveat
    expect(screen.getByTestId('health-failed')).not.toHaveTextContent(/typical|credentials/);

    // worst targets: at least 10 connections and a failure, the lowest rate first; the threshold is said
    expect(screen.getByText(/lowest success rate among those with at least 10 connections/)).toBeInTheDocument();
    const worst = await screen.findByTestId('worst-targets');
    expect(within(worst).getAllByRole('listitem').filter((item) => item.parentElement === worst).map((item) => item.querySelector('p')!.textContent)).toEqual([
      'shop.example.com',
      'api.example.com',
    ]);
    expect(worst).toHaveTextContent('10 of 40 connections failed');

    // why connections failed: each reason, its count, its hint and its section of the guide
    const hints = screen.getByTestId('failure-hints');
    const refused = within(hints).getByText('Destination refused').closest('li')!;
    expect(refused).toHaveTextContent('6 connections');
    expect(refused).toHaveTextContent('The site is down or blocking: check the address, or try again later.');
    expect(within(refused).getByRole('link', { name: /User guide: The site refused/ })).toHaveAttribute('href', '/user&guide#failed-destination');
    const upstream = within(hints).getByText('Upstream failed').closest('li')!;
    expect(upstream).toHaveTextContent('Every provider we tried failed: you were not charged.');
    expect(within(upstream).getByRole('link')).toHaveAttribute('href', '/user&guide#failed-our-side');
    const noTraffic = within(hints).getByText('No traffic left').closest('li')!;
    expect(noTraffic).toHaveTextContent('Your traffic ran out: top up to continue.');
    expect(within(noTraffic).getByRole('link')).toHaveAttribute('href', '/user&guide#failed-no-traffic');
    expect(within(hints).getAllByRole('listitem').map((item) => item.dataset.reason)).toEqual(['connect_failed', 'timeout', 'no_traffic', 'pools_failed']);
    expect(screen.getByRole('link', { name: 'User guide: Wrong user name or password' })).toHaveAttribute('href', '/user&guide#failed-password');

    // per host: success rate, failures by reason, connect times
    const hosts = screen.getByRole('table', { name: 'Health per host' });
    const shop = within(hosts).getByRole('rowheader', { name: /^shop\.example\.com/ }).closest('tr')!;
    expect(shop).toHaveTextContent('75%');
    expect(shop).toHaveTextContent('Destination refused × 6');
    expect(shop).toHaveTextContent('Destination timed out × 4');
    expect(shop).toHaveTextContent('56 ms / 178 ms');
    expect(within(hosts).getByRole('rowheader', { name: /^rare\.example\.com/ }).closest('tr')).toHaveTextContent('— / —');
    // per country by name, the untargeted ones said so; per credential with its kind
    const countries = screen.getByRole('table', { name: 'Health per country' });
    expect(within(countries).getByRole('rowheader', { name: /United States/ })).toBeInTheDocument();
    expect(within(countries).getByRole('rowheader', { name: /^No country targeted/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Health per credential' })).getByRole('rowheader', { name: /uabc123/ })).toHaveTextContent('uabc123Main');

    // the success rate per hour: 48 hours, read with the keyboard and in a table
    const chart = screen.getByTestId('health-chart');
    const bars = within(chart).getAllByTestId('health-chart-bar');
    expect(bars).toHaveLength(48);
    expect(bars.at(-1)).toHaveAttribute('data-rate', String(50 / 64));
    expect(bars[0]).toHaveAttribute('data-rate', '');
    expect(within(chart).getByTestId('health-chart-summary')).toHaveTextContent(/^78\.1% of 64 connections succeeded; lowest hour \d{1,2} \w{3} \d{2}:00 UTC with 78\.1%\.$/);
    within(chart).getByRole('group').focus();
    await user.keyboard('{End}');
    expect(within(chart).getByTestId('health-chart-tooltip')).toHaveTextContent('78.1% of 64 connections');
    await user.keyboard('{ArrowLeft}');
    expect(within(chart).getByTestId('health-chart-tooltip')).toHaveTextContent('no connections');
    expect(within(chart).getByRole('table', { hidden: true })).toHaveTextContent('78.1% of 64 connections');

    // every grouping asked for this kind; the chart only for its 48 hours
    expect(last('host')).toEqual({ type: 'premium', by: 'host' });
    expect(last('country')).toEqual({ type: 'premium', by: 'country' });
    expect(Date.parse(last('hour')!.from!)).toBe(Date.parse(hour) - 47 * 3_600_000);
  });

  it('downloads a table as CSV (quoted, formulas defused) and JSON from the rows it holds', async () => {
    healthRoute(ANSWERS);
    const downloads = captureDownloads();
    try {
      const { user } = await openHealth();
      await screen.findByRole('table', { name: 'Health per host' });
      await user.click(screen.getByRole('button', { name: 'Download Health per host as CSV' }));
      await user.click(screen.getByRole('button', { name: 'Download Health per host as JSON' }));
      await waitFor(() => expect(downloads.files).toHaveLength(2));
      const [csv, json] = downloads.files;
      expect(csv!.name).toMatch(/^proxyshop-premium-health-hosts-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(json!.name).toMatch(/^proxyshop-premium-health-hosts-\d{4}-\d{2}-\d{2}\.json$/);
      expect(csv!.blob.type).toBe('text/csv;charset=utf-8');
      const lines = (await csv!.blob.text()).split('\r\n');
      expect(lines[0]).toBe(
        'host,connections,succeeded,failed,success_rate,p50_connect_ms,p95_connect_ms,timed_connections,bytes,failed_connect_failed,failed_no_traffic,failed_pools_failed,failed_timeout',
      );
      expect(lines[1]).toBe('shop.example.com,40,30,10,0.75,56,178,10,1000,6,0,0,4');
      expect(lines[3]).toBe('rare.example.com,3,0,3,0,,,0,1000,0,3,0,0');
      expect(lines[4]).toBe(`"'=cmd|""x"",y",1,1,0,1,56,178,10,1000,0,0,0,0`);
      expect(lines).toHaveLength(HOSTS.length + 2);
      const objects = JSON.parse(await json!.blob.text()) as Array<Record<string, unknown>>;
      expect(objects).toHaveLength(HOSTS.length);
      expect(objects[0]).toMatchObject({ host: 'shop.example.com', connections: 40, success_rate: 0.75, failed_timeout: 4 });
      expect(objects[2]).toMatchObject({ p50_connect_ms: null });
    } finally {
      downloads.restore();
    }
  });

  it('sends the dates and the host to every grouping', async () => {
    const { last } = healthRoute(ANSWERS);
    const { user } = await openHealth('/onboard/budget-proxy');
    const form = await screen.findByRole('search', { name: 'Filter the health figures' });
    expect(within(form).queryByRole('combobox', { name: 'Outcome' })).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('From (UTC)'), '2026-11-01');
    await user.type(within(form).getByRole('searchbox', { name: 'Host' }), 'shop');
    await waitFor(() => expect(last('host')).toEqual({ type: 'budget', by: 'host', from: '2026-11-01', host: 'shop' }));
    expect(last('credential')).toEqual({ type: 'budget', by: 'credential', from: '2026-11-01', host: 'shop' });
    expect(last('hour')).toMatchObject({ type: 'budget', host: 'shop' });
  });

  it('says when there is no traffic, and what to check when nothing connects', async () => {
    healthRoute({});
    await openHealth();
    expect(await screen.findByText('No traffic yet')).toBeInTheDocument();
    expect(screen.getByText(/check the line you copied/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Health per host' })).not.toBeInTheDocument();
  });

  it("shows the server's message with Retry when the figures fail to load", async () => {
    let fail = true;
    healthRoute(() => (fail ? HttpResponse.json({ message: 'Too many requests' }, { status: 429 }) : HttpResponse.json({ by: 'host', rows: [], total: NO_TOTAL })));
    const { user } = await openHealth();
    expect(await screen.findByText('Could not load the health of your traffic.')).toBeInTheDocument();
    expect(screen.getByText('Too many requests')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No traffic yet')).toBeInTheDocument();
  });
});
