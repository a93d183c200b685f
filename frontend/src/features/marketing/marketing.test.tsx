import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { FaqAccordion } from './components/faq-accordion';
import { PricingSection, EMPTY_PLANS_MESSAGE } from './components/pricing-section';
import { SiteHeader } from './components/site-header';
import { FAQ_ITEMS } from './content/faq';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('site header', () => {
  it('shows a skeleton while the session loads', () => {
    server.use(
      http.get('*/api/getuserinfo', () => delay('infinite').then(() => HttpResponse.json({ user: null }))),
    );
    renderAt('/', <SiteHeader />);
    expect(screen.getAllByTestId('header-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
  });

  it('shows guests the navigation, Login and Start Free Trial', async () => {
    renderAt('/', <SiteHeader />);
    expect(await screen.findByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(mainNav()).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(within(mainNav()).getByRole('link', { name: 'Use Guide & Details' })).toHaveAttribute('href', '/user&guide');
    expect(within(mainNav()).getByRole('link', { name: /Contact Us/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
  });

  it('shows signed-in visitors Go to dashboard and their balance, without Start Free Trial', async () => {
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance: 7 }) })));
    const { user } = renderAt('/', <SiteHeader />);
    expect(await screen.findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/onboard');
    expect(screen.getByRole('button', { name: /Balance \$7\.00/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Balance/ }));
    expect(await screen.findByRole('dialog', { name: 'Add Funds' })).toBeInTheDocument();
  });

  it('opens the mobile menu with the same entries', async () => {
    const { user } = renderAt('/', <SiteHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('pricing', () => {
  it('without server plans: four sample plans on mobile, the empty state on desktop', async () => {
    renderAt('/', <PricingSection />);
    const mobile = await screen.findByTestId('pricing-mobile');
    expect(within(mobile).getAllByRole('article')).toHaveLength(4);
    for (const [size, price] of [['5GB', '$15.00'], ['10GB', '$28.00'], ['40GB', '$96.00'], ['1000GB', '$750.00']]) {
      expect(within(mobile).getByRole('heading', { name: size })).toBeInTheDocument();
      expect(within(mobile).getByText(price!)).toBeInTheDocument();
    }
    expect(within(mobile).getAllByText('30 days')).toHaveLength(4);
    expect(within(mobile).getAllByText('1~240 minutes')).toHaveLength(4);
    expect(within(mobile).getAllByText('99.7%')).toHaveLength(4);
    expect(within(mobile).getAllByText('US JP CA ID AU VN UK FR DE')).toHaveLength(4);
    expect(screen.getByTestId('pricing-desktop')).toHaveTextContent(EMPTY_PLANS_MESSAGE);
    expect(EMPTY_PLANS_MESSAGE).toBe('No plans available for this proxy type.');
  });

  it('shows the server plans of the selected tab and no fallback', async () => {
    server.use(
      http.get('*/api/user/plan', ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        if (type !== 'static') return HttpResponse.json({ plan: { name: type, plans: [] } });
        return HttpResponse.json({
          plan: {
            name: 'static',
            plans: [{ id: 7, tag: null, name: 'Static 10', note: null, size: null, price: 2.5, amount: 10, validityPeriod: '30 days', regions: ['US'], countrySelection: 'Country', protocols: true, ipDuration: '30 days', availability: '99.9%' }],
          },
        });
      }),
    );
    const { user } = renderAt('/', <PricingSection />);
    const tabs = screen.getByRole('tablist', { name: 'Proxy type' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Premium Residential', 'Residential Proxies', 'Static Residential', 'LTE Mobile', 'Datacenter IPv4', 'Datacenter IPv6',
    ]);
    expect(await screen.findByTestId('pricing-desktop')).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Static Residential' }));
    expect(await screen.findByRole('heading', { name: 'Static 10' })).toBeInTheDocument();
    expect(screen.getByText('/piece')).toBeInTheDocument();
    // the plan's real period, 'Unknown' only without one
    expect(screen.getByText('Validity').nextElementSibling).toHaveTextContent('30 days');
    expect(screen.queryByText('Unknown')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pricing-mobile')).not.toBeInTheDocument();
  });
});

describe('FAQ accordion', () => {
  it('opens one item at a time, or none', async () => {
    const { user } = renderAt('/', <FaqAccordion items={FAQ_ITEMS.slice(0, 3)} />);
    const [first, second] = screen.getAllByRole('button');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    await user.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region')).toHaveTextContent(FAQ_ITEMS[0]!.answer);
    await user.click(second!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    await user.click(second!);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });
});

describe('404 page', () => {
  it('says Page not found. and offers the way back', async () => {
    const { user } = renderAt('/definitely/missing');
    expect(await screen.findByRole('heading', { name: 'Page not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const links = screen.getByRole('navigation', { name: 'Helpful links' });
    expect(within(links).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(within(links).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(within(links).getByRole('link', { name: 'User guide' })).toHaveAttribute('href', '/user&guide');
    expect(within(links).getByRole('link', { name: /Contact us/ })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('covers an unknown use case too', async () => {
    renderAt('/use-case/unknown');
    expect(await screen.findByRole('heading', { name: 'Page not found.' })).toBeInTheDocument();
  });
});

describe('landing', () => {
  it('makes every footer link and the FAQ page link a 24 × 24 px tap target at least', async () => {
    renderAt('/');
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer).getAllByRole('link');
    expect(links.length).toBeGreaterThan(15);
    for (const link of links) expect(link).toHaveClass('tap-target');
    expect(screen.getByRole('link', { name: 'FAQ page' })).toHaveClass('tap-target');
  });

  it("keeps the hero's columns inside the page padding (a single minmax(0, 1fr) column below lg)", async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    // jsdom lays nothing out (the browser check is e2e at 375 px): without grid-cols-1 the
    // implicit column is auto-sized and the code sample's min-content width pushes it to the edge
    expect(screen.getByTestId('hero-grid')).toHaveClass('grid', 'grid-cols-1', 'lg:grid-cols-2');
  });

  it('renders every block with the SPEC figures', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /52\+ million IPs/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Explore All 195\+ Countries/ })).toHaveAttribute('href', '/location');
    const continents = screen.getByRole('tablist', { name: 'Continents' });
    expect(within(continents).getAllByRole('tab')).toHaveLength(6);
    expect(screen.getByRole('img', { name: /4\.5/ })).toBeInTheDocument();
    expect(screen.getByText('4.7')).toBeInTheDocument();
    expect(document.getElementById('pricing')).not.toBeNull();
    expect(document.getElementById('faq')).not.toBeNull();
  });
});
