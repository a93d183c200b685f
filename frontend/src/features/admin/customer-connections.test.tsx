import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { makeDetail, page, signedInAdmin, stubResizeObserver, T0 } from './tests/admin-data';
import type { AdminRequestRecord } from './types';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/customer-detail'), import('./components/charts')]);
});

function record(overrides: Partial<AdminRequestRecord> = {}): AdminRequestRecord {
  return {
    startedAt: T0,
    durationMs: 120,
    credential: { kind: 'main', id: null, label: 'u7proxy' },
    type: 'premium',
    host: 'example.com',
    port: 443,
    bytesUp: 1_000_000,
    bytesDown: 249_000_000,
    outcome: 'ok',
    reason: null,
    charged: true,
    upstream: { id: 4, name: 'Decodo US' },
    ...overrides,
  };
}

describe('the customer connections', () => {
  beforeEach(() => {
    stubResizeObserver();
    signedInAdmin();
    server.use(
      http.get('*/api/admin/users/7', () => HttpResponse.json(makeDetail())),
      http.get('*/api/admin/users/7/ledger', () => HttpResponse.json(page([]))),
    );
  });

  it('lists each connection with the pool that carried it, direct ones as such, and pages', async () => {
    const pages: string[] = [];
    server.use(
      http.get('*/api/admin/users/7/requests', ({ request }) => {
        const at = new URL(request.url).searchParams.get('page') ?? '';
        pages.push(at);
        const requests = at === '2' ? [record({ host: 'second.page', upstream: null })] : [record(), record({ upstream: null, outcome: 'refused', reason: 'no_traffic', host: '', bytesUp: 0, bytesDown: 0 })];
        return HttpResponse.json({ requests, total: 21, totalCapped: false, page: Number(at), perPage: 20 });
      }),
    );
    const { user } = renderAt('/admin/customers/7');
    const table = await screen.findByRole('table', { name: 'Connections' }, { timeout: 10_000 });
    await within(table).findByText('Decodo US');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('example.com:443')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('250 MB')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Direct')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('refused (no traffic)')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Connections pages' })).getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('second.page:443')).toBeInTheDocument();
    await waitFor(() => expect(pages).toEqual(['1', '2']));
  });

  it('says when there are none', async () => {
    renderAt('/admin/customers/7');
    expect(await screen.findByText('No connections yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
