import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const NOON = 1741781100; // 12 Mar 2025 12:05 UTC

function signedIn(referrals: Partial<Schemas['ReferralHistory']>) {
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ refCode: 'ADA123' }) })),
    http.get('*/api/user/referrals', () => HttpResponse.json<Schemas['ReferralHistory']>({ refCode: 'ADA123', percent: 10, referredCount: 0, totalBonus: 0, balance: 0, payoutMin: 20, bonuses: [], ...referrals })),
    http.get('*/api/user/referral/payouts', () => HttpResponse.json<Schemas['PayoutList']>({ items: [] })),
    http.get('*/api/user/referral/ledger', () => HttpResponse.json<Schemas['Paged_ReferralLedgerEntry']>({ items: [], total: 0, page: 1, perPage: 10 })),
  );
}

describe('referral page', () => {
  it('shows the referral link and copies it', async () => {
    signedIn({});
    const { user } = renderAt('/onboard/referral');
    const link = await screen.findByLabelText('Referral link', {}, { timeout: 10_000 }); // the page's chunk may load slowly on a busy machine
    expect(link).toHaveValue(`${window.location.origin}/register?ref=ADA123`);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Referral link copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/register?ref=ADA123`);
  });

  it('lists the bonuses earned with the summary', async () => {
    signedIn({
      referredCount: 2,
      totalBonus: 3.5,
      bonuses: [
        { user: 'b***@example.com', date: NOON, bonus: 2.5 },
        { user: 'c***@example.com', date: NOON, bonus: 1 },
      ],
    });
    renderAt('/onboard/referral');
    const table = await screen.findByRole('table', { name: 'Referral history' });
    await within(table).findByText('b***@example.com');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['b***@example.com', '12 Mar 2025', '$2.50'],
      ['c***@example.com', '12 Mar 2025', '$1.00'],
    ]);
    expect(screen.getByTestId('referred-count')).toHaveTextContent('2');
    expect(screen.getByTestId('total-bonus')).toHaveTextContent('$3.50');
    expect(screen.getByTestId('bonus-percent')).toHaveTextContent('10%');
  });

  it('shows an empty state without referrals', async () => {
    signedIn({});
    renderAt('/onboard/referral');
    expect(await screen.findByText('No referrals yet')).toBeInTheDocument();
    expect(screen.getByTestId('total-bonus')).toHaveTextContent('$0.00');
  });
});
