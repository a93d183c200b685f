// The free trial on the public pages (issue 10): what it is, from GET /api/config `trialMb`; no
// promise at all when it is 0 ("Get started" instead); "Go to dashboard" for signed-in visitors.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { trialFor } from '@/lib/trial';

beforeAll(async () => {
  await Promise.all([import('@/features/marketing/routes/landing'), import('@/features/marketing/routes/faqs'), import('@/features/auth/routes/register')]);
});

function config(trialMb?: number) {
  server.use(http.get('*/api/config', () => HttpResponse.json(trialMb === undefined ? { googleClientId: null } : { googleClientId: null, trialMb })));
}

const header = () => screen.getByRole('banner');
const hero = () => screen.getByRole('heading', { level: 1 }).closest('section')!;
const footer = () => screen.getByRole('contentinfo');

describe('free trial', () => {
  it('says what the trial is on the landing, in the header link and in the FAQ', async () => {
    config(100);
    const { user } = renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(await within(hero()).findByTestId('trial-summary')).toHaveTextContent('Free trial: 100 MB of Premium traffic for 24 hours');
    expect(await within(hero()).findByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
    expect(within(hero()).getByText('Free trial')).toBeInTheDocument();
    expect(await within(header()).findByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('title', 'Free trial: 100 MB of Premium traffic for 24 hours');
    await user.click(screen.getByRole('button', { name: 'Is there a free trial?' }));
    expect(screen.getByText(/Every new account gets 100 MB of Premium Residential traffic, valid for 24 hours/)).toBeInTheDocument();
  });

  it('stops promising a trial when trialMb is 0: the buttons read Get started', async () => {
    config(0);
    renderAt('/');
    expect(await within(hero()).findByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    expect(within(header()).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    expect(within(footer()).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('trial-summary')).not.toBeInTheDocument();
    expect(screen.queryByText(/free trial/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Is there a free trial?' })).not.toBeInTheDocument();
  });

  it('leaves the trial out of the FAQ page and the sign-up page when there is none', async () => {
    config(0);
    renderAt('/faqs');
    expect(await screen.findByText('Billing, protocols and targeting in one place.')).toBeInTheDocument();
    expect(screen.queryByText(/trial/i)).not.toBeInTheDocument();
  });

  it('tells new customers what the trial is on the sign-up page', async () => {
    config(250);
    renderAt('/register');
    expect(await screen.findByText('Free trial: 250 MB of Premium traffic for 24 hours, once you verify your email. One trial per mailbox, and a few per network each day.')).toBeInTheDocument();
  });

  it('shows signed-in visitors Go to dashboard where guests see Start Free Trial', async () => {
    config(100);
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser() })));
    renderAt('/');
    expect(await within(header()).findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/onboard');
    expect(within(hero()).getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/onboard');
    expect(within(footer()).getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/onboard');
    expect(screen.getAllByRole('link', { name: 'Go to dashboard' }).length).toBeGreaterThanOrEqual(4);
    expect(screen.queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('reads the amount from the config, 100 MB when the server does not say', () => {
    expect(trialFor({ googleClientId: null, topUps: true, slaPercent: 99.96, slaMinCredit: 1, refunds: { days: 7, maxUsedPercent: 10, pieceHours: 24 }, currencies: [] }).summary).toBe('Free trial: 100 MB of Premium traffic for 24 hours');
    expect(trialFor({ googleClientId: null, topUps: true, trialMb: 2000, slaPercent: 99.96, slaMinCredit: 1, refunds: { days: 7, maxUsedPercent: 10, pieceHours: 24 }, currencies: [] }).amount).toBe('2 GB');
    expect(trialFor({ googleClientId: null, topUps: true, trialMb: 1500, slaPercent: 99.96, slaMinCredit: 1, refunds: { days: 7, maxUsedPercent: 10, pieceHours: 24 }, currencies: [] }).amount).toBe('1500 MB');
    expect(trialFor({ googleClientId: null, topUps: true, trialMb: 0, slaPercent: 99.96, slaMinCredit: 1, refunds: { days: 7, maxUsedPercent: 10, pieceHours: 24 }, currencies: [] }).offered).toBe(false);
  });
});
