import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES } from './schemas';
import { makeDetail, page, recorder, signedInAdmin, stubResizeObserver, T0 } from './tests/admin-data';
import type { AdminReseller } from './types';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/customer-detail'), import('./components/charts')]);
});

beforeEach(() => {
  stubResizeObserver();
  signedInAdmin();
});

const terms = (overrides: Partial<AdminReseller> = {}): AdminReseller => ({ enabled: true, discountPercent: 15, maxClients: 25, clients: 3, createdAt: T0, updatedAt: T0, ...overrides });

function customer(reseller: AdminReseller | null) {
  server.use(
    http.get('*/api/admin/users/7', () => HttpResponse.json({ ...makeDetail(), reseller })),
    http.get('*/api/admin/users/7/ledger', () => HttpResponse.json(page([]))),
  );
}

async function resellerCard() {
  await screen.findByRole('heading', { level: 1, name: 'a@b.c' }, { timeout: 10_000 });
  return screen.getByRole('heading', { name: 'Reseller' }).closest('section')!;
}

describe('the Reseller card', () => {
  it('makes a customer a reseller with its terms and reason, then shows them', async () => {
    let current: AdminReseller | null = null;
    customer(current);
    const put = recorder();
    server.use(
      http.put('*/api/admin/users/7/reseller', async ({ request }) => {
        await put.record(request);
        current = terms({ discountPercent: 15, maxClients: 25, clients: 0 });
        customer(current);
        return HttpResponse.json({ reseller: current });
      }),
    );
    const { user } = renderAt('/admin/customers/7');
    const card = await resellerCard();
    expect(within(card).getByText(/Not a reseller/)).toBeInTheDocument();
    await user.clear(within(card).getByLabelText('Discount %'));
    await user.type(within(card).getByLabelText('Discount %'), '91');
    await user.click(within(card).getByRole('button', { name: 'Make reseller' }));
    expect(await within(card).findByText(MESSAGES.resellerDiscount)).toBeInTheDocument();
    expect(put.bodies).toEqual([]);

    await user.clear(within(card).getByLabelText('Discount %'));
    await user.type(within(card).getByLabelText('Discount %'), '15');
    await user.clear(within(card).getByLabelText('Max clients'));
    await user.type(within(card).getByLabelText('Max clients'), '25');
    await user.type(within(card).getByLabelText('Reason (optional)'), 'Agency deal');
    await user.click(within(card).getByRole('button', { name: 'Make reseller' }));
    expect(await screen.findByText('Reseller terms saved')).toBeInTheDocument();
    expect(put.bodies).toEqual([{ enabled: true, discountPercent: 15, maxClients: 25, reason: 'Agency deal' }]);
    const shown = await within(card).findByTestId('reseller-terms');
    expect(shown).toHaveTextContent('reseller');
    expect(shown).toHaveTextContent('15% off own purchases');
    expect(shown).toHaveTextContent('0 of 25 clients');
    expect(within(card).getByRole('button', { name: 'Save terms' })).toBeInTheDocument();
  });

  it('switches a reseller off and puts the server’s field message under its field', async () => {
    customer(terms());
    const put = recorder();
    server.use(
      http.put('*/api/admin/users/7/reseller', async ({ request }) => {
        await put.record(request);
        return HttpResponse.json({ message: MESSAGES.resellerMaxClients, fields: { maxClients: MESSAGES.resellerMaxClients } }, { status: 422 });
      }),
    );
    const { user } = renderAt('/admin/customers/7');
    const card = await resellerCard();
    expect(within(card).getByTestId('reseller-terms')).toHaveTextContent('3 of 25 clients');
    expect(within(card).getByLabelText('Max clients')).toHaveValue('25');
    const toggle = within(card).getByRole('switch', { name: 'Reseller enabled' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await user.click(within(card).getByRole('button', { name: 'Save terms' }));
    expect(await within(card).findByText(MESSAGES.resellerMaxClients, { selector: 'p' })).toBeInTheDocument();
    expect(within(card).getByLabelText('Max clients')).toHaveAttribute('aria-invalid', 'true');
    expect(put.bodies).toEqual([{ enabled: false, discountPercent: 15, maxClients: 25 }]);
  });
});
