// The Usage tab's usage chart per hour (the Daily / Hourly switch), and the CSV and JSON files of
// the usage record's tables (top hosts, usage per credential), made from the rows they hold.
import { screen, waitFor, within } from '@testing-library/react';
import { preloadRoutes } from './test-support';
import { captureDownloads, openUsage, row, usageRecord } from './usage-record-support';

beforeAll(preloadRoutes);

const HOUR_MS = 3_600_000;
const hourKey = (hoursAgo: number) => `${new Date(Date.now() - hoursAgo * HOUR_MS).toISOString().slice(0, 13)}:00:00Z`;

describe('usage chart per hour', () => {
  it('switches between the last 30 days and the last 48 hours', async () => {
    const { last } = usageRecord({ breakdown: { hour: [row(hourKey(0), 250_000_000), row(hourKey(2), 1_230_000_000)] } });
    const { user } = await openUsage();
    const period = await screen.findByRole('group', { name: 'Usage per' });
    expect(within(period).getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(await screen.findByRole('heading', { name: 'Daily usage' })).toBeInTheDocument();

    await user.click(within(period).getByRole('radio', { name: 'Hourly' }));
    expect(screen.getByRole('heading', { name: 'Hourly usage' })).toBeInTheDocument();
    const chart = await screen.findByTestId('usage-chart');
    const bars = await within(chart).findAllByTestId('usage-bar');
    expect(bars).toHaveLength(48);
    expect(bars.at(-1)).toHaveAttribute('data-hour', hourKey(0));
    expect(bars.at(-1)).toHaveAttribute('data-gb', '0.25');
    expect(bars.at(-3)).toHaveAttribute('data-gb', '1.23');
    expect(chart).toHaveTextContent('Hourly usage, last 48 hours (UTC)');
    expect(chart).toHaveTextContent('Total 1.48 GB');
    // the keyboard reads each hour; the hidden table lists the hours with traffic
    within(chart).getByRole('group').focus();
    await user.keyboard('{End}');
    expect(within(chart).getByTestId('usage-tooltip')).toHaveTextContent(/^\d{1,2} \w{3} \d{2}:00: 250 MB$/);
    expect(within(chart).getByRole('table', { hidden: true })).toHaveTextContent('1.23 GB');
    expect(Date.parse(last('/api/user/usage/breakdown', 'hour')!.from!)).toBe(Date.parse(hourKey(0)) - 47 * HOUR_MS);

    await user.click(within(period).getByRole('radio', { name: 'Daily' }));
    expect(await screen.findByText('No usage yet')).toBeInTheDocument();
  });
});

describe('usage record table files', () => {
  it('downloads the top hosts and the usage per credential as CSV and JSON', async () => {
    usageRecord({
      breakdown: {
        host: [row('files.example.com', 1_049_258, { requests: 3, bytesUp: 517, bytesDown: 1_048_741 }), row('-down.example.com', 0, { requests: 2, notCharged: 2 })],
        credential: [row('team-a', 2_000, { credentialKind: 'subuser', requests: 1 })],
      },
    });
    const downloads = captureDownloads();
    try {
      const { user } = await openUsage();
      await within(await screen.findByTestId('host-breakdown')).findByText('files.example.com');
      await user.click(screen.getByRole('button', { name: 'Download Top hosts as CSV' }));
      await user.click(screen.getByRole('button', { name: 'Download Usage per credential as JSON' }));
      await waitFor(() => expect(downloads.files).toHaveLength(2));
      const [hosts, credentials] = downloads.files;
      expect(hosts!.name).toMatch(/^proxyshop-premium-hosts-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(await hosts!.blob.text()).toBe(
        'host,requests,not_charged,bytes_up,bytes_down,bytes\r\nfiles.example.com,3,0,517,1048741,1049258\r\n\'-down.example.com,2,2,0,0,0\r\n',
      );
      expect(credentials!.name).toMatch(/^proxyshop-premium-credentials-\d{4}-\d{2}-\d{2}\.json$/);
      expect(JSON.parse(await credentials!.blob.text())).toEqual([
        { credential: 'team-a', credential_kind: 'subuser', requests: 1, not_charged: 0, bytes_up: 0, bytes_down: 2_000, bytes: 2_000 },
      ]);
      expect((await screen.findAllByText('File downloaded', {}, { timeout: 5000 }))[0]).toBeInTheDocument();
    } finally {
      downloads.restore();
    }
  });

  it('offers nothing to download while a table is empty', async () => {
    usageRecord();
    await openUsage();
    await within(await screen.findByTestId('host-breakdown')).findByText('No traffic in this period');
    expect(screen.getByRole('button', { name: 'Download Top hosts as CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download Top hosts as JSON' })).toBeDisabled();
  });
});
