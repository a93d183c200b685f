// PROXYSHOP_ADMIN_2FA=required: the console sends an administrator whom /api/admin/* refuses for
// lack of two-factor sign-in to the settings' two-factor card, with the server's message, once.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ADMIN_TWO_FACTOR_REQUIRED } from '@/lib/admin-two-factor';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { makeSummary, signedInAdmin, stubResizeObserver } from './tests/admin-data';

const location = () => screen.getByTestId('location').textContent;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

beforeAll(async () => {
  await Promise.all([
    import('./components/admin-layout'),
    import('./routes/overview'),
    import('./components/charts'),
    preloadRoutes('dashboard-layout', 'settings'),
  ]);
});

/** The settings page's own calls, for an admin whose two-factor status the test controls. */
function settingsCalls(twoFactor: { enabled: boolean }) {
  server.use(
    http.get('*/api/user/2fa', () => HttpResponse.json({ enabled: twoFactor.enabled, recoveryCodesLeft: twoFactor.enabled ? 10 : 0 })),
    http.get('*/api/user/sessions', () => HttpResponse.json({ items: [] })),
    http.get('*/api/user/api-keys', () => HttpResponse.json({ items: [] })),
  );
}

/** GET /api/admin/summary refused as the server does for an admin without two-factor sign-in,
 * until `allow()`; counts the calls. */
function summaryRefused() {
  const state = { calls: 0, allowed: false };
  server.use(
    http.get('*/api/admin/summary', () => {
      state.calls += 1;
      return state.allowed ? HttpResponse.json(makeSummary()) : HttpResponse.json({ message: ADMIN_TWO_FACTOR_REQUIRED }, { status: 403 });
    }),
  );
  return state;
}

describe('an administrator who must enrol in two-factor sign-in', () => {
  beforeEach(() => {
    stubResizeObserver();
    signedInAdmin();
  });

  it('is sent from the console to the two-factor card with the server’s message, once', async () => {
    const summary = summaryRefused();
    settingsCalls({ enabled: false });
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderAt('/admin');

    await waitFor(() => expect(location()).toBe('/onboard/settings/security#two-factor'), { timeout: 10_000 });
    const notice = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent(ADMIN_TWO_FACTOR_REQUIRED);
    expect(notice).toHaveTextContent('Set it up below to open the operator console.');
    const card = notice.closest('section');
    expect(card).toHaveAttribute('id', 'two-factor');
    expect(within(card!).getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(await within(card!).findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(scrolled).toContain(card));
    // one refusal, one redirect: the settings page does not call the console again
    expect(summary.calls).toBe(1);
    expect(location()).toBe('/onboard/settings/security#two-factor');
  });

  it('enrols on the card and comes back to a working console, without bouncing on the old refusal', async () => {
    const summary = summaryRefused();
    const twoFactor = { enabled: false };
    settingsCalls(twoFactor);
    server.use(
      http.post('*/api/user/2fa/setup', () => HttpResponse.json({ secret: SECRET, otpauthUrl: `otpauth://totp/ProxyShop:root@shop.test?secret=${SECRET}` })),
      http.post('*/api/user/2fa/enable', () => {
        twoFactor.enabled = true;
        summary.allowed = true;
        return HttpResponse.json({ message: 'Two-factor sign-in is on', recoveryCodes: ['abcd-efgh-ijkl'] });
      }),
    );
    const { user } = renderAt('/admin');
    const notice = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await user.click(await screen.findByRole('button', { name: 'I have saved my codes' }));
    const back = await within(notice).findByRole('link', { name: 'open the operator console' });
    expect(back).toHaveAttribute('href', '/admin');
    await user.click(back);

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('$123.45')).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(summary.calls).toBe(2);
  });

  it('stays in the console for any other refusal', async () => {
    server.use(http.get('*/api/admin/summary', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    renderAt('/admin');
    expect(await screen.findByText('Could not load the overview.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
