import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { formatPercent, marginRows, signedMoney } from './components/overview/margins-data';
import { makeFigures, makeMargins, makeSummary, signedInAdmin, stubResizeObserver } from './tests/admin-data';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/overview'), import('./components/charts')]);
});

function rowOf(table: HTMLElement, name: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(name));
  if (!row) throw new Error(`no row ${name}`);
  return row;
}

describe('the overview margins', () => {
  beforeEach(() => {
    stubResizeObserver();
    signedInAdmin();
    server.use(http.get('*/api/admin/summary', () => HttpResponse.json(makeSummary())));
  });

  it('shows the totals per kind, the margin chart and a row per pool, for the chosen period', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/margins', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('days') ?? '');
        return HttpResponse.json(makeMargins());
      }),
    );
    renderAt('/admin?period=90d');
    const kinds = await screen.findByRole('table', { name: 'Margins per kind' }, { timeout: 10_000 });
    const premium = rowOf(kinds, 'Premium Residential');
    for (const text of ['2.00 GB', '$6.00', '1.50 GB', '$2.25', '$3.75', '62.5%']) expect(within(premium).getByText(text)).toBeInTheDocument();
    expect(within(rowOf(kinds, 'Budget Residential')).getByText('—')).toBeInTheDocument();
    expect(within(rowOf(kinds, 'Total')).getByText('$3.75')).toBeInTheDocument();
    const pools = screen.getByRole('table', { name: 'Margins per pool' });
    expect(within(rowOf(pools, 'Decodo US')).getByText('62.5%')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Margin per day \(USD\): \$3\.75 margin on \$6\.00 of revenue from 2026-11-01 to 2026-11-03/ })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['90']));
  });

  it('shows a loss with its sign, an inactive pool as such, and says when there are no pools', async () => {
    const loss = makeFigures({ gbSold: 1, revenue: 1, gbCarried: 1, cost: 2.5, margin: -1.5, marginPercent: -150 });
    const margins = makeMargins({ total: loss, pools: [{ id: 9, name: 'Old pool', active: false, total: loss, perDay: [] }] });
    server.use(http.get('*/api/admin/margins', () => HttpResponse.json(margins)));
    const { unmount } = renderAt('/admin');
    const pools = await screen.findByRole('table', { name: 'Margins per pool' }, { timeout: 10_000 });
    const old = rowOf(pools, 'Old pool');
    expect(within(old).getByText('Inactive')).toBeInTheDocument();
    expect(within(old).getByText('-$1.50')).toHaveClass('text-red-700');
    expect(within(old).getByText('-150.0%')).toBeInTheDocument();
    unmount();

    server.use(http.get('*/api/admin/margins', () => HttpResponse.json(makeMargins({ pools: [] }))));
    renderAt('/admin?period=7d');
    expect(await screen.findByText('No upstream pools yet: all traffic goes direct.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('says so when the margins cannot be read, the rest of the overview kept', async () => {
    server.use(http.get('*/api/admin/margins', () => HttpResponse.json({ message: 'Internal error' }, { status: 500 })));
    renderAt('/admin');
    expect(await screen.findByText('Could not load the margins.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Stock per kind' })).toBeInTheDocument();
  });
});

describe('the margins data', () => {
  it('puts each kind margin of a day in one row, oldest first', () => {
    const rows = marginRows(makeMargins());
    expect(rows).toEqual([
      { day: '2026-11-01', premium: 0, budget: 0 },
      { day: '2026-11-02', premium: 0, budget: 0 },
      { day: '2026-11-03', premium: 3.75, budget: 0 },
    ]);
  });

  it('writes money with its sign in front and percentages with one decimal', () => {
    expect(signedMoney(-1.5)).toBe('-$1.50');
    expect(signedMoney(0)).toBe('$0.00');
    expect(signedMoney(1234.5)).toBe('$1,234.50');
    expect(formatPercent(41.62)).toBe('41.6%');
    expect(formatPercent(null)).toBe('—');
  });
});
