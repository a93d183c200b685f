// /docs/api: the route exists, reads the OpenAPI document the server serves and renders it; a
// document that cannot be had says so and can be asked for again.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

// the viewer is a large module: its first import compiles for a while on a loaded machine
beforeAll(async () => {
  await Promise.all([preloadRoutes('api-reference'), import('./components/scalar-viewer')]);
}, 120_000);

const SLOW = { timeout: 20_000 };

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'ProxyShop test API', version: '9.9.9', description: 'The document of the test server.' },
  // the console's tag first in the document, as the server's document has it
  paths: {
    '/api/admin/users': {
      get: { operationId: 'users', tags: ['admin'], summary: 'List every customer of the shop', responses: { '200': { description: 'The customers' } } },
    },
    '/api/user/balance': {
      get: {
        operationId: 'balance',
        tags: ['wallet'],
        summary: 'Read the wallet balance of the signed-in customer',
        responses: { '200': { description: 'The balance' } },
      },
    },
  },
};

function serveDocument(answer: () => Response) {
  const state = { calls: 0 };
  server.use(
    http.get('*/api/openapi.json', () => {
      state.calls += 1;
      return answer();
    }),
  );
  return state;
}

describe('API reference', { timeout: 60_000 }, () => {
  it('renders the document the server serves at /api/openapi.json', async () => {
    const served = serveDocument(() => HttpResponse.json(DOCUMENT));
    renderAt('/docs/api');
    expect(screen.getByTestId('location')).toHaveTextContent('/docs/api');
    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' }, SLOW)).toBeInTheDocument();
    expect((await screen.findAllByText('ProxyShop test API', {}, SLOW)).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('Read the wallet balance of the signed-in customer', {}, SLOW)).length).toBeGreaterThan(0);
    expect(served.calls).toBe(1);
    // customers' routes before the operator console's, in the sidebar's list of tags
    const customer = screen.getAllByText('wallet', { exact: true })[0]!;
    const admin = screen.getAllByText('admin', { exact: true })[0]!;
    expect(customer.compareDocumentPosition(admin) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.title).toBe('API reference · ProxyShop');
  });

  it('says when the document cannot be loaded, and tries again on request', async () => {
    let ok = false;
    const served = serveDocument(() => (ok ? HttpResponse.json(DOCUMENT) : HttpResponse.json({ message: 'Internal error' }, { status: 500 })));
    const { user } = renderAt('/docs/api');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The API reference could not be loaded.');
    ok = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByText('ProxyShop test API', {}, SLOW)).length).toBeGreaterThan(0);
    await waitFor(() => expect(served.calls).toBe(2));
  });

  it('refuses an answer that is not an OpenAPI document', async () => {
    serveDocument(() => HttpResponse.json({ hello: 'world' }));
    renderAt('/docs/api');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('The API reference could not be loaded.');
  });
});
