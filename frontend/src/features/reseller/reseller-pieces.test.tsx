// A reseller's proxies handed to its clients (docs/resellers.md "Pieces"): a client's Proxies
// section (what it holds, with its line; Take back after asking), Assign a proxy among the free
// pieces only, the server's refusal in words, where to buy when none is free, and the ledger's
// proxy moves.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { bodies, heldPiece, makeClient, ownPiece, signedInReseller, T0 } from './test-data';

const SLOW = { timeout: 10_000 };
const HELD = 'A client holds this proxy already: take it back first';

beforeAll(async () => {
  await preloadRoutes('dashboard-layout');
  await import('./routes/reseller-console');
});

type State = { own: Schemas['PieceView'][]; held: Schemas['HeldPieceView'][] };

/** The reseller (Acme its client #7) with its own pieces and what Acme holds, both read from `state`. */
function withPieces(state: State) {
  signedInReseller({ clients: [makeClient()] });
  server.use(
    http.get('*/api/user/pieces', () => HttpResponse.json({ items: state.own, total: state.own.length, page: 1, perPage: 200, autoRenewDefault: false })),
    http.get('*/api/reseller/clients/7/pieces', () => HttpResponse.json({ items: state.held })),
  );
}

async function openProxies() {
  const rendered = renderAt('/reseller');
  await screen.findByRole('heading', { level: 1, name: 'Reseller' }, SLOW);
  const row = (await screen.findAllByTestId('client-row'))[0]!;
  return { ...rendered, row };
}

describe('a client’s proxies in the reseller console', { timeout: 30_000 }, () => {
  it('lists what the client holds and assigns a free proxy, showing a refusal in words', async () => {
    const state: State = {
      own: [
        ownPiece(1, { clientId: 7 }),
        ownPiece(2),
        // expired, kept for its grace period: not offered
        ownPiece(3, { state: 'grace', expiresAt: T0 }),
        // another client's
        ownPiece(4, { clientId: 8 }),
        ownPiece(5, { type: 'ipv4', country: 'de', city: null }),
      ],
      held: [heldPiece(1)],
    };
    withPieces(state);
    const posted = bodies();
    let reply = () => HttpResponse.json({ message: HELD }, { status: 409 });
    server.use(
      http.post('*/api/reseller/clients/7/pieces', async ({ request }) => {
        await posted.record(request);
        return reply();
      }),
    );
    const { user, row } = await openProxies();
    // Acme holds a proxy: it cannot be deleted yet
    const toggle = await within(row).findByRole('button', { name: 'Proxies of Acme (1)' });
    expect(within(row).getByRole('button', { name: 'Delete Acme' })).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const section = within(row).getByRole('region', { name: 'Proxies of Acme' });
    const [first] = await within(section).findAllByTestId('held-piece');
    expect(first).toHaveTextContent('Proxy #1');
    expect(first).toHaveTextContent('Static Residential');
    expect(first).toHaveTextContent('United States · New York');
    expect(first).toHaveTextContent('proxy.acme.test:8001:pc_user1:secret1');
    expect(first).toHaveTextContent(/Expires 1 Jan 2100/);

    const choice = await within(section).findByLabelText('Assign a proxy');
    const options = within(choice).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Choose one of your proxies', expect.stringMatching(/^Proxy #2 · Static Residential · United States · New York · until 1 Jan 2100$/), expect.stringMatching(/^Proxy #5 · Datacenter IPv4 · Germany · until/)]);

    // nothing chosen: said before sending
    await user.click(within(section).getByRole('button', { name: 'Assign the proxy to Acme' }));
    expect(await within(section).findByText('Choose the proxy to assign')).toBeInTheDocument();
    expect(posted.seen).toEqual([]);

    await user.selectOptions(choice, '2');
    await user.click(within(section).getByRole('button', { name: 'Assign the proxy to Acme' }));
    expect(await screen.findByText(HELD)).toBeInTheDocument();
    expect(posted.seen).toEqual([{ pieceId: 2 }]);

    reply = () => {
      state.held = [heldPiece(1), heldPiece(2)];
      state.own = state.own.map((piece) => (piece.id === 2 ? { ...piece, clientId: 7 } : piece));
      return HttpResponse.json({ items: state.held });
    };
    await user.selectOptions(within(section).getByLabelText('Assign a proxy'), '2');
    await user.click(within(section).getByRole('button', { name: 'Assign the proxy to Acme' }));
    expect(await screen.findByText('Proxy #2 handed to Acme')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId('held-piece')).toHaveLength(2));
    expect(within(section).getAllByTestId('held-piece')[1]).toHaveTextContent('proxy.acme.test:8002:pc_user2:secret2');
    // the count and the choice are read again: #2 is Acme's now
    expect(await within(row).findByRole('button', { name: 'Proxies of Acme (2)' })).toBeInTheDocument();
    await waitFor(() => expect(within(within(section).getByLabelText('Assign a proxy')).getAllByRole('option')).toHaveLength(2));
  });

  it('takes a proxy back after saying its password changes', async () => {
    const state: State = { own: [ownPiece(1, { clientId: 7 })], held: [heldPiece(1)] };
    withPieces(state);
    let deleted = 0;
    server.use(
      http.delete('*/api/reseller/clients/7/pieces/1', () => {
        deleted += 1;
        state.held = [];
        state.own = [ownPiece(1, { password: 'fresh' })];
        return HttpResponse.json({ message: 'Proxy taken back: its password was changed' });
      }),
    );
    const { user, row } = await openProxies();
    await user.click(await within(row).findByRole('button', { name: 'Proxies of Acme (1)' }));
    const section = within(row).getByRole('region', { name: 'Proxies of Acme' });
    await user.click(await within(section).findByRole('button', { name: 'Take back proxy #1 from Acme' }));
    const dialog = screen.getByRole('dialog', { name: 'Take back proxy #1 from Acme?' });
    expect(dialog).toHaveTextContent('Its password changes at once, so the copy the client has stops working.');
    await user.click(within(dialog).getByRole('button', { name: 'Take back proxy' }));
    expect(await screen.findByText('Proxy taken back: its password was changed')).toBeInTheDocument();
    expect(deleted).toBe(1);
    expect(await within(section).findByText('Acme holds none of your proxies.')).toBeInTheDocument();
    // free again: offered to assign, and Acme may be deleted
    expect(await within(section).findByRole('option', { name: /^Proxy #1 · Static Residential/ })).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Delete Acme' })).toBeEnabled());
  });

  it('says where to buy a proxy when none is free', async () => {
    withPieces({ own: [ownPiece(4, { clientId: 8 })], held: [] });
    const { user, row } = await openProxies();
    await user.click(await within(row).findByRole('button', { name: 'Proxies of Acme' }));
    const section = within(row).getByRole('region', { name: 'Proxies of Acme' });
    expect(await within(section).findByTestId('no-free-piece')).toHaveTextContent('Each of your proxies is held by a client or has expired. Buy one: Static Residential, LTE Mobile or Datacenter.');
    expect(within(section).getByRole('link', { name: 'Static Residential' })).toHaveAttribute('href', '/onboard/static-proxy');
    expect(within(section).queryByLabelText('Assign a proxy')).not.toBeInTheDocument();
  });

  it('lists the proxy moves under the transfers', async () => {
    signedInReseller({ clients: [makeClient()] });
    server.use(
      http.get('*/api/reseller/transfers', () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 })),
      http.get('*/api/reseller/piece_moves', () =>
        HttpResponse.json({
          items: [
            { id: 2, clientId: 7, pieceId: 12, direction: 'take_back', createdAt: T0 + 60 },
            { id: 1, clientId: 99, pieceId: 12, direction: 'assign', createdAt: T0 },
          ],
          total: 2,
          page: 1,
          perPage: 10,
        }),
      ),
    );
    renderAt('/reseller?tab=transfers');
    const [back, given] = await screen.findAllByTestId('piece-move-row', {}, SLOW);
    expect(back).toHaveTextContent('Acme');
    expect(back).toHaveTextContent('Taken back proxy #12');
    expect(given).toHaveTextContent('Client #99');
    expect(given).toHaveTextContent('Given proxy #12');
  });
});
