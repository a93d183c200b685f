import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Subuser } from '@/lib/subusers';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { LINE_MESSAGES } from './schemas';

const SLOW = { timeout: 10_000 };

const line: Subuser = {
  id: 5,
  name: 'team',
  type: 'premium',
  username: 'uabc-sub-team',
  password: 'Pw0rdPw0rdPw0rdPw0rd',
  limitGb: 2,
  usedGb: 0.5,
  usedBytes: 500_000_000,
  limitBytes: 2_000_000_000,
  remainingGb: 1.5,
  maxConnections: null,
  enabled: true,
  createdAt: 1741781100,
  login: { email: 'team@example.com', status: 'active' },
};

beforeAll(() => preloadRoutes('dashboard-layout'));

function signedInSubuser() {
  const generated: unknown[] = [];
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ email: 'team@example.com', balance: 0, subuserId: 5 }) })),
    http.get('*/api/user/subusers', () => HttpResponse.json({ main: { username: 'uabc', maxConnections: null }, items: [line] })),
    http.get('*/api/user/requests', () =>
      HttpResponse.json({
        requests: [
          { startedAt: 1741781100, host: 'example.com', port: 443, outcome: 'ok', bytesUp: 100, bytesDown: 900, charged: true, durationMs: 10, type: 'premium', credential: { kind: 'subuser', label: 'team' } },
        ],
        total: 1,
        totalCapped: false,
        page: 1,
        perPage: 20,
        nextCursor: null,
      }),
    ),
    http.post('*/api/user/generate', async ({ request }) => {
      generated.push(await request.json());
      return HttpResponse.json({ proxies: ['127.0.0.1:8000:uabc-sub-team-type-premium-country-de:Pw0rdPw0rdPw0rdPw0rd'], message: 'Proxy generated successfully' });
    }),
  );
  return generated;
}

describe('a sub-user’s sign-in', { timeout: 60_000 }, () => {
  it('sees only its own line, figures and connections, whatever the path', async () => {
    signedInSubuser();
    renderAt('/onboard/wallet');
    expect(await screen.findByRole('heading', { name: 'Your proxy line' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('team@example.com');
    // one line however long the address (the whole of it on hover), and the theme switch
    expect(screen.getByTestId('signed-in-as')).toHaveClass('truncate');
    expect(screen.getByTestId('signed-in-as')).toHaveAttribute('title', 'team@example.com');
    expect(screen.getByRole('switch', { name: 'Dark theme' })).toBeInTheDocument();
    expect(await screen.findByText('uabc-sub-team', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('own-used')).toHaveTextContent('500 MB');
    expect(await screen.findByText('example.com')).toBeInTheDocument();
    // none of the customer's navigation
    expect(screen.queryByRole('link', { name: 'Wallet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByText('Add Funds')).not.toBeInTheDocument();
  });

  it('generates lines of its sub-user', async () => {
    const generated = signedInSubuser();
    const { user } = renderAt('/onboard');
    await screen.findByRole('heading', { name: 'Your proxy line' }, SLOW);
    await user.type(await screen.findByLabelText('Country', undefined, SLOW), 'deu');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(LINE_MESSAGES.country)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Country'));
    await user.type(screen.getByLabelText('Country'), 'DE');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(generated).toEqual([{ quantity: 1, country: 'de' }]));
    const list = await screen.findByRole('list', { name: 'Generated proxies' });
    expect(within(list).getByText(/uabc-sub-team-type-premium-country-de/)).toBeInTheDocument();
  });
});
