import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatDate, fromUnixSeconds } from '@/lib/format';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES } from './schemas';
import { trafficStatement } from './statements';
import { makeDetail, makePlan, makeRow, page, recorder, signedInAdmin, stubResizeObserver, T0 } from './tests/admin-data';
import type { CustomerDetail } from './types';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/customer-detail'), import('./routes/customers'), import('./components/charts')]);
});

function customer(detail: CustomerDetail = makeDetail()) {
  let current = detail;
  server.use(
    http.get('*/api/admin/users/7', () => HttpResponse.json(current)),
    http.get('*/api/admin/users/7/ledger', () => HttpResponse.json(page([]))),
    // premium's longest active plan runs 90 days (the inactive year-long one does not count);
    // budget has no plan on sale
    http.get('*/api/admin/plans', () =>
      HttpResponse.json({
        items: [
          makePlan({ id: 1, type: 'premium', validityDays: 30 }),
          makePlan({ id: 2, type: 'premium', validityDays: 90 }),
          makePlan({ id: 3, type: 'premium', validityDays: 365, active: false }),
          makePlan({ id: 4, type: 'budget', validityDays: 60, active: false }),
        ],
      }),
    ),
  );
  return { set: (next: CustomerDetail) => (current = next) };
}

async function openAction(name: string) {
  const view = renderAt('/admin/customers/7');
  // the first render loads the page's chunk and the customer: slower when the suite runs in parallel
  await view.user.click(await screen.findByRole('button', { name }, { timeout: 10_000 }));
  return view;
}

beforeEach(() => {
  stubResizeObserver();
  signedInAdmin();
});

describe('adjust balance', () => {
  it('checks amount and reason with the server messages before anything is sent', async () => {
    customer();
    const { user } = await openAction('Adjust balance');
    const dialog = screen.getByRole('dialog', { name: 'Adjust balance' });
    const review = within(dialog).getByRole('button', { name: 'Review' });
    await user.click(review);
    expect(await within(dialog).findByText(MESSAGES.amount)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.reason)).toBeInTheDocument();

    for (const bad of ['0', '1.234', 'abc', '100000.01']) {
      await user.clear(within(dialog).getByLabelText('Amount (USD)'));
      await user.type(within(dialog).getByLabelText('Amount (USD)'), bad);
      await user.click(review);
      expect(await within(dialog).findByText(MESSAGES.amount)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByLabelText('Reason'), 'ab');
    await user.click(review);
    expect(await within(dialog).findByText(MESSAGES.reason)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });

  it('states the change, credits on confirm and toasts the new balance', async () => {
    const state = customer();
    const posted = recorder();
    server.use(
      http.post('*/api/admin/users/7/balance', async ({ request }) => {
        await posted.record(request);
        state.set(makeDetail({ balance: 5 }));
        return HttpResponse.json({ user: makeRow({ balance: 5 }), entry: { id: 1, kind: 'admin_adjustment', amount: 5, balanceAfter: 5, reference: 'admin_x', note: 'Goodwill credit', createdAt: 1 } });
      }),
    );
    const { user } = await openAction('Adjust balance');
    const dialog = screen.getByRole('dialog', { name: 'Adjust balance' });
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill credit');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent('Credit $5.00 to a@b.c: balance $0.00 → $5.00');
    expect(posted.bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Credited $5.00: balance now $5.00')).toBeInTheDocument();
    expect(posted.bodies).toEqual([{ amount: 5, reason: 'Goodwill credit' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('customer-balance')).toHaveTextContent('$5.00'));
  });

  it('states a debit, and shows the server refusal and field errors back on the form', async () => {
    customer(makeDetail({ balance: 10 }));
    let reply = () => HttpResponse.json({ message: "The customer's balance is too low for this debit" }, { status: 402 });
    server.use(http.post('*/api/admin/users/7/balance', () => reply()));
    const { user } = await openAction('Adjust balance');
    const dialog = screen.getByRole('dialog', { name: 'Adjust balance' });
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '-12.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent('Debit $12.50 from a@b.c: balance $10.00 → \u2212$2.50');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText("The customer's balance is too low for this debit")).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue('-12.5');

    reply = () => HttpResponse.json({ message: MESSAGES.reason, fields: { reason: MESSAGES.reason } }, { status: 422 });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(MESSAGES.reason, { selector: 'p[id$="-error"]' })).toBeInTheDocument();
  });
});

describe('grant or remove traffic', () => {
  it('checks GB and reason, states the change to what is available and posts kind, GB and reason', async () => {
    customer();
    const posted = recorder();
    server.use(
      http.post('*/api/admin/users/7/traffic', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ traffic: { type: 'premium', purchased: 12.5, used: 1.25, available: 11.25, expiresAt: null } });
      }),
    );
    const { user } = await openAction('Grant or remove traffic');
    const dialog = screen.getByRole('dialog', { name: 'Grant or remove traffic' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(MESSAGES.gb)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.reason)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('GB'), '2.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Outage compensation');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    const statement = await within(dialog).findByTestId('confirm-statement');
    expect(statement).toHaveTextContent('Grant 2.50 GB of Premium Residential to a@b.c: available 8.75 GB → 11.25 GB.');
    // the grant also moves the expiry of all their premium traffic, to the longest plan's 90 days
    const end = formatDate(new Date(Date.now() + 90 * 86_400_000));
    await waitFor(() =>
      expect(statement).toHaveTextContent(
        `It also moves the expiry of all their Premium Residential traffic: ${formatDate(fromUnixSeconds(T0 + 86_400))} → ${end} (90 days from now).`,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Premium Residential: 11.25 GB available now')).toBeInTheDocument();
    expect(posted.bodies).toEqual([{ type: 'premium', gb: 2.5, reason: 'Outage compensation' }]);
  });

  it('states that a grant gives traffic without an expiry one, 30 days out when no plan of the kind is on sale', async () => {
    customer();
    const { user } = await openAction('Grant or remove traffic');
    const dialog = screen.getByRole('dialog', { name: 'Grant or remove traffic' });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'budget');
    await user.type(within(dialog).getByLabelText('GB'), '1');
    await user.type(within(dialog).getByLabelText('Reason'), 'Trial extension');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    const end = formatDate(new Date(Date.now() + 30 * 86_400_000));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent(
      `Grant 1.00 GB of Budget Residential to a@b.c: available 0 MB → 1.00 GB. It also moves the expiry of all their Budget Residential traffic: no expiry → ${end} (30 days from now).`,
    );
  });

  it('says when the expiry stays, and states the rule while the plans are not known', () => {
    const now = T0;
    const later = { type: 'premium', available: 1, expiresAt: now + 100 * 86_400 };
    expect(trafficStatement('a@b.c', later, 'premium', 1, { days: 30, now })).toBe(
      `Grant 1.00 GB of Premium Residential to a@b.c: available 1.00 GB → 2.00 GB. The expiry of their Premium Residential traffic stays ${formatDate(fromUnixSeconds(now + 100 * 86_400))}.`,
    );
    expect(trafficStatement('a@b.c', later, 'premium', 1, { days: undefined, now })).toBe(
      'Grant 1.00 GB of Premium Residential to a@b.c: available 1.00 GB → 2.00 GB. It also moves the expiry of all their Premium Residential traffic to the validity of the longest Premium Residential plan on sale (30 days without one) from now, unless it ends later already.',
    );
    // an expiry a few seconds short of the new one (a grant earlier today) reads as kept
    const today = { type: 'premium', available: 1, expiresAt: now + 30 * 86_400 - 60 };
    expect(trafficStatement('a@b.c', today, 'premium', 1, { days: 30, now })).toBe(
      `Grant 1.00 GB of Premium Residential to a@b.c: available 1.00 GB → 2.00 GB. The expiry of their Premium Residential traffic stays ${formatDate(fromUnixSeconds(now + 30 * 86_400))}.`,
    );
    // a removal leaves the expiry alone
    expect(trafficStatement('a@b.c', later, 'premium', -1, { days: 30, now })).toBe('Remove 1.00 GB of Premium Residential from a@b.c: available 1.00 GB → 0 MB');
  });

  it('states a removal of budget traffic and toasts the server refusal', async () => {
    customer();
    server.use(http.post('*/api/admin/users/7/traffic', () => HttpResponse.json({ message: 'Cannot remove more traffic than is unused' }, { status: 409 })));
    const { user } = await openAction('Grant or remove traffic');
    const dialog = screen.getByRole('dialog', { name: 'Grant or remove traffic' });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'budget');
    await user.type(within(dialog).getByLabelText('GB'), '-1');
    await user.type(within(dialog).getByLabelText('Reason'), 'Mistaken grant');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent('Remove 1.00 GB of Budget Residential from a@b.c: available 0 MB → -1.00 GB');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Cannot remove more traffic than is unused')).toBeInTheDocument();
  });
});

describe('disable, enable and role', () => {
  it('requires a reason to disable, states the consequence and posts it', async () => {
    customer();
    const posted = recorder();
    server.use(
      http.post('*/api/admin/users/7/disable', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ user: makeRow({ disabled: true }) });
      }),
    );
    const { user } = await openAction('Disable');
    const dialog = screen.getByRole('dialog', { name: 'Disable account' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(MESSAGES.reason)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Fraud report');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent(
      'Disable a@b.c: they are signed out now and cannot sign in until enabled again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('a@b.c is disabled')).toBeInTheDocument();
    expect(posted.bodies).toEqual([{ reason: 'Fraud report' }]);
  });

  it('enables without a reason', async () => {
    customer(makeDetail({ disabled: true }));
    const posted = recorder();
    server.use(
      http.post('*/api/admin/users/7/enable', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ user: makeRow() });
      }),
    );
    const { user } = await openAction('Enable');
    const dialog = screen.getByRole('dialog', { name: 'Enable account' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent('Enable a@b.c: they can sign in again.');
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('a@b.c is enabled')).toBeInTheDocument();
    expect(posted.bodies).toEqual([{}]);
  });

  it('states a role change and toasts the last-admin refusal', async () => {
    customer(makeDetail({ role: 'admin' }));
    server.use(http.post('*/api/admin/users/7/role', () => HttpResponse.json({ message: 'The shop must keep at least one administrator' }, { status: 409 })));
    const { user } = await openAction('Change role');
    const dialog = screen.getByRole('dialog', { name: 'Change role' });
    expect(within(dialog).getByLabelText('Role')).toHaveValue('user');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent('Change the role of a@b.c: admin → user');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The shop must keep at least one administrator')).toBeInTheDocument();
  });

  it('says "User not found" for an unknown customer', async () => {
    server.use(http.get('*/api/admin/users/99', () => HttpResponse.json({ message: 'User not found' }, { status: 404 })));
    renderAt('/admin/customers/99');
    expect(await screen.findByText('User not found', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('customer list', () => {
  it('searches once typing pauses, filters and pages through the URL', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/admin/users', ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params.toString());
        return HttpResponse.json({ items: [makeRow()], total: 120, page: Number(params.get('page')), perPage: 50 });
      }),
    );
    const { user } = renderAt('/admin/customers');
    expect(await screen.findByRole('link', { name: 'a@b.c' }, { timeout: 10_000 })).toHaveAttribute('href', '/admin/customers/7');
    expect(screen.getByText('120 results')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alice');
    await waitFor(() => expect(queries.at(-1)).toBe('q=alice&page=1&perPage=50'));
    expect(queries.filter((query) => query.startsWith('q=a&') || query.startsWith('q=al&'))).toEqual([]);
    await user.selectOptions(screen.getByLabelText('State'), 'Disabled');
    await waitFor(() => expect(queries.at(-1)).toBe('q=alice&disabled=true&page=1&perPage=50'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)).toBe('q=alice&disabled=true&page=2&perPage=50'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/customers?q=alice&disabled=true&page=2');
  });
});
