import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { RESELLER_MESSAGES } from './schemas';
import { bodies, signedInReseller, T0 } from './test-data';

const SLOW = { timeout: 10_000 };

beforeAll(() => preloadRoutes('dashboard-layout', 'reseller-console'));

const line = (overrides: Partial<Schemas['ClientReportLine']>): Schemas['ClientReportLine'] => ({
  id: 7,
  email: 'acme@client.test',
  name: 'Acme',
  suspended: false,
  allocatedBytes: 0,
  reclaimedBytes: 0,
  availableBytes: 0,
  usedBytes: 0,
  usedGb: 0,
  revenue: 0,
  cost: 0,
  ...overrides,
});

describe('the Reports tab', { timeout: 30_000 }, () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('lists each client’s figures and the totals for the window and kind asked, and downloads the CSV', async () => {
    signedInReseller({ clients: [] });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/reseller/reports/clients', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        if (params.get('format') === 'csv') return new HttpResponse('id,email\n7,acme@client.test\n', { headers: { 'Content-Type': 'text/csv' } });
        const acme = line({ allocatedBytes: 5e9, reclaimedBytes: 1e9, availableBytes: 2.5e9, usedBytes: 1.5e9, usedGb: 1.5, revenue: 12, cost: 7.2 });
        const beta = line({ id: 8, name: 'Beta', email: 'b@client.test', suspended: true, allocatedBytes: 1e9, usedBytes: 2e8, usedGb: 0.2, availableBytes: 8e8 });
        const lines = params.get('type') === 'budget' ? [line({ id: 8, name: 'Beta', email: 'b@client.test' })] : [acme, beta];
        return HttpResponse.json({
          from: T0,
          to: T0 + 30 * 86_400,
          type: params.get('type'),
          clients: lines,
          totals: { allocatedBytes: 6e9, reclaimedBytes: 1e9, availableBytes: 3.3e9, usedBytes: 1.7e9, usedGb: 1.7, revenue: 12, cost: 7.2 },
        });
      }),
      http.get('*/api/reseller/alerts', () => HttpResponse.json({ premiumBelowGb: null, budgetBelowGb: null })),
    );
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => undefined;
    const { user } = renderAt('/reseller?tab=reports');
    const [acme, beta] = await screen.findAllByTestId('report-row', {}, SLOW);
    for (const text of ['Acme', '5.00 GB', '1.00 GB', '1.50 GB', '2.50 GB', '$12.00', '$7.20']) expect(within(acme!).getByText(text)).toBeInTheDocument();
    expect(beta).toHaveTextContent('b@client.test · suspended');
    expect(screen.getByTestId('report-totals')).toHaveTextContent('1.70 GB');
    const first = asked[0]!;
    expect(first.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.get('to')).toBe(new Date().toISOString().slice(0, 10));
    expect(first.has('type')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Type'), 'budget');
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(1));
    expect(asked.at(-1)!.get('type')).toBe('budget');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('CSV file downloaded')).toBeInTheDocument();
    expect(asked.at(-1)!.get('format')).toBe('csv');
    expect(asked.at(-1)!.get('type')).toBe('budget');
    expect(await saved[0]!.text()).toBe('id,email\n7,acme@client.test\n');
  });

  it('sets the low-pool alerts, blank as off, with the server’s message under its field', async () => {
    signedInReseller({ clients: [] });
    const put = bodies();
    let reply = () => HttpResponse.json({ message: RESELLER_MESSAGES.budgetBelowGb, fields: { budgetBelowGb: RESELLER_MESSAGES.budgetBelowGb } }, { status: 422 });
    server.use(
      http.get('*/api/reseller/reports/clients', () => HttpResponse.json({ from: T0, to: T0, type: null, clients: [], totals: line({}) })),
      http.get('*/api/reseller/alerts', () => HttpResponse.json({ premiumBelowGb: 15, budgetBelowGb: null })),
      http.put('*/api/reseller/alerts', async ({ request }) => {
        await put.record(request);
        return reply();
      }),
    );
    const { user } = renderAt('/reseller?tab=reports');
    const premium = await screen.findByLabelText('Premium Residential below GB', {}, SLOW);
    await waitFor(() => expect(premium).toHaveValue('15'));
    const budget = screen.getByLabelText('Budget Residential below GB');
    await user.type(budget, '0.5');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText(RESELLER_MESSAGES.budgetBelowGb)).toBeInTheDocument();
    expect(put.seen).toEqual([]);

    await user.clear(budget);
    await user.type(budget, '5');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText(RESELLER_MESSAGES.budgetBelowGb, { selector: 'p' })).toBeInTheDocument();
    expect(put.seen).toEqual([{ premiumBelowGb: 15, budgetBelowGb: 5 }]);

    reply = () => HttpResponse.json({ premiumBelowGb: null, budgetBelowGb: 5 });
    await user.clear(premium);
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText('Alerts saved')).toBeInTheDocument();
    expect(put.seen[1]).toEqual({ premiumBelowGb: null, budgetBelowGb: 5 });
  });
});
