// The history's expiry stays readable on a 375 px screen (issue 10): under 640 px the Expires
// column folds under the proxy on a line of its own that is never truncated.
import { render, screen, within } from '@testing-library/react';
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
});
