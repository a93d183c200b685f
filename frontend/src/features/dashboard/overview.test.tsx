import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

beforeAll(async () => {
  await Promise.all([import('@/features/dashboard/components/dashboard-layout'), import('@/features/dashboard/routes/overview')]);
});

const location = () => screen.getByTestId('location').textContent;

const plan = (id: number, amount: number, price: number) => ({
  id,
  tag: null,
  name: `${amount}GB`,
  note: null,
  size: `${amount}GB`,
  price,
  amount,
  validityPeriod: '30 days',
  regions: ['US'],
  countrySelection: 'City-level',
  protocols: true,
  ipDuration: '1~240 minutes',
  availability: '99.7%',
});

const PIECE_PLANS: Record<string, unknown[]> = {
  static: [{ ...plan(21, 1, 3.5), name: 'ISP 30 days', size: '1 proxy' }],
  lte: [{ ...plan(41, 1, 45), name: 'LTE 30 days', size: '1 proxy' }, { ...plan(42, 1, 3), name: 'LTE 1 day', size: '1 proxy' }],
  ipv4: [],
  ipv6: [],
};

const pieceStats = {
  static: { live: 3, expiringSoon: 1, nextExpiresAt: 1924084800 },
  lte: { live: 1, expiringSoon: 0, nextExpiresAt: 1924084800 },
  ipv4: { live: 0, expiringSoon: 0, nextExpiresAt: null },
  ipv6: { live: 0, expiringSoon: 0, nextExpiresAt: null },
};

function setup({
  plans = [plan(7, 5, 15)],
  balance = 40,
  premiumExpiresAt = 1924084800,
  soonDays = 3,
  premium = { available: 3.333, used: 1.667 },
  // 3 Dec 2026 12:00 UTC; 1 Jan 2031 after the expiry
  premiumRunsOutAt = 1796299200,
} = {}) {
  const bodies: unknown[] = [];
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance }) })),
    http.get('*/api/user/plan', ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') ?? '';
      return HttpResponse.json({ plan: { name: type, plans: type === 'premium' || type === 'budget' ? plans : (PIECE_PLANS[type] ?? []) } });
    }),
    http.get('*/api/user/get_starts', () =>
      HttpResponse.json({
        success: true,
        premiumStat: {
          availableTraffic: bodies.length > 0 ? 8.333 : premium.available,
          usedTraffic: premium.used,
          expiresAt: premiumExpiresAt,
          dailyAverageGb: 1.5,
          runsOutAt: premiumRunsOutAt,
        },
        budgetStat: { availableTraffic: 0, usedTraffic: 0, expiresAt: null, dailyAverageGb: 0, runsOutAt: null },
        pieceStats,
        expiringSoonDays: soonDays,
      }),
    ),
    http.post('*/api/user/get_plan', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ success: true, message: 'Plan purchased successfully', user: makeUser({ balance: balance - 15 }) });
    }),
  );
  return bodies;
}

describe('overview', () => {
  it('shows remaining, total and used GB with 2 decimals and a progress bar', async () => {
    setup();
    renderAt('/onboard');
    const usage = (await screen.findByRole('heading', { name: 'Usage' })).closest('section')!;
    expect(await within(usage).findByText('3.33')).toBeInTheDocument();
    expect(within(usage).getByText('5.00 GB')).toBeInTheDocument();
    expect(within(usage).getByText('1.67 GB')).toBeInTheDocument();
    expect(within(usage).getByRole('progressbar', { name: 'Traffic used' })).toHaveAttribute('aria-valuenow', '33');
    expect(within(usage).getByTestId('traffic-expiry')).toHaveTextContent(/^Expires 21 Dec 2030, \d{2}:\d{2}$/);
    expect(within(usage).getByTestId('traffic-forecast')).toHaveTextContent('At this pace (1.50 GB a day) your Premium traffic lasts until 3 Dec 2026.');
  });

  it('says the traffic outlasts its expiry at this pace, and nothing without a forecast', async () => {
    setup({ premiumRunsOutAt: 1924992000 });
    const { user } = renderAt('/onboard');
    const usage = (await screen.findByRole('heading', { name: 'Usage' })).closest('section')!;
    expect(await within(usage).findByTestId('traffic-forecast')).toHaveTextContent('At this pace (1.50 GB a day) your Premium traffic lasts until it expires.');
    await user.click(screen.getByRole('tab', { name: 'Residential Proxies' }));
    expect(within(usage).queryByTestId('traffic-forecast')).toBeNull();
  });

  it('shows a balance under 1 GB in MB too, remaining still with 2 decimals of GB', async () => {
    setup({ premium: { available: 0.09, used: 0.01 } });
    renderAt('/onboard');
    const usage = (await screen.findByRole('heading', { name: 'Usage' }, { timeout: 10_000 })).closest('section')!;
    expect(await within(usage).findByText('0.09')).toBeInTheDocument();
    expect(within(usage).getByTestId('remaining-mb')).toHaveTextContent('(90 MB)');
    expect(within(usage).getByText('Total').nextElementSibling).toHaveTextContent(/^100 MB$/);
    expect(within(usage).getByText('Used').nextElementSibling).toHaveTextContent(/^10 MB$/);
  });

  it('makes View wallet activity a 24 × 24 px tap target at least', async () => {
    setup();
    renderAt('/onboard');
    expect(await screen.findByRole('link', { name: 'View wallet activity' }, { timeout: 10_000 })).toHaveClass('tap-target');
  });

  it('says when traffic has expired, and when there is none', async () => {
    setup({ premiumExpiresAt: 1740830400 });
    const { user } = renderAt('/onboard');
    const usage = (await screen.findByRole('heading', { name: 'Usage' })).closest('section')!;
    expect(await within(usage).findByTestId('traffic-expiry')).toHaveTextContent(/^Expired on 1 Mar 2025, \d{2}:\d{2}$/);
    await user.click(screen.getByRole('tab', { name: 'Residential Proxies' }));
    expect(within(usage).getByTestId('traffic-expiry')).toHaveTextContent('No active traffic');
  });

  it('shows pieces, not GB, on the piece tabs', async () => {
    setup();
    const { user } = renderAt('/onboard');
    const usage = (await screen.findByRole('heading', { name: 'Usage' })).closest('section')!;
    await within(usage).findByText('3.33');
    await user.click(screen.getByRole('tab', { name: 'Static Residential' }));
    expect(within(usage).getByTestId('pieces-live')).toHaveTextContent('3 live proxies');
    expect(within(usage).getByText('Expiring within 3 days').nextElementSibling).toHaveTextContent('1');
    expect(within(usage).getByTestId('pieces-next-expiry')).toHaveTextContent(/^21 Dec 2030, \d{2}:\d{2}$/);
    expect(within(usage).queryByText(/GB/)).not.toBeInTheDocument();
    expect(within(usage).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Plans' })).getByText('1 piece')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'LTE Mobile' }));
    expect(within(usage).getByTestId('pieces-live')).toHaveTextContent('1 live proxy');
    await user.click(screen.getByRole('tab', { name: 'Datacenter IPv6' }));
    expect(within(usage).getByTestId('pieces-live')).toHaveTextContent('0 live proxies');
    expect(within(usage).getByTestId('pieces-next-expiry')).toHaveTextContent('—');
  });

  it('says "1 day" when the expiring-soon window is one day', async () => {
    setup({ soonDays: 1 });
    const { user } = renderAt('/onboard');
    const usage = (await screen.findByRole('heading', { name: 'Usage' })).closest('section')!;
    await within(usage).findByText('3.33');
    await user.click(screen.getByRole('tab', { name: 'Static Residential' }));
    expect(within(usage).getByText('Expiring within 1 day')).toBeInTheDocument();
  });

  it('titles a random piece pick per piece and opens its buy form on the kind page', async () => {
    setup();
    server.use(
      http.get('*/api/user/server_credentials', () => HttpResponse.json({ success: true, data: { supportedCountries: [], supportedISPs: {} } })),
      http.get('*/api/user/proxy_history', () => HttpResponse.json({ history: [] })),
    );
    const { user } = renderAt('/onboard');
    await user.click(await screen.findByRole('tab', { name: 'Static Residential' }));
    await screen.findByText('ISP 30 days');
    await user.click(screen.getByRole('button', { name: 'Pick A Random Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'ISP 30 days - $3.50 per piece' });
    await user.click(within(dialog).getByRole('button', { name: 'Pick' }));
    await waitFor(() => expect(location()).toBe('/onboard/static-proxy'));
    expect(await screen.findByRole('heading', { name: 'Buy ISP 30 days' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Buy proxies' })).toBeInTheDocument();
  });

  it('buys a random plan from the dialog titled with GB and price; the balance updates', async () => {
    const bodies = setup({ plans: [plan(7, 5, 15)] });
    const { user } = renderAt('/onboard');
    await screen.findByText('5GB');
    await user.click(screen.getByRole('button', { name: 'Pick A Random Plan' }));
    const dialog = await screen.findByRole('dialog', { name: '5 GB - $15.00' });
    await user.click(within(dialog).getByRole('button', { name: 'Pick' }));
    expect(await screen.findByText('Plan purchased successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'premium', planId: 7 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('$25.00');
    // the stats were invalidated: the remaining traffic refetched
    expect(await screen.findByText('8.33')).toBeInTheDocument();
  });

  it('says "No plans available" when a random pick has nothing to pick', async () => {
    setup({ plans: [] });
    const { user } = renderAt('/onboard');
    expect(await screen.findByText('Plans for this proxy type will appear here.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pick A Random Plan' }));
    expect(await screen.findByText('No plans available', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('buys from the plans list after the Buy Plan confirmation', async () => {
    const bodies = setup({ plans: [plan(7, 5, 15), plan(9, 10, 28)] });
    const { user } = renderAt('/onboard');
    await user.click(await screen.findByRole('button', { name: 'Buy now: 10GB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Plan' });
    expect(dialog).toHaveTextContent('Are you sure you want to buy this plan?');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Plan purchased successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'premium', planId: 9 }]);
  });

  it("opens a piece plan's buy form from the plans list", async () => {
    setup();
    server.use(
      http.get('*/api/user/lte_credentials', () => HttpResponse.json({ success: true, data: ['us'] })),
      http.get('*/api/user/proxy_history', () => HttpResponse.json({ history: [] })),
    );
    const { user } = renderAt('/onboard');
    await user.click(await screen.findByRole('tab', { name: 'LTE Mobile' }));
    await user.click(await screen.findByRole('link', { name: 'Buy now: LTE 30 days' }));
    await waitFor(() => expect(location()).toBe('/onboard/lte-proxy'));
    expect(await screen.findByTestId('lte-price')).toHaveTextContent('$45.00');
  });

  it.each([
    ['Premium Residential', '/onboard/rotating-proxy'],
    ['Residential Proxies', '/onboard/budget-proxy'],
    ['Static Residential', '/onboard/static-proxy'],
    ['LTE Mobile', '/onboard/lte-proxy'],
    ['Datacenter IPv4', '/onboard/ipv4-proxy'],
    ['Datacenter IPv6', '/onboard/ipv6-proxy'],
  ])('Come Into Use on the %s tab opens %s', async (tab, path) => {
    setup();
    server.use(
      http.get('*/api/user/residential_location', () => HttpResponse.json({ locations: [] })),
      http.get('*/api/user/budget_residential_location', () => HttpResponse.json({ locations: [] })),
      http.get('*/api/user/server_credentials', () => HttpResponse.json({ success: true, data: [] })),
      http.get('*/api/user/lte_credentials', () => HttpResponse.json({ success: true, data: [] })),
      http.get('*/api/user/proxy_history', () => HttpResponse.json({ history: [] })),
    );
    const { user } = renderAt('/onboard');
    await user.click(await screen.findByRole('tab', { name: tab }));
    await user.click(screen.getByRole('button', { name: 'Come Into Use' }));
    await waitFor(() => expect(location()).toBe(path));
  });
});
