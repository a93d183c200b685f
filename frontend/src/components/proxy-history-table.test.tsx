// The history's expiry stays readable on a 375 px screen (issue 10): under 640 px the Expires
// column folds under the proxy on a line of its own that is never truncated.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProxyHistoryTable } from './proxy-history-table';

const LONG_PROXY = 'static.gateway.proxyshop.example:9001:pcabcdefghijkl:averylongpasswordthatfillstherow';
// 21 Dec 2030 12:00 UTC and 12 Mar 2025 12:05 UTC
const FUTURE = 1924084800;
const PAST = 1741781100;

describe('proxy history table on narrow screens', () => {
  it('gives the expiry its own untruncated line under the proxy', () => {
    render(
      <ProxyHistoryTable
        expiry
        rows={[
          { proxy: LONG_PROXY, createdAt: PAST, type: 'static', expiresAt: FUTURE },
          { proxy: LONG_PROXY, createdAt: PAST, type: 'ipv4', expiresAt: PAST },
        ]}
      />,
    );
    const [live, expired] = screen.getAllByRole('row').slice(1);
    const liveExpiry = within(live!).getByTestId('narrow-expiry');
    expect(liveExpiry).toHaveTextContent(/^Expires21 Dec 2030$/);
    expect(liveExpiry).toHaveClass('sm:hidden', 'whitespace-nowrap');
    // neither the line nor anything around it in the cell cuts it off
    expect(liveExpiry.closest('.truncate')).toBeNull();
    expect(within(expired!).getByTestId('narrow-expiry')).toHaveTextContent(/^Expired$/);
    // the summary line above keeps date and type, without the expiry squeezed in
    expect(within(live!).getByText('12 Mar 2025 · Static Residential')).toHaveClass('truncate', 'sm:hidden');
  });

  it('keeps the fixed plan label on traffic pages, without an expiry line', () => {
    render(<ProxyHistoryTable rows={[{ proxy: LONG_PROXY, createdAt: PAST, type: 'premium' }]} />);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('12 Mar 2025 · Premium Residential · 24h')).toBeInTheDocument();
    expect(within(row).queryByTestId('narrow-expiry')).not.toBeInTheDocument();
  });

  it('shows a rotating generation as one row "×1,000" whose copy gives all 1,000 lines', async () => {
    const user = userEvent.setup();
    const line = 'gw.test:8000:u1-type-premium:pw';
    render(
      <ProxyHistoryTable
        rows={[
          { proxy: line, createdAt: PAST, type: 'premium', quantity: 1000 },
          { proxy: LONG_PROXY, createdAt: PAST, type: 'premium', quantity: 1 },
        ]}
      />,
    );
    const [many, one] = screen.getAllByRole('row').slice(1);
    const badge = within(many!).getByTestId('line-count');
    expect(badge).toHaveTextContent('×1,000');
    expect(within(badge).getByText('1,000 lines')).toHaveClass('sr-only');
    // the badge stays whole beside the truncated proxy
    expect(badge.closest('.truncate')).toBeNull();
    expect(within(one!).queryByTestId('line-count')).not.toBeInTheDocument();
    expect(within(one!).getByRole('button', { name: 'Copy proxy' })).toBeInTheDocument();
    await user.click(within(many!).getByRole('button', { name: 'Copy 1,000 lines' }));
    const copied = (await navigator.clipboard.readText()).split('\n');
    expect(copied).toHaveLength(1000);
    expect(new Set(copied)).toEqual(new Set([line]));
  });
});
