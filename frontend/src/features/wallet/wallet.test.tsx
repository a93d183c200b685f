import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

// 12 Mar 2025 12:05 UTC: the same calendar day in every time zone the tests run in
const NOON = 1741781100;

const entries: Array<Schemas['LedgerEntry']> = [
  { id: 3, kind: 'purchase', amount: -15, balanceAfter: 12.5, reference: 'plan:1', note: 'Premium 5GB', createdAt: NOON },
  { id: 2, kind: 'referral_bonus', amount: 2.5, balanceAfter: 27.5, reference: 'ref:1', note: null, createdAt: NOON },
  { id: 1, kind: 'topup', amount: 25, balanceAfter: 25, reference: 'pay_1', note: null, createdAt: NOON },
];
const payments: Array<Schemas['PaymentSummary']> = [
  { id: 'pay_2', amount: 10, currency: 'LTC', status: 'pending', url: 'https://pay.example/checkout/2', createdAt: NOON },
  { id: 'pay_1', amount: 25, currency: 'USDT', status: 'paid', url: null, createdAt: NOON },
  { id: 'pay_0', amount: 5, currency: 'TRX', status: 'cancel', url: 'https://pay.example/checkout/0', createdAt: NOON },
];

function wallet(overrides: Partial<Schemas['WalletHistory']> = {}): Schemas['WalletHistory'] {
  return { balance: 12.5, entries, total: entries.length, page: 1, perPage: 20, payments, ...overrides };
}

function signedIn(balance = 12.5) {
  server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance }) })));
}

describe('wallet page', () => {
  it('lists the ledger and the payments', async () => {
    signedIn();
    server.use(http.get('*/api/user/wallet', () => HttpResponse.json(wallet())));
    renderAt('/onboard/wallet');
    // the first page of the file: its chunk may still be compiling on a busy machine
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' }, { timeout: 10_000 })).toBeInTheDocument();
    const ledger = await screen.findByRole('table', { name: 'Wallet activity' });
    await within(ledger).findByText('Top-up');
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.firstChild!.textContent)).toEqual(['Purchase', 'Referral bonus', 'Top-up']);
    expect(within(rows[0]!).getByText('Premium 5GB')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('−$15.00')).toHaveClass('text-red-700');
    expect(within(rows[2]!).getByText('+$25.00')).toHaveClass('text-emerald-700');
    expect(within(rows[2]!).getByText('$25.00')).toBeInTheDocument();
    // the date has its own column on wide screens and sits under the type on narrow ones
    expect(within(rows[2]!).getAllByText(/^12 Mar 2025, \d\d:\d\d$/)).toHaveLength(2);

    const table = screen.getByRole('table', { name: 'Payments' });
    const paymentRows = within(table).getAllByRole('row').slice(1);
    expect(paymentRows.map((row) => within(row).getAllByRole('cell')[3]!.firstChild!.textContent)).toEqual(['Pending', 'Paid', 'Cancelled']);
    expect(within(paymentRows[0]!).getByText('LTC')).toBeInTheDocument();
    // one link per layout (under the status on narrow screens, in the Action column on wide ones), pending only
    const links = within(table).getAllByRole('link', { name: /Continue payment/ });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(paymentRows[0]).toContainElement(link);
      expect(link).toHaveAttribute('href', 'https://pay.example/checkout/2');
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$12.50');
    expect(screen.queryByRole('navigation', { name: 'Wallet activity pages' })).not.toBeInTheDocument();
    // a receipt for top-ups and purchases only: one link per layout, a PDF download by entry id
    const receipts = within(ledger).getAllByRole('link', { name: /^Receipt/ });
    expect(receipts).toHaveLength(4);
    expect(within(rows[1]!).queryByRole('link', { name: /^Receipt/ })).not.toBeInTheDocument();
    for (const [row, id] of [[rows[0]!, 3], [rows[2]!, 1]] as const) {
      for (const link of within(row).getAllByRole('link', { name: /^Receipt/ })) {
        expect(link).toHaveAttribute('href', expect.stringMatching(new RegExp(`/api/user/receipts/${id}\\.pdf$`)));
        expect(link).toHaveAttribute('download', `receipt-${id}.pdf`);
        // at least 24 × 24 px to tap (src/index.css, tap-target)
        expect(link).toHaveClass('tap-target');
      }
    }
  });

  it('shows skeletons while loading, then the empty states', async () => {
    signedIn();
    server.use(
      http.get('*/api/user/wallet', async () => {
        await delay(50);
        return HttpResponse.json(wallet({ entries: [], total: 0, payments: [] }));
      }),
    );
    renderAt('/onboard/wallet');
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    expect(await screen.findByText('No wallet activity yet.')).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
  });

  it('pages through the ledger when there is more than one page', async () => {
    signedIn();
    const pages: string[] = [];
    server.use(
      http.get('*/api/user/wallet', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '';
        pages.push(page);
        const entry = { ...entries[2]!, id: Number(page), note: `entry on page ${page}` };
        return HttpResponse.json(wallet({ entries: [entry], total: 45, page: Number(page) }));
      }),
    );
    const { user } = renderAt('/onboard/wallet');
    const pager = await screen.findByRole('navigation', { name: 'Wallet activity pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('entry on page 2')).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
  });

  it('greets a paid payment coming back from the checkout and updates the top bar', async () => {
    signedIn(0);
    server.use(http.get('*/api/user/wallet', () => HttpResponse.json(wallet({ balance: 25 }))));
    renderAt('/onboard/wallet?payment=pay_1');
    expect(await screen.findByTestId('payment-return')).toHaveTextContent('Payment received');
    expect(await screen.findByRole('button', { name: /Balance \$25\.00/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Payment received')).toHaveLength(2)); // banner and toast
  });

  it('says a pending payment is waiting for confirmation', async () => {
    signedIn();
    server.use(http.get('*/api/user/wallet', () => HttpResponse.json(wallet())));
    renderAt('/onboard/wallet?payment=pay_2');
    expect(await screen.findByTestId('payment-return')).toHaveTextContent('Waiting for payment confirmation');
  });

  it('refreshes the balance when the customer comes back to the tab', async () => {
    let balance = 0;
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance }) })));
    renderAt('/onboard/settings/account');
    expect(await screen.findByRole('button', { name: /Balance \$0\.00/ })).toBeInTheDocument();
    balance = 25;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('button', { name: /Balance \$25\.00/ })).toBeInTheDocument();
  });

  it('refreshes the balance when another tab reports a confirmed payment', async () => {
    let balance = 0;
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance }) })));
    renderAt('/onboard/settings/account');
    expect(await screen.findByRole('button', { name: /Balance \$0\.00/ })).toBeInTheDocument();
    balance = 25;
    const otherTab = new BroadcastChannel('proxyshop-wallet');
    otherTab.postMessage({ type: 'wallet-changed', from: 'another-tab' });
    otherTab.close();
    expect(await screen.findByRole('button', { name: /Balance \$25\.00/ })).toBeInTheDocument();
  });
});
