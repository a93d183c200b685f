import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const NOON = 1741781100; // 12 Mar 2025 12:05 UTC

type Entry = Schemas['ReferralLedgerEntry'];

const ENTRIES: Entry[] = [
  { id: 4, kind: 'payout_failed', amount: 25, balanceAfter: 40, note: 'Payout failed at the provider', createdAt: NOON },
  { id: 3, kind: 'payout_requested', amount: -25, balanceAfter: 15, note: 'Payout in USDT', createdAt: NOON },
  { id: 2, kind: 'to_wallet', amount: -10, balanceAfter: 40, note: 'Moved to the wallet', createdAt: NOON },
  { id: 1, kind: 'earned', amount: 50, balanceAfter: 50, note: 'Referral bonus', createdAt: NOON },
];

/** A signed-in customer whose ledger holds `entries` (served `perPage` at a time); returns the pages asked for. */
function signedIn(entries: Entry[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ refCode: 'ADA123' }) })),
    http.get('*/api/user/referrals', () =>
      HttpResponse.json<Schemas['ReferralHistory']>({ refCode: 'ADA123', percent: 10, referredCount: 1, totalBonus: 50, balance: 40, payoutMin: 20, bonuses: [] }),
    ),
    http.get('*/api/user/referral/payouts', () => HttpResponse.json<Schemas['PayoutList']>({ items: [] })),
    http.get('*/api/user/referral/ledger', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('perPage') ?? '20');
      asked.push(`${page}/${perPage}`);
      const items = entries.slice((page - 1) * perPage, page * perPage);
      return HttpResponse.json<Schemas['Paged_ReferralLedgerEntry']>({ items, total: entries.length, page, perPage });
    }),
  );
  return asked;
}

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

describe('referral balance history', () => {
  it('lists every change of the referral balance with the balance after it', async () => {
    const asked = signedIn(ENTRIES);
    renderAt('/onboard/referral');
    const table = await screen.findByRole('table', { name: 'Referral balance history' }, { timeout: 10_000 });
    await within(table).findByText('Payout failed (returned)');
    expect(rowsOf(table)).toEqual([
      ['12 Mar 2025', 'Payout failed (returned)', 'Payout failed at the provider', '+$25.00', '$40.00'],
      ['12 Mar 2025', 'Payout requested', 'Payout in USDT', '−$25.00', '$15.00'],
      ['12 Mar 2025', 'Moved to wallet', 'Moved to the wallet', '−$10.00', '$40.00'],
      ['12 Mar 2025', 'Referral bonus', 'Referral bonus', '+$50.00', '$50.00'],
    ]);
    expect(asked).toEqual(['1/10']);
    expect(screen.queryByTestId('ledger-page')).not.toBeInTheDocument();
  });

  it('pages through a long history', async () => {
    const many: Entry[] = Array.from({ length: 12 }, (_, index) => ({
      id: 12 - index,
      kind: 'earned',
      amount: 1,
      balanceAfter: 12 - index,
      note: null,
      createdAt: NOON,
    }));
    const asked = signedIn(many);
    renderAt('/onboard/referral');
    const table = await screen.findByRole('table', { name: 'Referral balance history' }, { timeout: 10_000 });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10));
    expect(screen.getByTestId('ledger-page')).toHaveTextContent('Page 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('ledger-page')).toHaveTextContent('Page 2 of 2'));
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    expect(rowsOf(table)[1]).toEqual(['12 Mar 2025', 'Referral bonus', '', '+$1.00', '$1.00']);
    expect(asked).toEqual(['1/10', '2/10']);
  });

  it('says so when there is nothing yet', async () => {
    signedIn([]);
    renderAt('/onboard/referral');
    expect(await screen.findByText('No changes yet', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
