import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const NOON = 1741781100; // 12 Mar 2025 12:05 UTC
const ADDRESS = 'TQrZ9wBzhQ7Jk2f4n8Vd3sLxYp6cMeRu1A';

type Payout = Schemas['Payout'];

/** A signed-in customer with `balance` of referral money; returns what the server was sent. */
function signedIn(balance: number, payouts: Payout[] = []) {
  const sent: { payouts: unknown[]; transfers: unknown[] } = { payouts: [], transfers: [] };
  let held = balance;
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ refCode: 'ADA123' }) })),
    http.get('*/api/user/referrals', () =>
      HttpResponse.json<Schemas['ReferralHistory']>({ refCode: 'ADA123', percent: 10, referredCount: 1, totalBonus: balance, balance: held, payoutMin: 20, bonuses: [] }),
    ),
    http.get('*/api/user/referral/payouts', () => HttpResponse.json<Schemas['PayoutList']>({ items: payouts })),
    http.get('*/api/user/referral/ledger', () => HttpResponse.json<Schemas['Paged_ReferralLedgerEntry']>({ items: [], total: 0, page: 1, perPage: 10 })),
    http.post('*/api/user/referral/payouts', async ({ request }) => {
      const body = (await request.json()) as { amount: number; currency: string; address: string };
      sent.payouts.push(body);
      if (body.address.startsWith('T0')) {
        return HttpResponse.json({ message: 'Address must be 20 to 100 characters', fields: { address: 'Address must be 20 to 100 characters' } }, { status: 422 });
      }
      held -= body.amount;
      payouts.unshift({ id: 7, amount: body.amount, currency: body.currency, address: body.address, status: 'requested', reason: null, createdAt: NOON, paidAt: null });
      return HttpResponse.json<Payout>(payouts[0], { status: 201 });
    }),
    http.post('*/api/user/referral/transfer', async ({ request }) => {
      sent.transfers.push(await request.json());
      const moved = held;
      held = 0;
      return HttpResponse.json<Schemas['TransferDone']>({ moved, referralBalance: 0, balance: moved });
    }),
  );
  return sent;
}

describe('referral balance', () => {
  it('shows the balance and the payouts with their statuses', async () => {
    signedIn(42.5, [
      { id: 2, amount: 25, currency: 'LTC', address: ADDRESS, status: 'refused', reason: 'Address belongs to a mixer', createdAt: NOON, paidAt: null },
      { id: 1, amount: 20, currency: 'USDT', address: ADDRESS, status: 'paid', reason: null, createdAt: NOON, paidAt: NOON },
    ]);
    renderAt('/onboard/referral');
    await screen.findByTestId('referral-balance', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('referral-balance')).toHaveTextContent('$42.50'));
    const table = await screen.findByRole('table', { name: 'Payouts' });
    await within(table).findByText('Refused');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['12 Mar 2025', 'LTC', ADDRESS, 'RefusedAddress belongs to a mixer', '$25.00'],
      ['12 Mar 2025', 'USDT', ADDRESS, 'Paid', '$20.00'],
    ]);
  });

  it('checks the form before sending and names each field', async () => {
    const sent = signedIn(30);
    const { user } = renderAt('/onboard/referral');
    const form = await screen.findByRole('form', { name: 'Request a payout' }, { timeout: 10_000 });
    await user.type(within(form).getByLabelText('Amount (USD)'), '19.99');
    await user.type(within(form).getByLabelText('Wallet address'), 'ltc1-qxy-zzzzzzzzzzzzzzzzzzz');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await within(form).findByText('Amount must be at least $20.00')).toBeInTheDocument();
    expect(within(form).getByText('Address may hold only letters and digits')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Amount (USD)'));
    await user.type(within(form).getByLabelText('Amount (USD)'), '30.01');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await within(form).findByText('Your referral balance is too low for this amount')).toBeInTheDocument();
    expect(sent.payouts).toEqual([]);
  });

  it('sends a valid request and shows the server field errors', async () => {
    const sent = signedIn(30);
    const { user } = renderAt('/onboard/referral');
    const form = await screen.findByRole('form', { name: 'Request a payout' }, { timeout: 10_000 });
    await user.type(within(form).getByLabelText('Amount (USD)'), '25');
    await user.selectOptions(within(form).getByLabelText('Coin'), 'LTC');
    await user.type(within(form).getByLabelText('Wallet address'), `T0${ADDRESS.slice(2)}`);
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await within(form).findByText('Address must be 20 to 100 characters')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Wallet address'));
    await user.type(within(form).getByLabelText('Wallet address'), ` ${ADDRESS} `);
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('Payout requested: an operator will review it')).toBeInTheDocument();
    expect(sent.payouts).toEqual([
      { amount: 25, currency: 'LTC', address: `T0${ADDRESS.slice(2)}` },
      { amount: 25, currency: 'LTC', address: ADDRESS },
    ]);
    const table = screen.getByRole('table', { name: 'Payouts' });
    expect(await within(table).findByText('Requested')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('referral-balance')).toHaveTextContent('$5.00'));
  });

  it('moves the whole balance to the wallet', async () => {
    const sent = signedIn(12.5);
    const { user } = renderAt('/onboard/referral');
    await screen.findByTestId('referral-balance', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('referral-balance')).toHaveTextContent('$12.50'));
    await user.click(screen.getByRole('button', { name: 'Move to wallet' }));
    expect(await screen.findByText('Moved to your wallet: $12.50')).toBeInTheDocument();
    expect(sent.transfers).toEqual([{ amount: null }]);
    await waitFor(() => expect(screen.getByTestId('referral-balance')).toHaveTextContent('$0.00'));
    expect(screen.getByRole('button', { name: 'Move to wallet' })).toBeDisabled();
  });
});
