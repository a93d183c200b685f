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

function setup({ plans = [plan(7, 5, 15)], balance = 40 } = {}) {
  const bodies: unknown[] = [];
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance }) })),
    http.get('*/api/user/plan', ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') ?? '';
      return HttpResponse.json({ plan: { name: type, plans: type === 'premium' || type === 'budget' ? plans : [] } });
    }),
    http.get('*/api/user/get_starts', () =>
      HttpResponse.json({
        success: true,
        premiumStat: { availableTraffic: bodies.length > 0 ? 8.333 : 3.333, usedTraffic: 1.667 },
        budgetStat: { availableTraffic: 0, usedTraffic: 0 },
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

  it('Come Into Use goes to the premium page for Premium and the budget page for the others', async () => {
    setup();
    server.use(http.get('*/api/user/residential_location', () => HttpResponse.json({ locations: [] })));
    const { user } = renderAt('/onboard');
    await user.click(await screen.findByRole('button', { name: 'Come Into Use' }));
    await waitFor(() => expect(location()).toBe('/onboard/rotating-proxy'));

    await user.click(screen.getAllByRole('link', { name: (name) => name === 'Dashboard' })[0]!);
    await waitFor(() => expect(location()).toMatch(/^\/onboard\/?$/));
    await user.click(await screen.findByRole('tab', { name: 'Static Residential' }));
    await user.click(screen.getByRole('button', { name: 'Come Into Use' }));
    await waitFor(() => expect(location()).toBe('/onboard/budget-proxy'));
  });
});
