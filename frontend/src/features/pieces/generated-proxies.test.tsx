// /onboard/proxies: the real list with kind filter, debounced search, pages and export.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import type { GeneratedProxy } from './api/get-generated-proxies';
import { FIRST, NOON, preloadRoutes, signedIn } from './test-support';

beforeAll(preloadRoutes);

// 1 Jan 2100 12:00 UTC: still ahead, the same calendar day in the usual time zones
const FUTURE = 4102488000;

function make(count: number, type: string, expiresAt: number | null, from = 0): GeneratedProxy[] {
  return Array.from({ length: count }, (_, index) => ({
    id: from + index + 1,
    proxy: `${type}-${index + 1}.gw.test:9000:user${index + 1}:pass`,
    type,
    createdAt: NOON,
    expiresAt,
    quantity: 1,
  }));
}

const DATA = [...make(30, 'static', FUTURE), ...make(10, 'premium', null, 30), ...make(5, 'ipv4', NOON, 40)];

/** Answers GET /api/user/proxies from `items` like the server does; records each query. */
function withProxies(items: GeneratedProxy[] = DATA, wait = 0) {
  const queries: Array<Record<string, string>> = [];
  server.use(
    http.get('*/api/user/proxies', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(Object.fromEntries(params));
      const type = params.get('type') ?? '';
      const q = params.get('q') ?? '';
      const page = Number(params.get('page'));
      const perPage = Number(params.get('perPage'));
      const matching = items.filter((item) => (!type || item.type === type) && item.proxy.includes(q));
      if (wait) await delay(wait);
      return HttpResponse.json({ items: matching.slice((page - 1) * perPage, page * perPage), total: matching.length, page, perPage });
    }),
  );
  return queries;
}

const firstCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.firstChild!.textContent);

async function open(items?: GeneratedProxy[], wait?: number) {
  signedIn();
  const queries = withProxies(items, wait);
  const rendered = renderAt('/onboard/proxies');
  expect(await screen.findByRole('heading', { level: 1, name: 'Generated Proxy history' }, FIRST)).toBeInTheDocument();
  return { ...rendered, queries, table: screen.getByRole('table', { name: 'Generated proxies' }) };
}

describe('generated proxies page', () => {
  it('pages through the list with the query parameters of the API', async () => {
    const { user, queries, table } = await open();
    await within(table).findByText('static-1.gw.test:9000:user1:pass');
    expect(queries[0]).toEqual({ type: '', q: '', page: '1', perPage: '20' });
    expect(firstCells(table)).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: 'Generated proxies pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await within(table).findByText('static-21.gw.test:9000:user21:pass');
    expect(queries.at(-1)).toEqual({ type: '', q: '', page: '2', perPage: '20' });
    expect(pager).toHaveTextContent('Page 2 of 3');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await within(table).findByText('ipv4-5.gw.test:9000:user5:pass');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('filters by kind and by a debounced search, each going back to page 1', async () => {
    const { user, queries, table } = await open();
    await within(table).findByText('static-1.gw.test:9000:user1:pass');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('static-21.gw.test:9000:user21:pass');

    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All', 'Premium Residential', 'Residential Proxies', 'Static Residential', 'LTE Mobile', 'Datacenter IPv4', 'Datacenter IPv6',
    ]);
    await user.selectOptions(type, 'premium');
    await waitFor(() => expect(firstCells(table)).toHaveLength(10));
    expect(queries.at(-1)).toEqual({ type: 'premium', q: '', page: '1', perPage: '20' });
    expect(screen.queryByRole('navigation', { name: 'Generated proxies pages' })).not.toBeInTheDocument();

    await user.selectOptions(type, '');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ page: '2' }));
    const before = queries.length;
    // The keys follow each other without yielding to the timers (`delay: null`), as a person's
    // do within the debounce; with the default delay a busy machine spaced them past it.
    const typist = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await typist.type(screen.getByRole('searchbox', { name: 'Search' }), 'user1:');
    await waitFor(
      () => expect(firstCells(table)).toEqual(['static-1.gw.test:9000:user1:pass', 'premium-1.gw.test:9000:user1:pass', 'ipv4-1.gw.test:9000:user1:pass']),
      { timeout: 3000 },
    );
    // one request for the whole word, not one per key
    expect(queries.slice(before)).toEqual([{ type: '', q: 'user1:', page: '1', perPage: '20' }]);
  });

  it('shows the expiry ("—" for traffic proxies, "Expired" when past) and copies a proxy', async () => {
    const { user, table } = await open([...make(1, 'static', FUTURE), ...make(1, 'premium', null, 1), ...make(1, 'ipv4', NOON, 2)]);
    await within(table).findByText('static-1.gw.test:9000:user1:pass');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByTestId('expires').textContent)).toEqual(['1 Jan 2100', '—Does not expire', 'Expired']);
    expect(within(rows[1]!).getByText('Premium Residential')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('12 Mar 2025')).toBeInTheDocument();
    await user.click(within(rows[2]!).getByRole('button', { name: 'Copy proxy ipv4-1.gw.test:9000:user1' }));
    expect(await screen.findByText('Proxy copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('ipv4-1.gw.test:9000:user1:pass');
  });

  it('names each copy action after its line, so a screen reader tells them apart', async () => {
    const { table } = await open(make(3, 'static', FUTURE));
    await within(table).findByText('static-1.gw.test:9000:user1:pass');
    const names = within(table)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Copy proxy static-1.gw.test:9000:user1', 'Copy proxy static-2.gw.test:9000:user2', 'Copy proxy static-3.gw.test:9000:user3']);
  });

  it('under 640 px shows a card per proxy with its whole line and a Copy button instead of the table', async () => {
    // the same gateway address for every line: only the username tells them apart
    const same: GeneratedProxy[] = [1, 2].map((id) => ({ id, proxy: `127.0.0.1:8000:pc_user${id}:secret${id}`, type: 'static', createdAt: NOON, expiresAt: FUTURE, quantity: 1 }));
    same.push({ id: 3, proxy: '127.0.0.1:8000:u123-type-premium:pw', type: 'premium', createdAt: NOON, expiresAt: null, quantity: 1 });
    const { user, table } = await open(same);
    await within(table).findByText('127.0.0.1:8000:pc_user1:secret1');
    // the table is for 640 px and up; the cards for narrower screens
    expect(screen.getByRole('region', { name: 'Generated proxies' })).toHaveClass('max-sm:hidden');
    const cards = screen.getByTestId('proxy-cards');
    expect(cards).toHaveClass('sm:hidden');
    const items = within(cards).getAllByTestId('proxy-card');
    expect(items).toHaveLength(3);
    // each card holds the whole line, wrapped, never cut to the shared host and port
    const line = within(items[1]!).getByText('127.0.0.1:8000:pc_user2:secret2');
    expect(line).toHaveClass('break-all');
    expect(line).not.toHaveClass('truncate');
    expect(items[1]).toHaveTextContent(/Static Residential · 12 Mar 2025/);
    expect(within(items[1]!).getByTestId('card-expires')).toHaveTextContent('Expires 1 Jan 2100');
    expect(within(items[2]!).getByTestId('card-expires')).toHaveTextContent('Does not expire');
    await user.click(within(items[1]!).getByRole('button', { name: 'Copy proxy 127.0.0.1:8000:pc_user2' }));
    expect(await screen.findByText('Proxy copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('127.0.0.1:8000:pc_user2:secret2');
  });

  it('shows a rotating generation as one row "×1,000" whose copy gives every line, in the table and the cards', async () => {
    const rotating: GeneratedProxy = { id: 9, proxy: 'gw.test:8000:u1-type-premium-country-us:pw', type: 'premium', createdAt: NOON, expiresAt: null, quantity: 1000 };
    const { user, table } = await open([rotating, ...make(1, 'premium', null, 9)]);
    await within(table).findByText(rotating.proxy);
    const [many, one] = within(table).getAllByRole('row').slice(1);
    const badge = within(many!).getByTestId('line-count');
    expect(badge).toHaveTextContent('×1,0001,000 lines');
    expect(badge).toHaveAttribute('title', '1,000 lines');
    expect(within(one!).queryByTestId('line-count')).not.toBeInTheDocument();
    await user.click(within(many!).getByRole('button', { name: 'Copy proxy gw.test:8000:u1-type-premium-country-us (1,000 lines)' }));
    expect(await screen.findByText('Proxy copied to clipboard')).toBeInTheDocument();
    const copied = (await navigator.clipboard.readText()).split('\n');
    expect(copied).toHaveLength(1000);
    expect(copied.every((line) => line === rotating.proxy)).toBe(true);
    const card = within(screen.getByTestId('proxy-cards')).getAllByTestId('proxy-card')[0]!;
    expect(within(card).getByTestId('line-count')).toHaveTextContent('×1,000');
    await user.click(within(card).getByRole('button', { name: 'Copy proxy gw.test:8000:u1-type-premium-country-us (1,000 lines)' }));
    await waitFor(async () => expect((await navigator.clipboard.readText()).split('\n')).toHaveLength(1000));
  });

  it('shows skeleton rows while loading, then the empty states', async () => {
    const { user, table } = await open([], 200);
    expect(within(table).getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(await within(table).findByText('No Proxy Generated')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'lte');
    expect(await within(table).findByText('Not Found')).toBeInTheDocument();
  });
});

describe('export', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('downloads every page of the current filter as proxy_<date>.txt, one proxy per line', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:proxies';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const many = [...make(130, 'static', FUTURE), ...make(10, 'premium', null, 130)];
    const { user, queries, table } = await open(many);
    await within(table).findByText('static-1.gw.test:9000:user1:pass');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'static');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ type: 'static' }));
    const before = queries.length;

    await user.click(screen.getByRole('button', { name: 'Export .txt' }));
    expect(await screen.findByText('Proxy file downloaded successfully')).toBeInTheDocument();
    expect(queries.slice(before)).toEqual([
      { type: 'static', q: '', page: '1', perPage: '100' },
      { type: 'static', q: '', page: '2', perPage: '100' },
    ]);
    expect(names).toEqual([expect.stringMatching(/^proxy_\d{4}-\d{2}-\d{2}\.txt$/)]);
    expect(blobs[0]!.type).toBe('text/plain');
    const lines = (await blobs[0]!.text()).split('\n');
    expect(lines).toHaveLength(131);
    expect(lines[0]).toBe('static-1.gw.test:9000:user1:pass');
    expect(lines[129]).toBe('static-130.gw.test:9000:user130:pass');
    expect(lines[130]).toBe('');
    click.mockRestore();
  });

  it('writes every line a row stands for', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:proxies';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const rows: GeneratedProxy[] = [
      { id: 2, proxy: 'gw.test:8000:u1-type-premium:pw', type: 'premium', createdAt: NOON, expiresAt: null, quantity: 3 },
      ...make(1, 'static', FUTURE),
    ];
    const { user, table } = await open(rows);
    await within(table).findByText('gw.test:8000:u1-type-premium:pw');
    await user.click(screen.getByRole('button', { name: 'Export .txt' }));
    expect(await screen.findByText('Proxy file downloaded successfully')).toBeInTheDocument();
    expect(await blobs[0]!.text()).toBe('gw.test:8000:u1-type-premium:pw\n'.repeat(3) + 'static-1.gw.test:9000:user1:pass\n');
    click.mockRestore();
  });

  it('says when there is nothing to export', async () => {
    const { user, table } = await open([]);
    await within(table).findByText('No Proxy Generated');
    await user.click(screen.getByRole('button', { name: 'Export .txt' }));
    expect(await screen.findByText('No proxy available to download')).toBeInTheDocument();
  });
});
