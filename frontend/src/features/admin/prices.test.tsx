import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { COUPON_MESSAGES } from './components/coupons/coupon-values';
import { MESSAGES } from './schemas';
import { makeCoupon, makeDetail, makePlan, page, recorder, signedInAdmin, stubResizeObserver, T0 } from './tests/admin-data';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/coupons'), import('./routes/plans'), import('./routes/customer-detail'), import('./components/charts')]);
});

beforeEach(() => {
  stubResizeObserver();
  signedInAdmin();
});

const CODE_TAKEN = 'A coupon with this code already exists';

describe('coupons', () => {
  it('lists the coupons with their discount, kinds, uses, money and window', async () => {
    server.use(
      http.get('*/api/admin/coupons', () =>
        HttpResponse.json({
          items: [
            makeCoupon({ uses: 2, maxUses: 3, revenue: 48, discountGiven: 12, kinds: ['budget', 'premium'], validFrom: T0, validUntil: T0 + 86_400 }),
            makeCoupon({ id: 6, code: 'FIVE', percentOff: null, amountOff: 5, uses: 2, active: false, planIds: [3] }),
          ],
        }),
      ),
    );
    renderAt('/admin/coupons');
    const spring = (await screen.findByText('SPRING20', {}, { timeout: 10_000 })).closest('tr')!;
    const table = screen.getByRole('table', { name: 'Coupons' });
    expect(within(spring).getByText('20%')).toBeInTheDocument();
    expect(within(spring).getByText('Premium Residential, Budget Residential')).toBeInTheDocument();
    expect(within(spring).getByText('2 / 3')).toBeInTheDocument();
    expect(within(spring).getByText('$48.00')).toBeInTheDocument();
    expect(within(spring).getByText('$12.00 discount given')).toBeInTheDocument();
    expect(within(spring).getByText(/–/)).toBeInTheDocument();
    expect(within(spring).getByText('Active')).toBeInTheDocument();
    const five = within(table).getByText('FIVE').closest('tr')!;
    expect(within(five).getByText('$5.00')).toBeInTheDocument();
    expect(within(five).getByText('All')).toBeInTheDocument();
    expect(within(five).getByText('1 plan: #3')).toBeInTheDocument();
    expect(within(five).getByText('2')).toBeInTheDocument();
    expect(within(five).getByText('Always')).toBeInTheDocument();
    expect(within(five).getByText('Off')).toBeInTheDocument();
  });

  it('creates a coupon with the right body and puts the server field message under its field', async () => {
    let items = [makeCoupon({ id: 1, code: 'OLD' })];
    server.use(http.get('*/api/admin/coupons', () => HttpResponse.json({ items })));
    const posted = recorder();
    let reply = () => HttpResponse.json({ message: CODE_TAKEN, fields: { code: CODE_TAKEN } }, { status: 422 });
    server.use(
      http.post('*/api/admin/coupons', async ({ request }) => {
        await posted.record(request);
        return reply();
      }),
    );
    const { user } = renderAt('/admin/coupons');
    await user.click(await screen.findByRole('button', { name: 'New coupon' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'New coupon' });

    // the form's own checks, with the server's messages
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText(COUPON_MESSAGES.code)).toBeInTheDocument();
    expect(posted.bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Code'), 'welcome5');
    await user.selectOptions(within(dialog).getByLabelText('Discount type'), 'amount');
    await user.type(within(dialog).getByLabelText('Amount off (USD)'), '5');
    await user.click(within(dialog).getByLabelText('Static Residential'));
    await user.click(within(dialog).getByLabelText('Datacenter IPv4'));
    await user.type(within(dialog).getByLabelText('Minimum spend (USD, optional)'), '20');
    await user.type(within(dialog).getByLabelText('Max uses (optional)'), '100');
    expect(within(dialog).getByLabelText('Max uses per customer')).toHaveValue('1');
    await user.click(within(dialog).getByLabelText('First purchase only'));
    fireEvent.change(within(dialog).getByLabelText('Valid until (optional)'), { target: { value: '2026-12-31T18:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    expect(await within(dialog).findByText(CODE_TAKEN, { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(posted.bodies).toEqual([
      {
        code: 'welcome5',
        amountOff: 5,
        kinds: ['static', 'ipv4'],
        minSpend: 20,
        maxUses: 100,
        maxUsesPerCustomer: 1,
        firstPurchaseOnly: true,
        validFrom: null,
        validUntil: new Date('2026-12-31T18:30').getTime() / 1000,
        active: true,
      },
    ]);

    reply = () => {
      items = [makeCoupon({ id: 2, code: 'WELCOME5', percentOff: null, amountOff: 5 }), ...items];
      return HttpResponse.json(items[0], { status: 201 });
    };
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon WELCOME5 created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the list is read again
    expect(await screen.findByText('WELCOME5')).toBeInTheDocument();
  });

  it('edits with only the changed fields; switching the discount sends the other one as null', async () => {
    server.use(http.get('*/api/admin/coupons', () => HttpResponse.json({ items: [makeCoupon({ kinds: ['premium'], validFrom: T0 })] })));
    const patched = recorder();
    server.use(
      http.patch('*/api/admin/coupons/5', async ({ request }) => {
        await patched.record(request);
        return HttpResponse.json(makeCoupon({ percentOff: null, amountOff: 2.5 }));
      }),
    );
    const { user } = renderAt('/admin/coupons');
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING20' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Edit coupon SPRING20' });
    expect(within(dialog).getByLabelText('Percent off')).toHaveValue('20');
    expect(within(dialog).getByLabelText('Premium Residential')).toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText('Discount type'), 'amount');
    await user.type(within(dialog).getByLabelText('Amount off (USD)'), '2.5');
    await user.click(within(dialog).getByLabelText('Active (customers can use it)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('Coupon SPRING20 saved')).toBeInTheDocument();
    expect(patched.bodies).toEqual([{ percentOff: null, amountOff: 2.5, active: false }]);
  });
});

describe('volume prices of a plan', () => {
  it('sends the tiers of a traffic plan, smallest first, checked as the server checks them', async () => {
    server.use(http.get('*/api/admin/plans', () => HttpResponse.json({ items: [] })));
    const posted = recorder();
    server.use(
      http.post('*/api/admin/plans', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ message: MESSAGES.tiers, fields: { tiers: MESSAGES.tiers } }, { status: 422 });
      }),
    );
    const { user } = renderAt('/admin/plans?type=premium');
    expect(await screen.findByText('No plans of this kind yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog', { name: 'New plan' });
    await user.type(within(dialog).getByLabelText('Name'), 'Bulk');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '30');
    await user.type(within(dialog).getByLabelText('Amount (GB)'), '10');
    const add = within(dialog).getByRole('button', { name: 'Add volume price' });
    await user.click(add);
    await user.click(add);
    await user.type(within(dialog).getByLabelText('Volume price 1: from (GB)'), '50');
    await user.type(within(dialog).getByLabelText('Volume price 1: price per GB (USD)'), '2.5');
    await user.type(within(dialog).getByLabelText('Volume price 2: from (GB)'), '50');
    await user.type(within(dialog).getByLabelText('Volume price 2: price per GB (USD)'), '2.75');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    // two rows from the same GB
    expect(await within(dialog).findByText(MESSAGES.tiers)).toBeInTheDocument();
    expect(posted.bodies).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Volume price 2: from (GB)'));
    await user.type(within(dialog).getByLabelText('Volume price 2: from (GB)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(posted.bodies).toHaveLength(1));
    expect(posted.bodies[0]).toMatchObject({
      type: 'premium',
      tiers: [
        { minGb: 10, pricePerGb: 2.75 },
        { minGb: 50, pricePerGb: 2.5 },
      ],
    });
    // the server's message on `tiers` under the editor
    expect(await within(dialog).findByText(MESSAGES.tiers, { selector: 'p' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove volume price 1' }));
    expect(within(dialog).getByLabelText('Volume price 1: from (GB)')).toHaveValue('10');
    for (let row = 1; row < 10; row++) await user.click(add);
    expect(add).toBeDisabled();
  });

  it('shows the count in the table, clears the tiers with [] and leaves them off piece plans', async () => {
    server.use(http.get('*/api/admin/plans', () => HttpResponse.json({ items: [makePlan({ tiers: [{ minGb: 20, pricePerGb: 2 }, { minGb: 100, pricePerGb: 1.5 }] })] })));
    const patched = recorder();
    server.use(
      http.patch('*/api/admin/plans/3', async ({ request }) => {
        await patched.record(request);
        return HttpResponse.json(makePlan());
      }),
    );
    const { user } = renderAt('/admin/plans');
    const row = (await screen.findByText('Starter', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('2 volume prices')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Starter' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit plan "Starter"' });
    expect(within(dialog).getByLabelText('Volume price 2: price per GB (USD)')).toHaveValue('1.50');
    await user.click(within(dialog).getByRole('button', { name: 'Remove volume price 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove volume price 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(patched.bodies).toHaveLength(1));
    expect(patched.bodies[0]).toMatchObject({ tiers: [] });

    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const fresh = screen.getByRole('dialog', { name: 'New plan' });
    await user.selectOptions(within(fresh).getByLabelText('Kind'), 'static');
    expect(within(fresh).queryByRole('button', { name: 'Add volume price' })).not.toBeInTheDocument();
  });
});

describe('customer prices', () => {
  function customer(prices: { type: string; percentOff: number }[]) {
    server.use(
      http.get('*/api/admin/users/7', () => HttpResponse.json(makeDetail())),
      http.get('*/api/admin/users/7/ledger', () => HttpResponse.json(page([]))),
      http.get('*/api/admin/users/7/prices', () => HttpResponse.json({ prices })),
    );
  }

  it("lists each kind's own discount and puts a new one with its reason", async () => {
    let prices = [{ type: 'static', percentOff: 10 }];
    customer(prices);
    const put = recorder();
    server.use(
      http.put('*/api/admin/users/7/prices', async ({ request }) => {
        await put.record(request);
        prices = [...prices, { type: 'premium', percentOff: 15 }];
        customer(prices);
        return HttpResponse.json({ prices });
      }),
    );
    const { user } = renderAt('/admin/customers/7');
    await screen.findByRole('heading', { level: 1, name: 'a@b.c' }, { timeout: 10_000 });
    const card = screen.getByRole('heading', { name: 'Prices' }).closest('section')!;
    const list = await within(card).findByRole('list', { name: 'Own prices' });
    expect(within(list).getByText('Static Residential')).toBeInTheDocument();
    expect(within(list).getByText('10% off')).toBeInTheDocument();

    await user.selectOptions(within(card).getByLabelText('Kind'), 'premium');
    await user.type(within(card).getByLabelText('Percent off'), '91');
    await user.click(within(card).getByRole('button', { name: 'Set price' }));
    expect(await within(card).findByText(MESSAGES.customerPercent)).toBeInTheDocument();
    expect(put.bodies).toEqual([]);

    await user.clear(within(card).getByLabelText('Percent off'));
    await user.type(within(card).getByLabelText('Percent off'), '15');
    await user.type(within(card).getByLabelText('Reason (optional)'), 'Reseller deal');
    await user.click(within(card).getByRole('button', { name: 'Set price' }));
    expect(await screen.findByText('Premium Residential: 15% off every list price')).toBeInTheDocument();
    expect(put.bodies).toEqual([{ type: 'premium', percentOff: 15, reason: 'Reseller deal' }]);
    expect(await within(card).findByText('15% off')).toBeInTheDocument();
  });

  it('removes one with 0 and no reason, and shows the server field message', async () => {
    customer([{ type: 'budget', percentOff: 30 }]);
    const put = recorder();
    server.use(
      http.put('*/api/admin/users/7/prices', async ({ request }) => {
        await put.record(request);
        return HttpResponse.json({ message: MESSAGES.reason, fields: { reason: MESSAGES.reason } }, { status: 422 });
      }),
    );
    const { user } = renderAt('/admin/customers/7');
    await screen.findByRole('heading', { level: 1, name: 'a@b.c' }, { timeout: 10_000 });
    const card = screen.getByRole('heading', { name: 'Prices' }).closest('section')!;
    await user.selectOptions(within(card).getByLabelText('Kind'), 'budget');
    await user.type(within(card).getByLabelText('Percent off'), '0');
    await user.click(within(card).getByRole('button', { name: 'Set price' }));
    expect(await within(card).findByText(MESSAGES.reason, { selector: 'p' })).toBeInTheDocument();
    expect(put.bodies).toEqual([{ type: 'budget', percentOff: 0 }]);
  });
});
