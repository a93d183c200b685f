import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const SLOW = { timeout: 10_000 };
const ACME: Schemas['PublicBrand'] = { slug: 'acme', name: 'Acme Proxies', colour: '#1a73e8', supportEmail: 'help@acme.example', supportUrl: null, logoUrl: '/api/brands/acme/logo?v=2' };
const CLOSED = 'Your provider does not sell traffic here: ask your provider';

beforeAll(async () => {
  await preloadRoutes('dashboard-layout', 'settings', 'client-buy', 'premium-proxy');
  await import('./routes/overview');
});

function signedInClient(catalogue: 'open' | 'closed', state = { balance: 12.5 }) {
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ resellerClient: true, brand: ACME, balance: state.balance }) })),
    http.get('*/api/user/get_starts', () =>
      HttpResponse.json({ premiumStat: { availableTraffic: 2.5, usedTraffic: 0.5 }, budgetStat: { availableTraffic: 0, usedTraffic: 0 } }),
    ),
    http.get('*/api/client/catalogue', () =>
      catalogue === 'open' ? HttpResponse.json({ prices: [{ type: 'premium', pricePerGb: 4 }] }) : HttpResponse.json({ message: CLOSED }, { status: 403 }),
    ),
  );
}

describe('a reseller’s client', { timeout: 30_000 }, () => {
  it('sees its provider’s brand and only its traffic, lines and settings', async () => {
    signedInClient('closed');
    renderAt('/onboard');
    const sidebar = await screen.findByTestId('sidebar', {}, SLOW);
    const mark = within(sidebar).getByTestId('brand-mark');
    expect(mark.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/\/api\/brands\/acme\/logo\?v=2$/));
    expect(mark).toHaveTextContent('Acme Proxies');
    expect(within(sidebar).queryByRole('link', { name: 'ProxyShop home' })).not.toBeInTheDocument();
    const links = within(sidebar)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Acme Proxies', 'Dashboard', 'Premium Residential Proxy', 'Residential Proxy', 'Generated Proxies', 'Settings']);
    // no balance to top up, no shop plans
    expect(screen.queryByRole('button', { name: /add funds/i })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Premium Residential' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pick A Random Plan' })).not.toBeInTheDocument();
    expect(screen.getByText(/help@acme.example/)).toBeInTheDocument();
  });

  it('lists the proxies its provider handed it, with their lines to copy', async () => {
    signedInClient('closed');
    const held: Schemas['HeldPieceView'][] = [
      { id: 12, type: 'static', host: 'proxy.acme.example', port: 8012, username: 'pc_u12', password: 's3cret', country: 'us', city: 'Dallas', expiresAt: 4_102_488_000 },
      { id: 13, type: 'lte', host: 'proxy.acme.example', port: 9013, username: 'pc_u13', password: 'p4ss', country: 'de', city: null, expiresAt: 4_102_488_000 },
    ];
    server.use(http.get('*/api/client/pieces', () => HttpResponse.json({ items: held })));
    const { user } = renderAt('/onboard');
    const list = await screen.findByRole('list', { name: 'Your proxies' }, SLOW);
    expect(screen.getByRole('heading', { name: 'Your proxies' })).toBeInTheDocument();
    const [first, second] = within(list).getAllByTestId('held-piece');
    expect(first).toHaveTextContent('Proxy #12');
    expect(first).toHaveTextContent('Static Residential');
    expect(first).toHaveTextContent('United States · Dallas');
    expect(first).toHaveTextContent('proxy.acme.example:8012:pc_u12:s3cret');
    expect(first).toHaveTextContent(/Expires 1 Jan 2100/);
    expect(second).toHaveTextContent('LTE Mobile');
    expect(second).toHaveTextContent('Germany');
    await user.click(within(second!).getByRole('button', { name: 'Copy proxy #13' }));
    expect(await screen.findByText('Proxy copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('proxy.acme.example:9013:pc_u13:p4ss');
  });

  it('shows no proxies card while it holds none', async () => {
    signedInClient('closed');
    let asked = false;
    server.use(
      http.get('*/api/client/pieces', () => {
        asked = true;
        return HttpResponse.json({ items: [] });
      }),
    );
    renderAt('/onboard');
    expect(await screen.findByRole('heading', { name: 'Premium Residential' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Your proxies' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('held-piece')).not.toBeInTheDocument();
  });

  it('generates without the shop’s plans, sub-users or IP allowlist', async () => {
    signedInClient('closed');
    let subusersAsked = false;
    server.use(
      http.get('*/api/user/residential_location', () => HttpResponse.json([])),
      http.get('*/api/user/subusers', () => {
        subusersAsked = true;
        return HttpResponse.json({ message: 'A client account can only see its own traffic, usage and records and generate its lines' }, { status: 403 });
      }),
    );
    renderAt('/onboard/rotating-proxy');
    expect(await screen.findByRole('button', { name: 'Generate' }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Generate', 'Usage', 'Health']);
    expect(screen.queryByRole('radio', { name: 'IP allowlist' })).not.toBeInTheDocument();
    expect(subusersAsked).toBe(false);
  });

  it('has a wallet without the shop’s receipts while its provider sells to it', async () => {
    signedInClient('open');
    server.use(
      http.get('*/api/user/wallet', () =>
        HttpResponse.json({
          balance: 12.5,
          entries: [{ id: 1, kind: 'topup', amount: 25, balanceAfter: 25, reference: 'pay_1', note: null, createdAt: 1741781100 }],
          total: 1,
          page: 1,
          perPage: 20,
          payments: [],
        }),
      ),
    );
    renderAt('/onboard/wallet');
    const ledger = await screen.findByRole('table', { name: 'Wallet activity' }, SLOW);
    await within(ledger).findByText('Top-up');
    expect(within(ledger).queryByRole('link', { name: /^Receipt/ })).not.toBeInTheDocument();
  });

  it('gets the not-found page for the wallet, the shop’s pieces and the closed settings', async () => {
    signedInClient('closed');
    renderAt('/onboard/wallet');
    expect(await screen.findByRole('heading', { name: 'Page not found.' }, SLOW)).toBeInTheDocument();
  });

  it('has only its own settings sections', async () => {
    signedInClient('closed');
    renderAt('/onboard/settings/account');
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' }, SLOW);
    expect(within(nav).getAllByRole('link').map((link) => link.firstChild?.textContent)).toEqual(['Account', 'Security', 'API']);
  });

  it('buys from its provider while the catalogue is open', async () => {
    const state = { balance: 12.5 };
    signedInClient('open', state);
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/client/purchases', async ({ request }) => {
        posted.push(await request.json());
        state.balance = 4.5;
        return HttpResponse.json({ message: 'Traffic added to your account', user: makeUser({ resellerClient: true, brand: ACME, balance: 4.5 }) });
      }),
    );
    const { user } = renderAt('/onboard');
    const sidebar = await screen.findByTestId('sidebar', {}, SLOW);
    await user.click(within(sidebar).getByRole('link', { name: 'Buy from Acme Proxies' }));
    expect(within(sidebar).getByRole('link', { name: 'Wallet' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy from Acme Proxies' })).toBeInTheDocument();
    expect(screen.getByText('$4.00')).toBeInTheDocument();
    const gb = screen.getByLabelText('GB of Premium Residential');
    await user.clear(gb);
    await user.type(gb, '2');
    await user.click(screen.getByRole('button', { name: 'Buy for $8.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy 2 GB of Premium Residential?' });
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Traffic added to your account')).toBeInTheDocument();
    expect(posted).toEqual([{ type: 'premium', gb: 2 }]);
    await waitFor(() => expect(screen.getByRole('button', { name: /Balance \$4\.50/ })).toBeInTheDocument());
  });
});
