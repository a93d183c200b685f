// A session ended elsewhere (a password change or "End" in another browser): the next call that
// answers 401 re-reads the session, and the signed-in layout sends the visitor to /login.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const location = () => screen.getByTestId('location').textContent;

beforeAll(() => preloadRoutes('dashboard-layout', 'settings'));

it('sends a visitor whose session ended elsewhere to /login on the next refused call', async () => {
  const state = { signedIn: true, userReads: 0 };
  server.use(
    http.get('*/api/getuserinfo', () => {
      state.userReads += 1;
      return HttpResponse.json({ user: state.signedIn ? makeUser() : null });
    }),
    http.get('*/api/user/2fa', () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 })),
    http.get('*/api/user/api-keys', () => HttpResponse.json({ items: [] })),
    http.get('*/api/user/sessions', () =>
      state.signedIn ? HttpResponse.json({ items: [] }) : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
    ),
  );
  const { client } = renderAt('/onboard/settings/security');
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 10_000 })).toBeInTheDocument();
  const readsBefore = state.userReads;

  // the session ends on the server; this browser's next call is refused
  state.signedIn = false;
  await client.refetchQueries({ queryKey: ['account', 'sessions'] });

  // well before the layout's next poll of the session (LIVE_REFRESH_MS, 10 s)
  await waitFor(() => expect(location()).toBe('/login'));
  expect(state.userReads).toBe(readsBefore + 1);
});

it('keeps a signed-in visitor whose call is refused for another reason', async () => {
  let userReads = 0;
  server.use(
    http.get('*/api/getuserinfo', () => {
      userReads += 1;
      return HttpResponse.json({ user: makeUser() });
    }),
    http.get('*/api/user/2fa', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    http.get('*/api/user/api-keys', () => HttpResponse.json({ items: [] })),
    http.get('*/api/user/sessions', () => HttpResponse.json({ items: [] })),
  );
  renderAt('/onboard/settings/security');
  expect(await screen.findByText('Forbidden', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(location()).toBe('/onboard/settings/security');
  expect(userReads).toBe(1);
});
