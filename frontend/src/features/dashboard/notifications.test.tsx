import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { capture, server } from '@/test/server';

const SLOW = { timeout: 10_000 };

function withNotifications(unread: number) {
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser() })),
    http.get('*/api/user/notifications', () =>
      HttpResponse.json({
        items: [
          { id: 7, kind: 'alert', title: 'Premium Residential Proxies: 80 % of your traffic used', body: 'You have used 8.50 GB of 10.00 GB.', createdAt: 1_790_000_000, read: false },
          { id: 6, kind: 'payment_credited', title: 'Top-up of $20.00 credited', body: 'Your top-up of $20.00 in USDT is in your wallet.', createdAt: 1_789_990_000, read: true },
        ],
        total: 2,
        page: 1,
        perPage: 20,
        unread,
      }),
    ),
  );
}

describe('notification bell', { timeout: 30_000 }, () => {
  it('shows the unread count and marks what it shows read when opened', async () => {
    withNotifications(1);
    const marked = capture('/api/user/notifications/read', () => HttpResponse.json({ unread: 0 }));
    const { user } = renderAt('/onboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, SLOW));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText('Premium Residential Proxies: 80 % of your traffic used')).toBeInTheDocument();
    expect(within(panel).getByText('Top-up of $20.00 credited')).toBeInTheDocument();
    expect(within(panel).getAllByLabelText('Unread')).toHaveLength(1);
    await waitFor(() => expect(marked).toEqual([{ ids: [7] }]));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('says when there is nothing, with no badge', async () => {
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser() })));
    const { user } = renderAt('/onboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }, SLOW));
    expect(screen.getByText('No notifications yet.')).toBeInTheDocument();
  });
});
