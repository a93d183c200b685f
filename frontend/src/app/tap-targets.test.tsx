// Links and small buttons that stand alone carry tap-target (src/index.css: at least 24 × 24 px,
// WCAG 2.5.8). jsdom lays nothing out: frontend/e2e/tap-targets.mjs measures the pages in Chromium
// at 375 px; this keeps the class on the links that measured under 24 px before.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const SLOW = { timeout: 10_000 };

async function expectTapTargets(names: Array<string | RegExp>) {
  for (const name of names) expect(await screen.findByRole('link', { name }, SLOW)).toHaveClass('tap-target');
}

describe('tap targets', { timeout: 60_000 }, () => {
  it('on the login page', async () => {
    renderAt('/login');
    await expectTapTargets(['Forgot your password?', 'Sign up', 'Terms of Service', 'Privacy Policy']);
  });

  it('on the registration and password reset pages', async () => {
    const { unmount } = renderAt('/register');
    await expectTapTargets(['Login']);
    unmount();
    renderAt('/forgot-password');
    await expectTapTargets(['Back to login']);
  });

  it('on the 404 page and the FAQ page', async () => {
    const { unmount } = renderAt('/definitely/missing');
    const links = await screen.findByRole('navigation', { name: 'Helpful links' }, SLOW);
    for (const link of within(links).getAllByRole('link')) expect(link).toHaveClass('tap-target');
    unmount();
    renderAt('/faqs');
    const main = await screen.findByRole('main', {}, SLOW);
    expect(await within(main).findByRole('link', { name: 'Use Guide & Details' }, SLOW)).toHaveClass('tap-target');
    expect(within(main).getByRole('link', { name: /chat with support/ })).toHaveClass('tap-target');
  });

  it("in the dashboard's breadcrumb", async () => {
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser() })));
    renderAt('/onboard');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' }, SLOW);
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveClass('tap-target');
  });
});
