import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatDateTime, fromUnixSeconds } from '@/lib/format';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { diffRows, isTime } from './components/json-diff-rows';
import { page, signedInAdmin, T0 } from './tests/admin-data';
import type { AdminPayment, AuditEntry } from './types';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/payment-detail'), import('./routes/audit')]);
});

beforeEach(() => signedInAdmin());

const payment: AdminPayment = {
  id: 'pay_1',
  userId: 7,
  userEmail: 'a@b.c',
  amount: 10,
  currency: 'USDT',
  provider: 'cryptomus',
  providerUuid: 'uuid-1',
  status: 'pending',
  createdAt: T0,
  updatedAt: T0,
  creditedAt: null,
  expiresAt: T0 + 3600,
};

describe('payment detail', () => {
  it('shows the status history and the raw report, and checks with the provider', async () => {
    server.use(
      http.get('*/api/admin/payments/pay_1', () =>
        HttpResponse.json({ payment, events: [{ status: 'pending', createdAt: T0 }], report: { uuid: 'uuid-1', status: 'check' } }),
      ),
    );
    let reply = () => HttpResponse.json({ payment: { ...payment, status: 'paid', creditedAt: T0 + 60 }, changed: true });
    server.use(http.post('*/api/admin/payments/pay_1/check', () => reply()));
    const { user } = renderAt('/admin/payments/pay_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment $10.00' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Raw provider report')).toHaveTextContent('"uuid": "uuid-1"');
    await user.click(screen.getByRole('button', { name: 'Check with provider' }));
    expect(await screen.findByText('The provider reports paid: payment updated', {}, { timeout: 10_000 })).toBeInTheDocument();

    reply = () => HttpResponse.json({ message: 'The payment provider is unavailable. Please try again later' }, { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Check with provider' }));
    expect(await screen.findByText('The payment provider is unavailable. Please try again later')).toBeInTheDocument();
  });

  it('says "Payment not found" for an unknown payment', async () => {
    server.use(http.get('*/api/admin/payments/nope', () => HttpResponse.json({ message: 'Payment not found' }, { status: 404 })));
    renderAt('/admin/payments/nope');
    expect(await screen.findByText('Payment not found', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('audit log', () => {
  const entry: AuditEntry = {
    id: 1,
    actorId: 2,
    actorEmail: 'root@shop.test',
    action: 'user.balance',
    target: 'user:7',
    reason: 'Goodwill credit',
    // the document types these JSON objects as objects of unknown fields
    before: { balance: 0, disabled: false } as unknown as AuditEntry['before'],
    after: { balance: 5, disabled: false } as unknown as AuditEntry['after'],
    createdAt: T0,
  };

  it('shows what changed, links the target and filters by action through the URL', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/admin/audit', ({ request }) => {
        queries.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json(page([entry]));
      }),
    );
    const { user } = renderAt('/admin/audit');
    const log = await screen.findByRole('region', { name: 'Audit log' }, { timeout: 10_000 });
    const row = (await within(log).findByText('Goodwill credit')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'user:7' })).toHaveAttribute('href', '/admin/customers/7');
    expect(within(row).getByText('balance')).toBeInTheDocument();
    expect(row.querySelector('del')).toHaveTextContent('was 0');
    expect(row.querySelector('ins')).toHaveTextContent('now 5');
    expect(within(row).getByText('1 unchanged field')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Action'), 'user.balance');
    await waitFor(() => expect(queries.at(-1)).toBe('action=user.balance&page=1&perPage=50'));
  });

  it('shows times as dates, not unix seconds', async () => {
    const granted: AuditEntry = {
      ...entry,
      id: 2,
      action: 'user.traffic',
      reason: 'Outage compensation',
      before: { type: 'premium', available: 1, expiresAt: T0 } as unknown as AuditEntry['before'],
      after: { type: 'premium', available: 3.5, expiresAt: T0 + 30 * 86_400 } as unknown as AuditEntry['after'],
    };
    server.use(http.get('*/api/admin/audit', () => HttpResponse.json(page([granted]))));
    renderAt('/admin/audit');
    const log = await screen.findByRole('region', { name: 'Audit log' }, { timeout: 10_000 });
    const row = (await within(log).findByText('Outage compensation')).closest('tr')!;
    const was = formatDateTime(fromUnixSeconds(T0));
    const now = formatDateTime(fromUnixSeconds(T0 + 30 * 86_400));
    const expiry = within(row).getByText('expiresAt').nextElementSibling!;
    expect(expiry.querySelector('del')).toHaveTextContent(`was ${was}`);
    expect(expiry.querySelector('ins')).toHaveTextContent(`now ${now}`);
    expect(expiry.querySelector('ins')).toHaveAttribute('title', `${T0 + 30 * 86_400} (unix seconds)`);
    expect(row).not.toHaveTextContent(String(T0));
    // other numbers stay numbers
    expect(within(row).getByText('available').nextElementSibling!.querySelector('ins')).toHaveTextContent('now 3.5');
  });

  it('reads only whole positive numbers of time fields as times', () => {
    expect(isTime('expiresAt', T0)).toBe(true);
    expect(isTime('plan.availableUntil', T0)).toBe(true);
    expect(isTime('expiresAt', null)).toBe(false);
    expect(isTime('expiresAt', '2026-01-01')).toBe(false);
    expect(isTime('available', 5)).toBe(false);
    expect(isTime('balance', T0)).toBe(false);
  });

  it('flattens nested state and marks added and removed fields', () => {
    expect(diffRows({ plan: { price: 1, name: 'A' } }, { plan: { price: 2, name: 'A' }, active: true })).toEqual([
      { path: 'active', before: expect.anything() as unknown, after: true, changed: true },
      { path: 'plan.name', before: 'A', after: 'A', changed: false },
      { path: 'plan.price', before: 1, after: 2, changed: true },
    ]);
    expect(diffRows(null, null)).toEqual([]);
  });
});
