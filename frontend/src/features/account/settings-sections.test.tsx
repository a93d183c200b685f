// The settings in sections: each section at its own address with only its own cards, the section
// list (links, the current one marked), /onboard/settings opening Account, and the operator
// console's old address /onboard/settings#two-factor landing on the two-factor card with its notice.
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TWO_FACTOR_REQUIRED } from '@/lib/admin-two-factor';
import { renderAt } from '@/test/render';
import { account, preloadRoutes, SLOW } from './test-support';

beforeAll(preloadRoutes);

const location = () => screen.getByTestId('location').textContent;

/** Every card of the settings, by the section that holds it. */
const CARDS = {
  account: ['Profile photo', 'Profile', 'Email', 'Password'],
  security: ['Two-factor sign-in', 'Sessions'],
  api: ['API keys'],
  billing: ['Billing details', 'Auto top-up'],
  notifications: ['Alerts'],
  access: ['IP allowlist', 'Sub-users', 'Blocked destinations'],
} as const;

const LABELS = { account: 'Account', security: 'Security', api: 'API', billing: 'Billing', notifications: 'Notifications', access: 'Access' };

const cardHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('settings sections', { timeout: 60_000 }, () => {
  for (const [section, cards] of Object.entries(CARDS)) {
    it(`/onboard/settings/${section} shows its own cards and marks its link`, async () => {
      account();
      renderAt(`/onboard/settings/${section}`);
      expect(await screen.findByRole('heading', { level: 2, name: cards[0] }, SLOW)).toBeInTheDocument();
      await waitFor(() => expect(cardHeadings()).toEqual(cards));
      const nav = screen.getByRole('navigation', { name: 'Settings sections' });
      const current = within(nav).getByRole('link', { current: 'page' });
      expect(current).toHaveAttribute('href', `/onboard/settings/${section}`);
      expect(current).toHaveTextContent(LABELS[section as keyof typeof LABELS]);
      expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText(LABELS[section as keyof typeof LABELS])).toBeInTheDocument();
      expect(document.title).toBe(`${LABELS[section as keyof typeof LABELS]} settings · ProxyShop`);
    });
  }

  it('lists every section in order and moves between them by their links', async () => {
    account();
    const { user } = renderAt('/onboard/settings/account');
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' }, SLOW);
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(Object.keys(CARDS).map((section) => `/onboard/settings/${section}`));

    await user.click(within(nav).getByRole('link', { name: /^Access/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'IP allowlist' }, SLOW)).toBeInTheDocument();
    expect(location()).toBe('/onboard/settings/access');
    expect(screen.queryByRole('heading', { level: 2, name: 'Profile' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveAttribute('href', '/onboard/settings/access');
  });

  it('links the API keys to the API reference, a tap target of its own (24 × 24 px in e2e/tap-targets.mjs)', async () => {
    account();
    renderAt('/onboard/settings/api');
    const card = (await screen.findByRole('heading', { level: 2, name: 'API keys' }, SLOW)).closest('section')!;
    // (the sidebar's help centre has one too)
    const link = within(card).getByRole('link', { name: 'API reference' });
    expect(link).toHaveAttribute('href', '/docs/api');
    expect(link).toHaveClass('tap-target');
  });

  it('opens Account at /onboard/settings', async () => {
    account();
    renderAt('/onboard/settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' }, SLOW)).toBeInTheDocument();
    expect(location()).toBe('/onboard/settings/account');
  });

  it('sends the old two-factor address to the Security section, keeping the console’s notice', async () => {
    account();
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderAt({ pathname: '/onboard/settings', hash: '#two-factor', state: { notice: ADMIN_TWO_FACTOR_REQUIRED, from: 'admin' } });
    const notice = await screen.findByRole('alert', {}, SLOW);
    expect(notice).toHaveTextContent(ADMIN_TWO_FACTOR_REQUIRED);
    expect(location()).toBe('/onboard/settings/security#two-factor');
    const card = notice.closest('section');
    expect(card).toHaveAttribute('id', 'two-factor');
    await waitFor(() => expect(scrolled).toContain(card));
  });

  it('answers an unknown section with the dashboard’s not-found page', async () => {
    account();
    renderAt('/onboard/settings/nope');
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Settings sections' })).not.toBeInTheDocument();
  });
});
