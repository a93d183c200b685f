import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const SLOW = { timeout: 10_000 };

describe('user guide: the customer API', () => {
  it('shows a curl example with a placeholder key to a guest', async () => {
    renderAt('/user&guide');
    expect(await screen.findByTestId('api-curl', {}, SLOW)).toHaveTextContent(
      `curl -H "Authorization: Bearer psk_…" ${window.location.origin}/api/user/get_starts`,
    );
  });

  it('shows the signed-in customer’s own key prefix', async () => {
    server.use(
      http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser() })),
      http.get('*/api/user/api-keys', () =>
        HttpResponse.json({
          items: [{ id: 1, name: 'scraper', prefix: 'psk_AbC123', scopes: ['read'], expiresAt: null, allowedIps: [], lastUsedAt: null, createdAt: 1 }],
        }),
      ),
    );
    renderAt('/user&guide');
    expect(await screen.findByText(/Bearer psk_AbC123…/, {}, SLOW)).toHaveTextContent(
      `curl -H "Authorization: Bearer psk_AbC123…" ${window.location.origin}/api/user/get_starts`,
    );
  });
});
