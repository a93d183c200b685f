// The free trial on the overview: labelled as a trial with its end and Upgrade while it runs; a
// sign-up that got none is told why and offered Add funds; a paying customer sees neither.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

beforeAll(async () => {
  await Promise.all([import('@/features/dashboard/routes/overview'), preloadRoutes('dashboard-layout', 'add-funds-dialog')]);
});

const ENDS = 1924084800; // 21 Dec 2030

function setup(trial: unknown) {
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance: 0 }) })),
    http.get('*/api/user/plan', () => HttpResponse.json({ plan: { name: 'premium', plans: [] } })),
    http.get('*/api/user/get_starts', () =>
      HttpResponse.json({
        success: true,
        premiumStat: { availableTraffic: 0.1, usedTraffic: 0, expiresAt: ENDS },
        budgetStat: { availableTraffic: 0, usedTraffic: 0, expiresAt: null },
        pieceStats: null,
        expiringSoonDays: 3,
        trial,
      }),
    ),
  );
}

describe('free trial on the overview', () => {
  it('labels the trial traffic with its end and offers Upgrade', async () => {
    setup({ state: 'active', endsAt: ENDS, reason: null });
    const { user } = renderAt('/onboard');
    const usage = (await screen.findByRole('heading', { name: 'Usage' })).closest('section')!;
    const label = await within(usage).findByTestId('trial-label');
    expect(label).toHaveTextContent(/^Free trialends 21 Dec 2030, \d{2}:\d{2}Upgrade$/);
    expect(screen.getByTestId('trial-notice')).toHaveTextContent(/Free trial: your Premium traffic ends 21 Dec 2030/);
    await user.click(within(label).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('dialog', { name: 'Add Funds' })).toBeInTheDocument();
  });

  it('tells a sign-up refused for its network why, with Add funds', async () => {
    setup({ state: 'refused', endsAt: null, reason: 'network' });
    const { user } = renderAt('/onboard');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('No free trial: your network has had its free trials for today');
    expect(notice).toHaveTextContent('Add funds to buy traffic and start using proxies.');
    expect(screen.queryByTestId('trial-label')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Add funds' }));
    expect(await screen.findByRole('dialog', { name: 'Add Funds' })).toBeInTheDocument();
  });

  it('tells a mailbox that had its trial why', async () => {
    setup({ state: 'refused', endsAt: null, reason: 'mailbox' });
    renderAt('/onboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('No free trial: this mailbox has had a free trial before');
  });

  it('says nothing to a paying customer', async () => {
    setup(null);
    renderAt('/onboard');
    const usage = (await screen.findByRole('heading', { name: 'Usage' })).closest('section')!;
    expect(await within(usage).findByText('0.10')).toBeInTheDocument();
    expect(screen.queryByTestId('trial-label')).not.toBeInTheDocument();
    expect(screen.queryByTestId('trial-notice')).not.toBeInTheDocument();
  });
});
