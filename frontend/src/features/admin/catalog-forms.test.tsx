// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES } from './schemas';
import { makeOrder, makePlan, makeStock, page, recorder, signedInAdmin } from './tests/admin-data';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/plans'), import('./routes/stock'), import('./routes/orders')]);
});

beforeEach(() => signedInAdmin());

describe('plans table', () => {
  it('counts pieces and days in the singular for one', async () => {
    server.use(http.get('*/api/admin/plans', () => HttpResponse.json({ items: [makePlan({ type: 'static', name: 'Single', amount: 1, validityDays: 1 })] })));
    renderAt('/admin/plans?type=static');
    const row = (await screen.findByText('Single', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('1 piece')).toBeInTheDocument();
    expect(within(row).getByText('1 day')).toBeInTheDocument();
  });
});

describe('plan form', () => {
  it('lists the plans of the kind in the URL and checks every field with the server messages', async () => {
    const kinds: string[] = [];
    server.use(
      http.get('*/api/admin/plans', ({ request }) => {
        kinds.push(new URL(request.url).searchParams.get('type') ?? '');
        return HttpResponse.json({ items: [makePlan({ type: 'budget', name: 'Budget 10' })] });
      }),
    );
    const { user } = renderAt('/admin/plans?type=budget');
    expect(await screen.findByText('Budget 10', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(kinds).toEqual(['budget']);
    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog', { name: 'New plan' });
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('budget');
    await user.clear(within(dialog).getByLabelText('Validity (days)'));
    await user.type(within(dialog).getByLabelText('Validity (days)'), '3651');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '1.999');
    await user.type(within(dialog).getByLabelText('Amount (GB)'), '0');
    await user.type(within(dialog).getByLabelText('Features (JSON object, optional)'), '[[1]');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText(MESSAGES.planName)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.price)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.planAmount)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.validity)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.features)).toBeInTheDocument();
  });

  it('creates a plan with every field and shows the server field errors', async () => {
    server.use(http.get('*/api/admin/plans', () => HttpResponse.json({ items: [] })));
    const posted = recorder();
    let reply = () => HttpResponse.json({ message: MESSAGES.planName, fields: { name: MESSAGES.planName } }, { status: 422 });
    server.use(
      http.post('*/api/admin/plans', async ({ request }) => {
        await posted.record(request);
        return reply();
      }),
    );
    const { user } = renderAt('/admin/plans');
    expect(await screen.findByText('No plans of this kind yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog', { name: 'New plan' });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'static');
    await user.type(within(dialog).getByLabelText('Name'), 'Static 5');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '12.5');
    await user.type(within(dialog).getByLabelText('Amount (pieces)'), '5');
    await user.type(within(dialog).getByLabelText('Tag (optional)'), 'Popular');
    await user.type(within(dialog).getByLabelText('Regions (comma-separated)'), 'US, DE,');
    await user.type(within(dialog).getByLabelText('Available until (optional)'), '2026-12-31');
    await user.type(within(dialog).getByLabelText('Features (JSON object, optional)'), '{{"speed": "1 Gbps"}');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText(MESSAGES.planName)).toBeInTheDocument();
    // on the field and in the toast
    await waitFor(() => expect(screen.getAllByText(MESSAGES.planName)).toHaveLength(2));
    expect(posted.bodies).toEqual([
      {
        type: 'static',
        name: 'Static 5',
        tag: 'Popular',
        note: null,
        price: 12.5,
        amount: 5,
        validityDays: 30,
        regions: ['US', 'DE'],
        features: { speed: '1 Gbps' },
        active: true,
        sort: 0,
        availableUntil: Date.UTC(2026, 11, 31, 23, 59, 59) / 1000,
      },
    ]);
    reply = () => HttpResponse.json(makePlan({ type: 'static', name: 'Static 5' }), { status: 201 });
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Plan "Static 5" created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("sets a traffic plan's limits, checked as the server checks them; a piece plan has none", async () => {
    server.use(http.get('*/api/admin/plans', () => HttpResponse.json({ items: [] })));
    const posted = recorder();
    server.use(
      http.post('*/api/admin/plans', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json(makePlan({ name: 'Scraper', maxConnections: 10 }), { status: 201 });
      }),
    );
    const { user } = renderAt('/admin/plans');
    expect(await screen.findByText('No plans of this kind yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog', { name: 'New plan' });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'static');
    expect(within(dialog).queryByLabelText('Connections at once (optional)')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Requests per second (optional)')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Bandwidth in Mbps (optional)')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'premium');
    await user.type(within(dialog).getByLabelText('Name'), 'Scraper');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '10');
    await user.type(within(dialog).getByLabelText('Amount (GB)'), '5');
    const limit = within(dialog).getByLabelText('Connections at once (optional)');
    const rate = within(dialog).getByLabelText('Requests per second (optional)');
    await user.type(limit, '0');
    await user.type(rate, '100001');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText(MESSAGES.maxConnections)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.maxRequestsPerSecond)).toBeInTheDocument();
    expect(posted.bodies).toEqual([]);
    await user.clear(limit);
    await user.type(limit, '10');
    await user.clear(rate);
    await user.type(within(dialog).getByLabelText('Bandwidth in Mbps (optional)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(posted.bodies).toHaveLength(1));
    expect(posted.bodies[0]).toMatchObject({ type: 'premium', name: 'Scraper', maxConnections: 10, maxRequestsPerSecond: null, bandwidthMbps: 100 });
  });

  it('edits without the kind and says that a sold plan is deactivated, not deleted', async () => {
    server.use(http.get('*/api/admin/plans', () => HttpResponse.json({ items: [makePlan({ sold: 4 })] })));
    const patched = recorder();
    server.use(
      http.patch('*/api/admin/plans/3', async ({ request }) => {
        await patched.record(request);
        return HttpResponse.json(makePlan({ price: 14 }));
      }),
      http.delete('*/api/admin/plans/3', () => HttpResponse.json({ deleted: false, plan: makePlan({ active: false, sold: 4 }) })),
    );
    const { user } = renderAt('/admin/plans');
    await user.click(await screen.findByRole('button', { name: 'Edit Starter' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Edit plan "Starter"' });
    expect(within(dialog).getByLabelText('Kind')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '14');
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Plan "Starter" saved')).toBeInTheDocument();
    expect(patched.bodies).toHaveLength(1);
    expect(patched.bodies[0]).not.toHaveProperty('type');
    expect(patched.bodies[0]).toMatchObject({ name: 'Starter', price: 14, amount: 5, regions: ['US'] });

    await user.click(screen.getByRole('button', { name: 'Delete Starter' }));
    const remove = screen.getByRole('dialog', { name: 'Delete plan' });
    expect(within(remove).getByTestId('confirm-statement')).toHaveTextContent(
      'Deactivate "Starter": it has 4 sales, so it is kept for the record but no longer offered.',
    );
    await user.click(within(remove).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Plan "Starter" deactivated: it has sales')).toBeInTheDocument();
  });
});

describe('stock form', () => {
  it('requires country and a whole capacity, posts only the fields given and shows the server refusal', async () => {
    server.use(http.get('*/api/admin/stock', () => HttpResponse.json({ items: [] })));
    const posted = recorder();
    let reply = () => HttpResponse.json({ message: 'This stock entry already exists' }, { status: 409 });
    server.use(
      http.post('*/api/admin/stock', async ({ request }) => {
        await posted.record(request);
        return reply();
      }),
    );
    const { user } = renderAt('/admin/stock?type=ipv4');
    await user.click(await screen.findByRole('button', { name: 'Add entry' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Add stock entry' });
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('ipv4');
    await user.type(within(dialog).getByLabelText('Capacity'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByText(MESSAGES.country)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.capacity)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Country'), ' DE ');
    await user.clear(within(dialog).getByLabelText('Capacity'));
    await user.type(within(dialog).getByLabelText('Capacity'), '25');
    await user.type(within(dialog).getByLabelText('City (optional)'), 'Berlin');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await screen.findByText('This stock entry already exists')).toBeInTheDocument();
    expect(posted.bodies).toEqual([{ type: 'ipv4', country: 'DE', capacity: 25, city: 'Berlin' }]);

    reply = () => HttpResponse.json({ message: MESSAGES.country, fields: { country: MESSAGES.country } }, { status: 422 });
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByText(MESSAGES.country, { selector: 'p' })).toBeInTheDocument();
  });

  it('lowers a capacity, sending only what changed, and shows the below-sold refusal on the field', async () => {
    server.use(http.get('*/api/admin/stock', () => HttpResponse.json({ items: [makeStock()] })));
    const patched = recorder();
    let reply = () => HttpResponse.json({ message: 'Capacity cannot be lower than the number already sold' }, { status: 409 });
    server.use(
      http.patch('*/api/admin/stock/11', async ({ request }) => {
        await patched.record(request);
        return reply();
      }),
    );
    const { user } = renderAt('/admin/stock');
    await user.click(await screen.findByRole('button', { name: 'Edit stock entry 11' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Edit stock entry' });
    expect(dialog).toHaveTextContent('30 sold, so capacity can go down to 30.');
    const capacity = within(dialog).getByLabelText('Capacity');
    await user.clear(capacity);
    await user.type(capacity, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.capacity)).toBeInTheDocument();
    await user.clear(capacity);
    await user.type(capacity, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Capacity cannot be lower than the number already sold')).toBeInTheDocument();
    reply = () => HttpResponse.json(makeStock({ capacity: 40, available: 10 }));
    await user.clear(capacity);
    await user.type(capacity, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stock entry saved: capacity 40, active')).toBeInTheDocument();
    expect(patched.bodies).toEqual([{ capacity: 10 }, { capacity: 40 }]);
  });
});

describe('stock list', () => {
  // A search box applies what was typed when it loses focus, which a click's mousedown causes:
  // the rows must stay while the filtered list loads, or the click that took the focus is lost.
  it('an entry clicked right after typing a country opens its editor', async () => {
    server.use(
      http.get('*/api/admin/stock', async ({ request }) => {
        if (new URL(request.url).searchParams.get('country')) await delay(1_000);
        return HttpResponse.json({ items: [makeStock()] });
      }),
    );
    const { user } = renderAt('/admin/stock');
    const edit = await screen.findByRole('button', { name: 'Edit stock entry 11' }, { timeout: 10_000 });
    await user.type(screen.getByRole('searchbox', { name: 'Country' }), 'US');
    await user.click(edit);
    expect(screen.getByRole('dialog', { name: 'Edit stock entry' })).toBeInTheDocument();
  });
});

describe('resolve dialog', () => {
  function orders() {
    server.use(http.get('*/api/admin/orders', () => HttpResponse.json(page([makeOrder(), makeOrder({ id: 43, status: 'delivered' })]))));
  }

  it('offers Resolve only for pending and unknown orders; failed states the refund', async () => {
    orders();
    const posted = recorder();
    server.use(
      http.post('*/api/admin/orders/42/resolve', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ order: makeOrder({ status: 'failed' }) });
      }),
    );
    const { user } = renderAt('/admin/orders?status=unknown');
    await user.click(await screen.findByRole('button', { name: 'Resolve order 42' }, { timeout: 10_000 }));
    expect(screen.queryByRole('button', { name: 'Resolve order 43' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('unknown');
    const dialog = screen.getByRole('dialog', { name: 'Resolve order #42' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(MESSAGES.reason)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Provider never delivered');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent(
      'Mark order #42 (2 × Static Residential for a@b.c) as failed: refund $6.00 to a@b.c and return the stock.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order #42 is failed')).toBeInTheDocument();
    expect(posted.bodies).toEqual([{ outcome: 'failed', reason: 'Provider never delivered' }]);
  });

  it('delivered needs exactly one valid line per proxy, and shows the server refusal', async () => {
    orders();
    const posted = recorder();
    let reply = () => HttpResponse.json({ message: 'This order is already settled' }, { status: 409 });
    server.use(
      http.post('*/api/admin/orders/42/resolve', async ({ request }) => {
        await posted.record(request);
        return reply();
      }),
    );
    const { user } = renderAt('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Resolve order 42' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve order #42' });
    await user.click(within(dialog).getByRole('radio', { name: 'Delivered: record the proxies' }));
    const proxies = within(dialog).getByLabelText('Proxies');
    await user.type(within(dialog).getByLabelText('Reason'), 'Delivered by email');
    await user.type(proxies, '1.2.3.4:8080:u:p');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(MESSAGES.proxies)).toBeInTheDocument();
    await user.type(proxies, '{Enter}5.6.7.8:99999:u:p');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(MESSAGES.proxies)).toBeInTheDocument();
    await user.clear(proxies);
    await user.type(proxies, '1.2.3.4:8080:u:p{Enter}{Enter}5.6.7.8:9090:v:q{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent('Mark order #42 (2 × Static Residential for a@b.c) as delivered with 2 proxies.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This order is already settled')).toBeInTheDocument();
    expect(posted.bodies).toEqual([{ outcome: 'delivered', proxies: ['1.2.3.4:8080:u:p', '5.6.7.8:9090:v:q'], reason: 'Delivered by email' }]);

    reply = () => HttpResponse.json({ message: MESSAGES.proxies, fields: { proxies: MESSAGES.proxies } }, { status: 422 });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(MESSAGES.proxies, { selector: 'p' })).toBeInTheDocument();
  });
});
