// The "Your proxies" card of /onboard/proxies: expiry and grace, the auto-renew switches, and a
// renewal that asks first and sends the expiry it showed.
import { screen, within } from '@testing-library/react';
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
    expect(within(rows[0]!).getByRole('button', { name: 'Renew · $3.50' })).toBeEnabled();
    expect(rows[1]).toHaveTextContent(/Expired .* renew by .* to keep this address/);
    expect(within(rows[2]!).getByRole('button', { name: 'Not renewable' })).toBeDisabled();
  });

  it('switches auto-renew per proxy and for new purchases', async () => {
    const { user, card, sent } = await open([piece(7)]);
    await user.click(await within(card).findByRole('switch', { name: 'Auto-renew 10.0.0.7' }));
    await user.click(within(card).getByRole('switch', { name: 'Auto-renew new purchases' }));
    await screen.findByText('New proxies will renew automatically');
    expect(sent).toEqual([
      { path: 'patch 7', body: { autoRenew: true } },
      { path: 'default', body: { autoRenew: true } },
    ]);
  });

  it('renews after asking, with the expiry it showed', async () => {
    const { user, card, sent } = await open([piece(4)]);
    await user.click(await within(card).findByRole('button', { name: 'Renew · $3.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew 10.0.0.4' });
    expect(dialog).toHaveTextContent('Another 30 days for $3.50 from your wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Renew for $3.50' }));
    await screen.findByText(/Proxy renewed: now until/);
    expect(sent).toEqual([{ path: 'renew 4', body: { expiresAt: FUTURE } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "day" for a one-day renewal', async () => {
    const { user, card } = await open([piece(5, { renewalDays: 1 })]);
    await user.click(await within(card).findByRole('button', { name: 'Renew · $3.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew 10.0.0.5' });
    expect(dialog).toHaveTextContent('Another 1 day for $3.50 from your wallet');
  });
});
