// The usage record on the Usage tab: the request table (exact bytes), the charts per hour and day,
// top hosts and usage per credential, the filters and the queries they build, pages, the CSV
// export, the empty state and errors. Refusals by the plan's limits: usage-refusals.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { preloadRoutes } from './test-support';
import { captureDownloads, openUsage, record, requestsTable, row, usageRecord } from './usage-record-support';

beforeAll(preloadRoutes);

describe('usage record', () => {
  it('lists the requests with their exact bytes, charts the hours and days, the top hosts and the credentials', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const hour = `${new Date().toISOString().slice(0, 13)}:00:00Z`;
    const { last } = usageRecord({
      requests: () =>
        HttpResponse.json({
          requests: [
            record(),
            record({ host: '2001:db8::1', port: 8443, credential: { kind: 'subuser', id: 4, label: 'team-a' }, bytesUp: 0, bytesDown: 0, outcome: 'refused', reason: 'no_traffic', durationMs: 0, source: '198.51.100.4' }),
            record({ host: 'down.example.com', bytesUp: 0, bytesDown: 0, outcome: 'upstream_error', reason: 'pools_failed', charged: false, durationMs: 3 }),
          ],
          total: 3,
          totalCapped: false,
          page: 1,
          perPage: 50,
        }),
      breakdown: {
        hour: [row(hour, 1_049_258)],
        day: [row(today, 1_049_258)],
        host: [row('files.example.com', 1_049_258, { requests: 1, bytesUp: 517, bytesDown: 1_048_741 }), row('api.example.com', 2_000), row('down.example.com', 0, { requests: 2, notCharged: 2 })],
        credential: [row('uabc123', 1_049_258, { credentialKind: 'main', requests: 3 }), row('team-a', 0, { credentialKind: 'subuser' })],
      },
    });
    const { user } = await openUsage();

    const table = requestsTable();
    const rows = await within(table).findAllByTestId('request-row');
    expect(rows).toHaveLength(3);
    const first = rows[0]!;
    expect(within(first).getByText('25 Nov 2026, 10:31:05')).toHaveAttribute('datetime', '2026-11-25T10:31:05Z');
    expect(first).toHaveTextContent('1.2 s');
    expect(first).toHaveTextContent('uabc123Main');
    expect(first).toHaveTextContent('files.example.com:443');
    expect(within(first).getByTestId('request-up')).toHaveTextContent('517 B517 bytes');
    expect(within(first).getByTestId('request-down')).toHaveTextContent('1.05 MB1,048,741 bytes');
    expect(first).toHaveTextContent('OK');
    const second = rows[1]!;
    expect(second).toHaveTextContent('[2001:db8::1]:8443');
    expect(second).toHaveTextContent('team-aSub-user');
    expect(within(second).getByTestId('request-source')).toHaveTextContent('from 198.51.100.4');
    expect(within(first).queryByTestId('request-source')).toBeNull();
    expect(second).toHaveTextContent('Refusedno traffic');
    expect(within(second).queryByTestId('not-charged')).toBeNull();
    // a failure on the shop's side says it cost nothing, beside its reason
    expect(within(rows[2]!).getAllByTestId('not-charged')[0]).toHaveTextContent('Not charged: failed on our side');
    expect(rows[2]).toHaveTextContent('pools failed');
    expect(screen.getByTestId('requests-total')).toHaveTextContent(/^3 requests$/);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Time (UTC)',
      'Duration',
      'Credential',
      'Host:port',
      'Up',
      'Down',
      'Outcome',
    ]);

    // every route asked for this page's kind only, the first page of 50 (no cursor)
    expect(last('/api/user/requests')).toEqual({ type: 'premium', perPage: '50' });
    expect(last('/api/user/usage/breakdown', 'host')).toEqual({ type: 'premium', by: 'host' });
    // the charts ask only for the buckets they draw: 48 hours, 30 days
    const hourFrom = last('/api/user/usage/breakdown', 'hour')!.from!;
    expect(Date.parse(hourFrom)).toBe(Date.parse(hour) - 47 * 3_600_000);
    expect(last('/api/user/usage/breakdown', 'day')!.from).toBe(new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10));

    const hourly = await screen.findByTestId('hour-chart');
    expect(within(hourly).getAllByTestId('hour-chart-bar')).toHaveLength(48);
    expect(within(hourly).getByTestId('hour-chart-summary')).toHaveTextContent(/^Total 1\.05 MB over 48 hours; busiest hour \d{1,2} \w{3} \d{2}:00 UTC with 1\.05 MB\.$/);
    expect(hourly).toHaveAccessibleName('Last 48 hours (UTC)');
    // the arrow keys read the hours; the current one is the last
    within(hourly).getByRole('group').focus();
    await user.keyboard('{End}');
    expect(within(hourly).getByTestId('hour-chart-tooltip')).toHaveTextContent(/^\d{1,2} \w{3} \d{2}:00: 1\.05 MB$/);
    await user.keyboard('{ArrowLeft}');
    expect(within(hourly).getByTestId('hour-chart-tooltip')).toHaveTextContent(/: 0 B$/);
    const daily = screen.getByTestId('day-chart');
    expect(within(daily).getAllByTestId('day-chart-bar')).toHaveLength(30);
    expect(within(daily).getAllByTestId('day-chart-bar').at(-1)).toHaveAttribute('data-bytes', '1049258');
    expect(within(daily).getByRole('table')).toHaveTextContent('1.05 MB (1,049,258 bytes)');

    const hosts = within(screen.getByTestId('host-breakdown')).getAllByRole('row');
    expect(hosts[1]).toHaveTextContent('files.example.com');
    expect(hosts[1]).toHaveTextContent('1,048,741 bytes');
    expect(hosts[2]).toHaveTextContent('api.example.com');
    expect(hosts[2]).not.toHaveTextContent('not charged');
    expect(hosts[3]).toHaveTextContent('down.example.com22 not charged');
    expect(screen.getByTestId('host-breakdown-not-charged')).toHaveTextContent(
      'Not charged: 2 requests failed on our side (gateway busy or every provider pool down) before any byte reached you, and cost nothing.',
    );
    expect(screen.queryByTestId('credential-breakdown-not-charged')).toBeNull();
    const credentials = within(screen.getByTestId('credential-breakdown')).getAllByRole('row');
    expect(within(credentials[1]!).getByRole('rowheader')).toHaveTextContent('uabc123Main');
    expect(credentials[1]).toHaveTextContent('3');
    expect(within(credentials[2]!).getByRole('rowheader')).toHaveTextContent('team-aSub-user');
  });

  it('reads a total counted up to its cap as "at least"', async () => {
    usageRecord({
      requests: () => HttpResponse.json({ requests: [record()], total: 10_000, totalCapped: true, page: 1, perPage: 50, nextCursor: 'c1' }),
    });
    await openUsage();
    await within(requestsTable()).findAllByTestId('request-row');
    expect(screen.getByTestId('requests-total')).toHaveTextContent(/^10,000\+ requests$/);
    expect(screen.getByRole('navigation', { name: 'Requests pages' })).toHaveTextContent('Requests 1–1 of 10,000+');
  });

  it('walks the pages by cursor: older after the last page read, newer back, newest from the top', async () => {
    // three pages of 50 and one of 20; each cursor names the page after it
    const next: Record<string, string | null> = { '': 'c1', c1: 'c2', c2: 'c3', c3: null };
    const { last } = usageRecord({
      requests: (query) => {
        const cursor = query.get('cursor') ?? '';
        const rows = Array.from({ length: cursor === 'c3' ? 20 : 50 }, (_, i) => record({ host: `${cursor || 'top'}-${i}.example` }));
        // the server counts on the first page only
        const counted = cursor ? { total: null, totalCapped: null } : { total: 170, totalCapped: false };
        return HttpResponse.json({ requests: rows, ...counted, page: 1, perPage: 50, nextCursor: next[cursor] });
      },
    });
    const { user } = await openUsage();
    await within(requestsTable()).findAllByText('top-0.example:443');
    const pager = screen.getByRole('navigation', { name: 'Requests pages' });
    expect(pager).toHaveTextContent('Requests 1–50 of 170');
    expect(within(pager).getByRole('button', { name: 'Newer' })).toBeDisabled();
    for (const cursor of ['c1', 'c2', 'c3']) {
      await user.click(within(pager).getByRole('button', { name: 'Older' }));
      await waitFor(() => expect(last('/api/user/requests')).toEqual({ type: 'premium', cursor, perPage: '50' }));
      await within(requestsTable()).findAllByText(`${cursor}-0.example:443`);
    }
    expect(pager).toHaveTextContent('Requests 151–170 of 170');
    expect(screen.getByTestId('requests-total')).toHaveTextContent(/^170 requests$/);
    expect(within(pager).getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Newer' }));
    await within(requestsTable()).findAllByText('c2-0.example:443');
    expect(pager).toHaveTextContent('Requests 101–150 of 170');
    await user.click(within(pager).getByRole('button', { name: 'Newest' }));
    await within(requestsTable()).findAllByText('top-0.example:443');
    expect(last('/api/user/requests')).toEqual({ type: 'premium', perPage: '50' });
    expect(within(pager).queryByRole('button', { name: 'Newest' })).not.toBeInTheDocument();
  });

  it('sends the filters to every route, back on the newest page, and refuses a range that ends before it starts', async () => {
    const { last, sent } = usageRecord({
      requests: (query) => HttpResponse.json({ requests: [record()], total: 120, page: 1, perPage: 50, nextCursor: query.get('cursor') ? null : 'c1' }),
    });
    const { user } = await openUsage();
    await within(requestsTable()).findAllByTestId('request-row');

    const pager = screen.getByRole('navigation', { name: 'Requests pages' });
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(last('/api/user/requests')).toMatchObject({ cursor: 'c1' }));
    expect(pager).toHaveTextContent('Requests 51–51 of 120');

    const form = screen.getByRole('search', { name: 'Filter the usage record' });
    await user.type(within(form).getByLabelText('From (UTC)'), '2026-11-20');
    await waitFor(() => expect(last('/api/user/requests')).toEqual({ type: 'premium', from: '2026-11-20', perPage: '50' }));
    expect(screen.getByRole('navigation', { name: 'Requests pages' })).toHaveTextContent('Requests 1–1 of 120');

    await user.type(within(form).getByLabelText('To (UTC)'), '2026-11-19');
    expect(await within(form).findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(within(form).getByLabelText('To (UTC)')).toBeInvalid();
    const before = sent.length;
    await user.clear(within(form).getByLabelText('To (UTC)'));
    await user.type(within(form).getByLabelText('To (UTC)'), '2026-11-24');
    await waitFor(() => expect(last('/api/user/requests')).toMatchObject({ from: '2026-11-20', to: '2026-11-24' }));
    // the bad range was never asked for
    expect(sent.slice(before).some((entry) => entry.query.to === '2026-11-19')).toBe(false);

    await user.type(within(form).getByRole('searchbox', { name: 'Host' }), ' example.com ');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Outcome' }), 'cut_quota');
    const expected = { type: 'premium', from: '2026-11-20', to: '2026-11-24', host: 'example.com', outcome: 'cut_quota' };
    await waitFor(() => expect(last('/api/user/requests')).toEqual({ ...expected, perPage: '50' }));
    expect(screen.getByTestId('host-window')).toHaveTextContent('A host search covers 7 days at most');
    await waitFor(() => expect(last('/api/user/usage/breakdown', 'host')).toEqual({ ...expected, by: 'host' }));
    expect(last('/api/user/usage/breakdown', 'credential')).toEqual({ ...expected, by: 'credential' });
    // the charts draw the chosen days: from the 20th, to the 24th included
    expect(last('/api/user/usage/breakdown', 'day')).toEqual({ ...expected, by: 'day' });
    expect(last('/api/user/usage/breakdown', 'hour')).toEqual({ ...expected, from: '2026-11-20T00:00:00Z', by: 'hour' });
    expect(within(screen.getByTestId('host-breakdown')).getByText('No traffic in this period')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(last('/api/user/requests')).toEqual({ type: 'premium', perPage: '50' }));
    expect(within(form).getByRole('searchbox', { name: 'Host' })).toHaveValue('');
    expect(screen.queryByTestId('host-window')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  describe('CSV and JSON export', () => {
    it('downloads the CSV of the current filters as a file', async () => {
      const downloads = captureDownloads();
      const { last } = usageRecord();
      const { user } = await openUsage();
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Outcome' }), 'ok');
      await user.type(screen.getByRole('searchbox', { name: 'Host' }), 'example');
      await waitFor(() => expect(last('/api/user/requests')).toMatchObject({ host: 'example' }));

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('CSV file downloaded')).toBeInTheDocument();
      expect(last('/api/user/requests.csv')).toEqual({ type: 'premium', host: 'example', outcome: 'ok' });
      expect(downloads.files.map((file) => file.name)).toEqual([expect.stringMatching(/^requests-premium-\d{4}-\d{2}-\d{2}\.csv$/)]);
      expect(await downloads.files[0]!.blob.text()).toBe('started_at,duration_ms\r\n2026-11-25T10:31:05Z,1234\r\n');
      downloads.restore();
    });

    it('downloads the JSON of the current filters as a file', async () => {
      const downloads = captureDownloads();
      const { last } = usageRecord();
      const { user } = await openUsage();
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Outcome' }), 'refused');
      await waitFor(() => expect(last('/api/user/requests')).toMatchObject({ outcome: 'refused' }));

      await user.click(screen.getByRole('button', { name: 'Export JSON' }));
      expect(await screen.findByText('JSON file downloaded')).toBeInTheDocument();
      expect(last('/api/user/requests.json')).toEqual({ type: 'premium', outcome: 'refused' });
      expect(last('/api/user/requests.csv')).toBeUndefined();
      expect(downloads.files.map((file) => file.name)).toEqual([expect.stringMatching(/^requests-premium-\d{4}-\d{2}-\d{2}\.json$/)]);
      expect(JSON.parse(await downloads.files[0]!.blob.text())).toEqual([{ startedAt: 1_796_084_000, host: 'example.com' }]);
      downloads.restore();
    });

    it('prepares an export of more than a day in the background and lists it until it can be downloaded', async () => {
      const { last } = usageRecord();
      const asked: unknown[] = [];
      const deleted: string[] = [];
      // 2026-11-01 to 2026-11-30, UTC seconds
      const made = { id: 7, format: 'json', type: 'premium', from: 1_793_491_200, to: 1_796_083_200, host: null, outcome: null, credential: null, createdAt: 1_796_083_300, finishedAt: null, expiresAt: 1_796_169_700, downloadUrl: null };
      let polls = 0;
      server.use(
        http.post('*/api/user/requests/exports', async ({ request }) => {
          asked.push(await request.json());
          return HttpResponse.json({ ...made, status: 'pending', records: 0, csvBytes: 0 }, { status: 202 });
        }),
        http.get('*/api/user/requests/exports', () => {
          if (asked.length === 0) return HttpResponse.json({ items: [] });
          polls += 1;
          const item =
            polls < 2
              ? { ...made, status: 'running', records: 20_000, csvBytes: 2_100_000 }
              : { ...made, status: 'ready', records: 51_234, csvBytes: 5_432_100, finishedAt: 1_796_083_320, downloadUrl: '/api/user/requests/exports/7/file' };
          return HttpResponse.json({ items: deleted.length ? [] : [item] });
        }),
        http.delete('*/api/user/requests/exports/:id', ({ params }) => {
          deleted.push(String(params.id));
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const { user } = await openUsage();
      const form = screen.getByRole('search', { name: 'Filter the usage record' });
      await user.type(within(form).getByLabelText('From (UTC)'), '2026-11-01');
      await user.type(within(form).getByLabelText('To (UTC)'), '2026-11-30');
      await waitFor(() => expect(last('/api/user/requests')).toMatchObject({ from: '2026-11-01', to: '2026-11-30' }));

      await user.click(screen.getByRole('button', { name: 'Export JSON' }));
      expect(await screen.findByText('Your export is being prepared: download it below when it is ready')).toBeInTheDocument();
      expect(asked).toEqual([{ type: 'premium', from: '2026-11-01', to: '2026-11-30', format: 'json' }]);
      expect(last('/api/user/requests.json')).toBeUndefined();

      const table = await screen.findByRole('table', { name: 'Prepared exports' });
      expect(await within(table).findByText('Preparing: 20,000 so far')).toBeInTheDocument();
      // read again while it is being prepared, until it is ready
      const link = await within(table).findByRole('link', { name: 'Download the export of 2026-11-01 – 2026-11-30' }, { timeout: 4000 });
      expect(link).toHaveAttribute('href', expect.stringMatching(/\/api\/user\/requests\/exports\/7\/file$/));
      expect(table).toHaveTextContent('2026-11-01 – 2026-11-30');
      expect(within(table).getByTestId('export-format')).toHaveTextContent('JSON');
      expect(within(table).getByText('51,234')).toBeInTheDocument();
      expect(within(table).getByText(/^Ready until /)).toBeInTheDocument();

      await user.click(within(table).getByRole('button', { name: 'Delete the export of 2026-11-01 – 2026-11-30' }));
      await waitFor(() => expect(screen.queryByRole('table', { name: 'Prepared exports' })).not.toBeInTheDocument());
      expect(deleted).toEqual(['7']);
    });

    it("shows the server's refusal and saves nothing", async () => {
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
      usageRecord();
      server.use(http.get('*/api/user/requests.csv', () => HttpResponse.json({ message: 'from must be before to' }, { status: 400 })));
      const { user } = await openUsage();
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('from must be before to')).toBeInTheDocument();
      expect(click).not.toHaveBeenCalled();
      click.mockRestore();
    });
  });

  it('says when there are no requests yet, and when none match the filters', async () => {
    usageRecord();
    const { user } = await openUsage();
    expect(await within(requestsTable()).findByText('No requests yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Requests pages' })).not.toBeInTheDocument();
    expect(await within(screen.getByTestId('host-breakdown')).findByText('No traffic in this period')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'refused');
    expect(await within(requestsTable()).findByText('No requests match these filters')).toBeInTheDocument();
  });

  it("shows the server's message with Retry when a route fails", async () => {
    let fail = true;
    usageRecord({
      breakdownError: true,
      requests: () =>
        fail ? HttpResponse.json({ message: 'Too many requests' }, { status: 429 }) : HttpResponse.json({ requests: [record()], total: 1, page: 1, perPage: 50 }),
    });
    const { user } = await openUsage();
    const table = requestsTable();
    expect(await within(table).findByText('Could not load the requests.')).toBeInTheDocument();
    expect(within(table).getByText('Too many requests')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the top hosts.')).toBeInTheDocument();
    expect(screen.getByText('Could not load the hourly traffic.')).toBeInTheDocument();
    fail = false;
    await user.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findAllByTestId('request-row')).toHaveLength(1);
  });
});
