// The Plans and Usage tabs of the residential generator pages.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { statsQueryOptions } from '@/lib/stats';
import { PROXY, capture, preloadRoutes, signedIn } from './test-support';

beforeAll(preloadRoutes);

const plans = {
  plan: {
    name: 'premium',
    plans: [
      { id: 7, tag: null, name: '5GB', note: null, size: '5GB', price: 15, amount: 5, validityPeriod: '30 days', regions: ['US'], countrySelection: 'City-level', protocols: true, ipDuration: '1~240 minutes', availability: '99.7%' },
      { id: 8, tag: 'Popular', name: '40GB', note: null, size: '40GB', price: 96, amount: 40, validityPeriod: '30 days', regions: ['US'], countrySelection: 'City-level', protocols: true, ipDuration: '1~240 minutes', availability: '99.7%' },
    ],
  },
};

describe('plans tab', () => {
  it('confirms, buys the plan, replaces the user (balance) and refetches the stats', async () => {
    signedIn(40);
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/user/plan', () => HttpResponse.json(plans)),
      http.get('*/api/user/get_starts', () => {
        return HttpResponse.json({ success: true, premiumStat: { availableTraffic: bodies.length > 0 ? 5 : 0, usedTraffic: 0 }, budgetStat: { availableTraffic: 0, usedTraffic: 0 } });
      }),
      http.get('*/api/user/usage', () => HttpResponse.json({ type: 'premium', days: [] })),
      http.get('*/api/user/proxy_history', () => HttpResponse.json({ history: [] })),
      http.get('*/api/user/requests', () => HttpResponse.json({ requests: [], total: 0, page: 1, perPage: 50 })),
      http.get('*/api/user/usage/breakdown', ({ request }) => HttpResponse.json({ by: new URL(request.url).searchParams.get('by'), rows: [] })),
      http.get('*/api/user/requests/exports', () => HttpResponse.json({ items: [] })),
    );
    server.use(
      http.post('*/api/user/get_plan', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Plan purchased successfully', user: makeUser({ balance: 25 }) });
      }),
    );
    const { user, client } = renderAt('/onboard/rotating-proxy');
    // the stats were loaded before (e.g. on the overview): the purchase must refresh them
    await client.query(statsQueryOptions);
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    expect(await screen.findAllByText('30 days', { selector: 'dd' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Buy now: 5GB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Plan' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to buy this plan?');
    expect(within(dialog).getByTestId('purchase-summary')).toHaveTextContent('5 GB for $15.00');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Plan purchased successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'premium', planId: 7 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /^Balance \$25\.00/ })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Usage' }));
    await waitFor(() => expect(screen.getByTestId('usage-remaining')).toHaveTextContent('5.00 GB'));
  });

  it('shows the server refusal and keeps the dialog open', async () => {
    signedIn(1);
    server.use(http.get('*/api/user/plan', () => HttpResponse.json(plans)));
    capture('/api/user/get_plan', () => HttpResponse.json({ message: 'Insufficient balance' }, { status: 402 }));
    const { user } = renderAt('/onboard/budget-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    await user.click(await screen.findByRole('button', { name: 'Buy now: 40GB' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Buy Plan' })).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Buy Plan' })).toBeInTheDocument();
  });

  it('buys a custom amount of GB at the plan\'s per-GB tier, and refuses one out of range', async () => {
    signedIn(100);
    server.use(http.get('*/api/user/plan', () => HttpResponse.json(plans)));
    const bodies = capture('/api/user/get_plan', () => HttpResponse.json({ success: true, message: 'Plan purchased successfully', user: makeUser({ balance: 79 }) }));
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    await user.click(await screen.findByRole('button', { name: 'Buy now: 5GB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Plan' });
    const custom = within(dialog).getByLabelText('Custom amount (GB)');
    expect(within(dialog).getByText(/at \$3\.00 per GB/)).toBeInTheDocument();
    await user.type(custom, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Custom amount must be a whole number of GB from 1 to 10000');
    await user.clear(custom);
    await user.type(custom, '10001');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Custom amount must be a whole number of GB from 1 to 10000');
    expect(bodies).toHaveLength(0);
    await user.clear(custom);
    await user.type(custom, '7');
    expect(within(dialog).getByTestId('purchase-summary')).toHaveTextContent('7 GB for $21.00');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Plan purchased successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'premium', planId: 7, customGb: 7 }]);
  });

  it('never turns a typed decimal into another amount: "2.5" is refused with the rule, nothing is bought', async () => {
    signedIn(100);
    server.use(http.get('*/api/user/plan', () => HttpResponse.json(plans)));
    const bodies = capture('/api/user/get_plan', () => HttpResponse.json({ success: true, message: 'Plan purchased successfully', user: makeUser({ balance: 79 }) }));
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    await user.click(await screen.findByRole('button', { name: 'Buy now: 5GB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Plan' });
    const custom = within(dialog).getByLabelText('Custom amount (GB)');
    await user.type(custom, '2.5');
    expect(custom).toHaveValue('2.5');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Custom amount must be a whole number of GB from 1 to 10000');
    expect(within(dialog).getByTestId('purchase-summary')).not.toHaveTextContent('25 GB');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Custom amount must be a whole number of GB from 1 to 10000');
    expect(bodies).toHaveLength(0);
    // A long number is not cut short either.
    await user.clear(custom);
    await user.type(custom, '123456');
    expect(custom).toHaveValue('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Custom amount must be a whole number of GB from 1 to 10000');
    expect(bodies).toHaveLength(0);
  });

  it('says No plans available when there are none', async () => {
    signedIn();
    const { user } = renderAt('/onboard/budget-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    expect(await screen.findByText('No plans available')).toBeInTheDocument();
  });
});

const isoDay = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

describe('usage tab', () => {
  function usage(days: Array<{ day: string; bytes: number }>, history: unknown[] = [], premiumStat = { availableTraffic: 3.456, usedTraffic: 1.5, expiresAt: 1924084800 }) {
    server.use(
      http.get('*/api/user/get_starts', () => HttpResponse.json({ success: true, premiumStat, budgetStat: { availableTraffic: 0, usedTraffic: 0 } })),
      http.get('*/api/user/usage', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('type')).toBe('premium');
        expect(url.searchParams.get('days')).toBe('30');
        return HttpResponse.json({ type: 'premium', days });
      }),
      http.get('*/api/user/proxy_history', ({ request }) => {
        expect(new URL(request.url).searchParams.get('type')).toBe('premium');
        return HttpResponse.json({ history });
      }),
      // the usage record (usage-record.test.tsx), empty here
      http.get('*/api/user/requests', () => HttpResponse.json({ requests: [], total: 0, page: 1, perPage: 50 })),
      http.get('*/api/user/usage/breakdown', ({ request }) => HttpResponse.json({ by: new URL(request.url).searchParams.get('by'), rows: [] })),
      http.get('*/api/user/requests/exports', () => HttpResponse.json({ items: [] })),
    );
  }

  it('charts 30 days of usage with GB tooltips, totals and the proxy history', async () => {
    signedIn();
    // 12 Mar 2025 12:05 UTC
    usage([{ day: isoDay(3), bytes: 1_234_000_000 }, { day: isoDay(0), bytes: 250_000_000 }], [
      { proxy: PROXY, createdAt: 1741781100, type: 'premium' },
    ]);
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Usage' }));

    expect(await screen.findByTestId('usage-remaining')).toHaveTextContent('3.46 GB');
    expect(screen.getByTestId('usage-used')).toHaveTextContent('1.50 GB');
    expect(screen.getByTestId('usage-total')).toHaveTextContent('4.96 GB');
    // when the unused traffic expires (21 Dec 2030 12:00 UTC), in local time
    expect(screen.getByTestId('traffic-expiry')).toHaveTextContent(/^Expires 21 Dec 2030, \d{2}:\d{2}$/);

    const chart = await screen.findByTestId('usage-chart');
    const bars = within(chart).getAllByTestId('usage-bar');
    expect(bars).toHaveLength(30);
    expect(bars[26]).toHaveAttribute('data-gb', '1.23');
    expect(bars[29]).toHaveAttribute('data-gb', '0.25');
    expect(bars[0]).toHaveAttribute('data-gb', '0.00');
    expect(chart).toHaveTextContent('Total 1.48 GB');

    const group = within(chart).getByRole('group');
    group.focus();
    await user.keyboard('{End}');
    expect(within(chart).getByTestId('usage-tooltip')).toHaveTextContent(/^\d{1,2} \w{3}: 250 MB$/);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(within(chart).getByTestId('usage-tooltip')).toHaveTextContent('1.23 GB');

    const table = screen.getByRole('table', { name: 'Proxy history' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('12 Mar 2025')).toBeInTheDocument();
    expect(within(row).getByText('24h')).toBeInTheDocument();
    expect(within(row).getByText('Premium Residential')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Copy proxy' }));
    expect(await screen.findByText('Proxy Copied Successfully')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(PROXY);
  });

  it('shows a small balance in MB: remaining keeps its 2 decimals of GB beside them', async () => {
    signedIn();
    // a 100 MB trial with 10 MB used; 40 MB of it on one day
    usage([{ day: isoDay(1), bytes: 40_000_000 }], [], { availableTraffic: 0.09, usedTraffic: 0.01, expiresAt: 1924084800 });
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Usage' }));
    expect(await screen.findByTestId('usage-remaining')).toHaveTextContent(/^0\.09 GB90 MB$/);
    expect(screen.getByTestId('usage-used')).toHaveTextContent(/^10 MB$/);
    expect(screen.getByTestId('usage-total')).toHaveTextContent(/^100 MB$/);
    const chart = await screen.findByTestId('usage-chart');
    expect(chart).toHaveTextContent('Total 40 MB');
    // the axis counts MB while the busiest day is under 1 GB: 0, 25 and 50 MB, not "0.05 GB"
    expect(chart).toHaveTextContent(/50\s*25\s*0 MB/);
    expect(chart).not.toHaveTextContent(/\bGB\b/);
    expect(within(chart).getByRole('table', { hidden: true })).toHaveTextContent('40 MB');
  });

  it('shows empty states with no usage and no history', async () => {
    signedIn();
    usage([]);
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Usage' }));
    expect(await screen.findByText('No usage yet')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-chart')).not.toBeInTheDocument();
    expect(await within(screen.getByRole('table', { name: 'Proxy history' })).findByText('No Proxy Generated')).toBeInTheDocument();
  });
});
