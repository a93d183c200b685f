// /admin/payouts: the referral payouts by status, approved after a confirmation, refused with a reason.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { signedInAdmin } from './tests/admin-data';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/payouts')]);
});

beforeEach(() => signedInAdmin());

type AdminPayout = Schemas['AdminPayout'];
const ADDRESS = 'TQrZ9wBzhQ7Jk2f4n8Vd3sLxYp6cMeRu1A';
const requested: AdminPayout = {
  id: 4, orderId: 'payout-abc', userId: 9, email: 'carol@example.com', amount: 25, currency: 'USDT', address: ADDRESS,
  status: 'requested', lastError: null, outcomeUnknown: false, providerRef: null, reason: null, decidedBy: null,
  createdAt: 1741781100, decidedAt: null, paidAt: null,
};

function serve(rows: AdminPayout[]) {
  const calls: { approved: number[]; refused: unknown[]; statuses: (string | null)[] } = { approved: [], refused: [], statuses: [] };
  server.use(
    http.get('*/api/admin/payouts', ({ request }) => {
      calls.statuses.push(new URL(request.url).searchParams.get('status'));
      return HttpResponse.json({ items: rows, total: rows.length, page: 1, perPage: 20 });
    }),
    http.post('*/api/admin/payouts/:id/approve', ({ params }) => {
      calls.approved.push(Number(params.id));
      rows = rows.map((row) => (row.id === Number(params.id) ? { ...row, status: 'paid' } : row));
      return HttpResponse.json(rows[0]);
    }),
    http.post('*/api/admin/payouts/:id/refuse', async ({ params, request }) => {
      calls.refused.push({ id: Number(params.id), ...((await request.json()) as object) });
      rows = rows.map((row) => (row.id === Number(params.id) ? { ...row, status: 'refused', reason: 'Mixer address' } : row));
      return HttpResponse.json(rows[0]);
    }),
  );
  return calls;
}

describe('admin payouts', () => {
  it('approves a requested payout after a confirmation', async () => {
    const calls = serve([requested]);
    const { user } = renderAt('/admin/payouts');
    const table = await screen.findByRole('table', { name: 'Payouts' }, { timeout: 10_000 });
    const row = (await within(table).findByText('carol@example.com')).closest('tr')!;
    expect(row).toHaveTextContent('$25.00');
    expect(row).toHaveTextContent(ADDRESS);
    await user.click(within(row).getByRole('button', { name: 'Approve payout 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay payout #4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Payout #4 is paid')).toBeInTheDocument();
    expect(calls.approved).toEqual([4]);
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Approve payout 4' })).not.toBeInTheDocument());
  });

  it('refuses with a reason, checked before sending', async () => {
    const calls = serve([requested]);
    const { user } = renderAt('/admin/payouts');
    const table = await screen.findByRole('table', { name: 'Payouts' }, { timeout: 10_000 });
    await user.click(await within(table).findByRole('button', { name: 'Refuse payout 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse payout #4' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse payout' }));
    expect(await within(dialog).findByText('Please give a reason (3–200 characters)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Mixer address');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse payout' }));
    expect(await screen.findByText('Payout #4 refused: $25.00 is back on the referral balance')).toBeInTheDocument();
    expect(calls.refused).toEqual([{ id: 4, reason: 'Mixer address' }]);
  });

  it('offers no refusal of a payout the provider may have paid', async () => {
    serve([{ ...requested, status: 'approved', outcomeUnknown: true, lastError: 'timed out' }]);
    renderAt('/admin/payouts');
    const table = await screen.findByRole('table', { name: 'Payouts' }, { timeout: 10_000 });
    const row = (await within(table).findByText('carol@example.com')).closest('tr')!;
    expect(row).toHaveTextContent('Answer lost: timed out');
    expect(within(row).getByRole('button', { name: 'Retry payout 4' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Refuse payout 4' })).not.toBeInTheDocument();
  });
});
