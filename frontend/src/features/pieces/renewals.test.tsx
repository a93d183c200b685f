// The "Your proxies" card of /onboard/proxies: expiry and grace, the auto-renew switches, a
// renewal that asks first and sends the expiry it showed; and what tells the pieces apart (their
// number, line, exit IP, ISP, username, last check and Check button; a control name per piece).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import type { OwnedPiece } from './api/renewals';
import { FIRST, NOON, preloadRoutes, signedIn } from './test-support';

beforeAll(preloadRoutes);

// 1 Jan 2100 12:00 UTC
const FUTURE = 4102488000;

const piece = (id: number, over: Partial<OwnedPiece> = {}): OwnedPiece => ({
  id,
  type: 'static',
  host: `10.0.0.${id}`,
  port: 8000,
  country: 'us',
  expiresAt: FUTURE,
  autoRenew: false,
  state: 'live',
  renewableUntil: FUTURE + 86_400,
  renewalPrice: 3.5,
  renewalDays: 30,
  orderId: 100 + id,
  username: `pc_user${id}`,
  password: `secret${id}`,
  city: null,
  isp: 'Comcast',
  exitIp: null,
  checkable: true,
  lastCheck: null,
  ...over,
});

function withPieces(items: OwnedPiece[], autoRenewDefault = false) {
  const sent: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.get('*/api/user/pieces', () => HttpResponse.json({ items, total: items.length, page: 1, perPage: 20, autoRenewDefault })),
    http.patch('*/api/user/pieces/:id', async ({ request, params }) => {
      const body = (await request.json()) as { autoRenew: boolean };
      sent.push({ path: `patch ${String(params.id)}`, body });
      return HttpResponse.json({ id: Number(params.id), autoRenew: body.autoRenew });
    }),
    http.put('*/api/user/piece_settings', async ({ request }) => {
      const body = (await request.json()) as { autoRenew: boolean };
      sent.push({ path: 'default', body });
      return HttpResponse.json(body);
    }),
    http.post('*/api/user/pieces/:id/renew', async ({ request, params }) => {
      const body = await request.json();
      sent.push({ path: `renew ${String(params.id)}`, body });
      return HttpResponse.json({
        success: true,
        message: 'Proxy renewed',
        id: Number(params.id),
        expiresAt: FUTURE + 30 * 86_400,
        price: 3.5,
        user: makeUser({ balance: 36.5 }),
      });
    }),
  );
  return sent;
}

async function open(items: OwnedPiece[], autoRenewDefault = false) {
  signedIn();
  const sent = withPieces(items, autoRenewDefault);
  server.use(http.get('*/api/user/proxies', () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })));
  const rendered = renderAt('/onboard/proxies');
  const card = (await screen.findByRole('heading', { name: 'Your proxies' }, FIRST)).closest('section')!;
  return { ...rendered, sent, card: card };
}

describe('your proxies card', () => {
  it('shows expiry, grace and what a renewal costs', async () => {
    const { card } = await open([piece(1), piece(2, { state: 'grace', expiresAt: NOON, renewableUntil: NOON + 86_400 }), piece(3, { renewalPrice: null, renewalDays: null })]);
    const rows = await within(card).findAllByTestId('piece-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('10.0.0.1:8000');
    expect(rows[0]).toHaveTextContent(/Expires/);
    expect(within(rows[0]!).getByRole('button', { name: 'Renew · $3.50 for proxy #1 (10.0.0.1:8000)' })).toBeEnabled();
    expect(rows[1]).toHaveTextContent(/Expired .* renew by .* to keep this address/);
    expect(within(rows[2]!).getByRole('button', { name: 'Not renewable for proxy #3 (10.0.0.3:8000)' })).toBeDisabled();
  });

  it('switches auto-renew per proxy and for new purchases', async () => {
    const { user, card, sent } = await open([piece(7)]);
    await user.click(await within(card).findByRole('switch', { name: 'Auto-renew proxy #7 (10.0.0.7:8000)' }));
    await user.click(within(card).getByRole('switch', { name: 'Auto-renew new purchases' }));
    await screen.findByText('New proxies will renew automatically');
    expect(sent).toEqual([
      { path: 'patch 7', body: { autoRenew: true } },
      { path: 'default', body: { autoRenew: true } },
    ]);
  });

  it('renews after asking, with the expiry it showed', async () => {
    const { user, card, sent } = await open([piece(4)]);
    await user.click(await within(card).findByRole('button', { name: /^Renew · \$3\.50/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew proxy #4 (10.0.0.4:8000)' });
    expect(dialog).toHaveTextContent('Another 30 days for $3.50 from your wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Renew for $3.50' }));
    await screen.findByText(/Proxy renewed: now until/);
    expect(sent).toEqual([{ path: 'renew 4', body: { expiresAt: FUTURE } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Add funds with the missing amount when the renewal is refused for the balance', async () => {
    const { user, card } = await open([piece(6, { renewalPrice: 50 })]);
    server.use(http.post('*/api/user/pieces/:id/renew', () => HttpResponse.json({ message: 'Insufficient balance' }, { status: 402 })));
    await user.click(await within(card).findByRole('button', { name: /^Renew · \$50\.00/ }));
    await user.click(within(await screen.findByRole('dialog', { name: /^Renew proxy #6/ })).getByRole('button', { name: 'Renew for $50.00' }));
    // $50.00 less the $40.00 balance
    expect(await screen.findByText('You need $10.00 more in your wallet.')).toBeInTheDocument();
    const toast = screen.getByText('Insufficient balance').closest('li')!;
    expect(within(toast).getByRole('button', { name: 'Add funds' })).toBeInTheDocument();
  });

  it('says "day" for a one-day renewal', async () => {
    const { user, card } = await open([piece(5, { renewalDays: 1 })]);
    await user.click(await within(card).findByRole('button', { name: /^Renew · \$3\.50/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew proxy #5 (10.0.0.5:8000)' });
    expect(dialog).toHaveTextContent('Another 1 day for $3.50 from your wallet');
  });
});

describe('telling pieces apart', () => {
  // three pieces on the same gateway address: the "every piece reads 127.0.0.1:8000"
  const same = { host: '127.0.0.1', port: 8000 };
  const three = () => [
    piece(12, { ...same, exitIp: '203.0.113.7', country: 'de', city: 'Berlin', isp: 'Telekom' }),
    piece(13, { ...same, exitIp: null }),
    piece(14, { ...same, exitIp: '203.0.113.9', checkable: false }),
  ];

  it('names every switch and button after its piece, and shows what was bought', async () => {
    const { card } = await open(three());
    const rows = await within(card).findAllByTestId('piece-row');
    const names = [...within(card).getAllByRole('switch'), ...within(card).getAllByRole('button')]
      .map((control) => control.getAttribute('aria-label') ?? control.textContent)
      .filter((name) => name !== 'Auto-renew new purchases');
    expect(new Set(names).size).toBe(names.length);
    expect(within(card).getByRole('switch', { name: 'Auto-renew proxy #12 (203.0.113.7)' })).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'Auto-renew proxy #13 (127.0.0.1:8000)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Check proxy #12 (203.0.113.7)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy proxy #13 (127.0.0.1:8000)' })).toBeInTheDocument();

    expect(within(rows[0]!).getByRole('heading', { name: 'Proxy #12' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('127.0.0.1:8000:pc_user12:secret12');
    const details = (row: HTMLElement) =>
      Object.fromEntries(within(row).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(details(rows[0]!)).toMatchObject({
      'Exit IP': '203.0.113.7',
      Country: 'Germany · Berlin',
      ISP: 'Telekom',
      Username: 'pc_user12',
      Order: '#112',
    });
    expect(details(rows[1]!)).toMatchObject({ 'Exit IP': 'Not known yet', Country: 'United States' });
    expect(within(rows[1]!).getByRole('status')).toHaveTextContent('Not checked yet');
    // a provider's piece is not checked from here
    expect(within(rows[2]!).queryByRole('button', { name: /^Check/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('status')).toHaveTextContent('Served by the provider: test it with your own client');
  });

  it('copies the piece\'s own line', async () => {
    const { user, card } = await open(three());
    await user.click(await within(card).findByRole('button', { name: 'Copy proxy #13 (127.0.0.1:8000)' }));
    expect(await screen.findByText('Proxy copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('127.0.0.1:8000:pc_user13:secret13');
  });

  it('checks one piece and shows its outcome; the last check shows from the list', async () => {
    const checked: string[] = [];
    const failedBefore = { ok: false, exitIp: null, latencyMs: null, error: 'Timed out', checkedAt: NOON };
    const items = three();
    items[1] = { ...items[1]!, lastCheck: failedBefore };
    const { user, card } = await open(items);
    const row = (await within(card).findAllByTestId('piece-row'))[1]!;
    expect(within(row).getByRole('status', { name: 'Check of proxy #13 (127.0.0.1:8000)' })).toHaveTextContent(/^Failed: Timed out · checked /);
    server.use(
      http.post('*/api/user/pieces/:id/check', ({ params }) => {
        checked.push(String(params.id));
        return HttpResponse.json({ ok: true, exitIp: '198.51.100.4', latencyMs: 87, error: null, checkedAt: NOON + 60 });
      }),
    );
    await user.click(within(row).getByRole('button', { name: 'Check proxy #13 (127.0.0.1:8000)' }));
    await waitFor(() => expect(within(row).getByRole('status')).toHaveTextContent(/^Works · exit IP 198\.51\.100\.4 · 87 ms · checked /));
    expect(checked).toEqual(['13']);

    server.use(http.post('*/api/user/pieces/:id/check', () => HttpResponse.json({ message: 'Too many requests. Please try again later' }, { status: 429 })));
    const first = (await within(card).findAllByTestId('piece-row'))[0]!;
    await user.click(within(first).getByRole('button', { name: 'Check proxy #12 (203.0.113.7)' }));
    await waitFor(() => expect(within(first).getByRole('status')).toHaveTextContent('Too many requests. Please try again later'));
  });

  it('is a bordered card under 640 px and a row of the list from 640 px up', async () => {
    const { card } = await open(three());
    const rows = await within(card).findAllByTestId('piece-row');
    for (const row of rows) {
      // the card: a border all round under 640 px, none from 640 px (the list's dividers then)
      expect(row).toHaveClass('rounded-xl', 'border', 'p-4', 'sm:border-0', 'sm:rounded-none');
      // the line wraps in full rather than being cut
      expect(within(row).getByText(/^127\.0\.0\.1:8000:pc_user/)).toHaveClass('break-all');
      expect(within(row).getByText(/^127\.0\.0\.1:8000:pc_user/)).not.toHaveClass('truncate');
    }
    expect(within(card).getByRole('list', { name: 'Your proxies' })).toHaveClass('space-y-3', 'sm:divide-y');
  });

  it('says which client holds a reseller’s piece', async () => {
    withPieces([piece(1, { clientId: 7 }), piece(2, { clientId: 99 }), piece(3)]);
    server.use(
      http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ reseller: true }) })),
      http.get('*/api/user/proxies', () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })),
      http.get('*/api/reseller/clients', () =>
        HttpResponse.json({
          items: [{ id: 7, email: 'acme@client.test', name: 'Acme', note: null, status: 'active', suspended: false, disabled: false, createdAt: NOON, traffic: [] }],
          total: 1,
          page: 1,
          perPage: 20,
        }),
      ),
    );
    renderAt('/onboard/proxies');
    const card = (await screen.findByRole('heading', { name: 'Your proxies' }, FIRST)).closest('section')!;
    const [first, second, third] = await within(card).findAllByTestId('piece-row');
    expect(await within(first!).findByText('Held by acme@client.test')).toHaveAttribute('data-testid', 'piece-holder');
    // not on the console's first page of clients: its number
    expect(within(second!).getByTestId('piece-holder')).toHaveTextContent('Held by client #99');
    expect(within(third!).queryByTestId('piece-holder')).not.toBeInTheDocument();
  });
});
