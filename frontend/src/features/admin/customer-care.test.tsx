import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES } from './schemas';
import { makeDetail, page, recorder, signedInAdmin, stubResizeObserver, T0 } from './tests/admin-data';
import type { CustomerNote, CustomerOverview } from './types';

beforeAll(async () => {
  await Promise.all([
    import('./components/admin-layout'),
    import('./routes/customer-detail'),
    import('./routes/customer-view'),
    import('./routes/payments'),
    import('./components/charts'),
  ]);
});

beforeEach(() => {
  stubResizeObserver();
  signedInAdmin();
});

function customer(pendingEmail: string | null = 'new@b.c') {
  const detail = makeDetail();
  server.use(
    http.get('*/api/admin/users/7', () => HttpResponse.json({ ...detail, user: { ...detail.user, pendingEmail } })),
    http.get('*/api/admin/users/7/ledger', () => HttpResponse.json(page([]))),
  );
}

function note(overrides: Partial<CustomerNote> = {}): CustomerNote {
  return { id: 1, text: 'Asked about refunds', authorId: 1, authorEmail: 'root@shop.test', createdAt: T0, ...overrides };
}

async function openCustomer() {
  const view = renderAt('/admin/customers/7');
  await screen.findByRole('heading', { level: 1, name: 'a@b.c' }, { timeout: 10_000 });
  return view;
}

describe('CSV exports', () => {
  it('links the payments export with the list filters', async () => {
    server.use(http.get('*/api/admin/payments', () => HttpResponse.json(page([]))));
    renderAt('/admin/payments?status=paid&q=bob%40x.y&page=2');
    const link = await screen.findByRole('link', { name: 'Export CSV' }, { timeout: 10_000 });
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/api/admin/payments.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'paid', q: 'bob@x.y' });
    expect(link).toHaveAttribute('download', 'payments.csv');
  });

  it('links the whole ledger of the customer', async () => {
    customer();
    await openCustomer();
    const ledger = screen.getByRole('heading', { name: 'Wallet history' }).closest('section')!;
    const link = within(ledger).getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toMatch(/\/api\/admin\/users\/7\/ledger\.csv$/);
    expect(link).toHaveAttribute('download', 'ledger-7.csv');
  });
});

describe('notes', () => {
  it('lists the notes with author and time and adds one', async () => {
    customer();
    let notes = [note()];
    const posted = recorder();
    server.use(
      http.get('*/api/admin/users/7/notes', () => HttpResponse.json({ items: notes, total: notes.length, page: 1, perPage: 10 })),
      http.post('*/api/admin/users/7/notes', async ({ request }) => {
        await posted.record(request);
        const added = note({ id: 2, text: 'Called back\nall fine' });
        notes = [added, ...notes];
        return HttpResponse.json({ note: added }, { status: 201 });
      }),
    );
    const { user } = await openCustomer();
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getByText('Asked about refunds')).toBeInTheDocument();
    expect(within(list).getByText(/root@shop\.test/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('New note'), '  Called back{Enter}all fine  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    await waitFor(() => expect(posted.bodies).toEqual([{ text: 'Called back\nall fine' }]));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });

  it('refuses an empty or too long note with the server message before sending', async () => {
    customer();
    const posted = recorder();
    server.use(
      http.post('*/api/admin/users/7/notes', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ note: note() }, { status: 201 });
      }),
    );
    const { user } = await openCustomer();
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(MESSAGES.note)).toBeInTheDocument();
    await user.click(screen.getByLabelText('New note'));
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(MESSAGES.note)).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toHaveAttribute('aria-invalid', 'true');
    expect(posted.bodies).toEqual([]);
  });
});

describe('customer care actions', () => {
  it('offers a new verification code only while an address waits for one', async () => {
    customer(null);
    await openCustomer();
    expect(screen.getByRole('button', { name: 'Force password reset' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification code' })).not.toBeInTheDocument();
    expect(screen.queryByText('Moving to (not confirmed)')).not.toBeInTheDocument();
  });

  it('resends the verification code after a confirmation and shows the server refusal', async () => {
    customer();
    let calls = 0;
    server.use(
      http.post('*/api/admin/users/7/verification', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'We sent a new code to new@b.c' })
          : HttpResponse.json({ message: "This customer's email is already verified: no new address is waiting for its code" }, { status: 409 });
      }),
    );
    const { user } = await openCustomer();
    expect(screen.getByText('Moving to (not confirmed)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification code' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend verification code' });
    expect(calls).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a new code to new@b.c')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Resend verification code' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/already verified/)).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('forces a password reset with a reason, stating what happens first', async () => {
    customer();
    const posted = recorder();
    server.use(
      http.post('*/api/admin/users/7/password-reset', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ message: 'The password no longer works, every session has ended, and a reset mail is on its way', sessionsEnded: 2, mailSent: true });
      }),
    );
    const { user } = await openCustomer();
    await user.click(screen.getByRole('button', { name: 'Force password reset' }));
    const dialog = screen.getByRole('dialog', { name: 'Force password reset' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(MESSAGES.reason)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'account taken over');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('confirm-statement')).toHaveTextContent('Sign a@b.c out everywhere and stop their password from working');
    expect(posted.bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Force reset' }));
    await waitFor(() => expect(posted.bodies).toEqual([{ reason: 'account taken over' }]));
    expect(await screen.findByText(/reset mail is on its way/)).toBeInTheDocument();
  });
});

describe('view as customer', () => {
  const overview: CustomerOverview = {
    id: 7,
    email: 'a@b.c',
    name: 'Alice',
    balance: 12.34,
    proxyUsername: 'u7proxy',
    proxyPassword: '••••••',
    traffic: makeDetail().traffic,
    usage: [],
    lines: [{ type: 'premium', proxy: 'gw.example:8000:u7proxy:••••••', createdAt: T0, expiresAt: null }],
    pieces: [],
    ledger: [{ id: 3, kind: 'topup', amount: 12.34, balanceAfter: 12.34, reference: 'pay-1', note: null, createdAt: T0 }],
  };

  it('opens from the customer page and shows the read-only banner with masked passwords, reading once', async () => {
    customer();
    let reads = 0;
    server.use(
      http.get('*/api/admin/users/7/view-as', () => {
        reads += 1;
        return HttpResponse.json(overview);
      }),
    );
    const { user } = await openCustomer();
    await user.click(screen.getByRole('link', { name: 'View as customer' }));

    expect(await screen.findByText('Viewing as a@b.c — read only', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/customers/7/view');
    expect(screen.getByText('gw.example:8000:u7proxy:••••••')).toBeInTheDocument();
    expect(screen.getByLabelText('Password hidden')).toHaveTextContent('••••••');
    expect(screen.getAllByText('$12.34').length).toBeGreaterThan(0);
    // Read only: nothing on the page sends or changes anything.
    const main = screen.getByRole('main');
    expect(within(main).queryAllByRole('button').filter((button) => !button.closest('nav'))).toEqual([]);
    expect(within(main).queryByRole('textbox')).not.toBeInTheDocument();
    expect(reads).toBe(1);
  });

  it('says when the customer does not exist', async () => {
    server.use(http.get('*/api/admin/users/99/view-as', () => HttpResponse.json({ message: 'User not found' }, { status: 404 })));
    renderAt('/admin/customers/99/view');
    expect(await screen.findByText('User not found', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
