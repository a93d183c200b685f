// Usage and balance refresh on their own (issue 10): the signed-in layout re-reads the user (the
// balance) and the overview its stats every 10 s while the page is visible; a hidden tab does not
// poll; a failed refresh keeps the customer signed in.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LIVE_REFRESH_MS } from '@/lib/live-refresh';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

beforeAll(async () => {
  await Promise.all([import('@/features/dashboard/components/dashboard-layout'), import('@/features/dashboard/routes/overview')]);
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A server whose balance and remaining traffic the test changes; counts the reads. */
function liveServer() {
  const state = { balance: 10, available: 1, userReads: 0, statReads: 0, failUser: false };
  server.use(
    http.get('*/api/getuserinfo', () => {
      state.userReads += 1;
      if (state.failUser) return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
      return HttpResponse.json({ user: makeUser({ balance: state.balance }) });
    }),
    http.get('*/api/user/plan', ({ request }) => HttpResponse.json({ plan: { name: new URL(request.url).searchParams.get('type'), plans: [] } })),
    http.get('*/api/user/get_starts', () => {
      state.statReads += 1;
      return HttpResponse.json({
        success: true,
        premiumStat: { availableTraffic: state.available, usedTraffic: 0, expiresAt: null },
        budgetStat: { availableTraffic: 0, usedTraffic: 0, expiresAt: null },
      });
    }),
  );
  return state;
}

const usage = async () => (await screen.findByRole('heading', { name: 'Usage' })).closest('section')!;

describe('live figures', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('re-reads the balance and the usage every 10 seconds while the page is visible', async () => {
    const state = liveServer();
    renderAt('/onboard');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('$10.00');
    expect(await within(await usage()).findByText('1.00')).toBeInTheDocument();

    state.balance = 12.5;
    state.available = 0.25;
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$12.50'));
    expect(screen.getByRole('button', { name: /^Balance \$12\.50/ })).toBeInTheDocument();
    expect(await within(await usage()).findByText('0.25')).toBeInTheDocument();
  });

  it('does not poll while the tab is hidden', async () => {
    const state = liveServer();
    renderAt('/onboard');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('$10.00');
    await within(await usage()).findByText('1.00');
    setVisibility('hidden');
    const reads = { user: state.userReads, stats: state.statReads };
    state.balance = 99;
    await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    expect({ user: state.userReads, stats: state.statReads }).toEqual(reads);
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$10.00');

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$99.00'));
  });

  it('keeps the customer signed in when a refresh fails', async () => {
    const state = liveServer();
    renderAt('/onboard');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('$10.00');
    state.failUser = true;
    const reads = state.userReads;
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    await waitFor(() => expect(state.userReads).toBeGreaterThan(reads));
    expect(screen.getByTestId('location')).toHaveTextContent('/onboard');
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$10.00');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
