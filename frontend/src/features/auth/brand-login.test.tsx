import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const SLOW = { timeout: 10_000 };
const ACME: Schemas['PublicBrand'] = { slug: 'acme', name: 'Acme Proxies', colour: '#1a73e8', supportEmail: 'help@acme.example', supportUrl: 'https://acme.example/help', logoUrl: null };

beforeAll(async () => {
  await preloadRoutes('dashboard-layout');
  await import('./routes/brand-login');
});

const location = () => screen.getByTestId('location').textContent;

describe('the branded sign-in page', { timeout: 30_000 }, () => {
  it('says so for a slug no reseller holds', async () => {
    server.use(http.get('*/api/brands/nobody', () => HttpResponse.json({ message: 'Brand not found' }, { status: 404 })));
    renderAt('/r/nobody');
    expect(await screen.findByRole('heading', { name: 'No such brand' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/No provider signs in at \/r\/nobody/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows the brand and its support, signs in with the brand and goes to the dashboard', async () => {
    const posted: unknown[] = [];
    let signedIn = false;
    const client = makeUser({ email: 'c@client.test', resellerClient: true, brand: ACME });
    server.use(
      http.get('*/api/brands/acme', () => HttpResponse.json(ACME)),
      http.get('*/api/getuserinfo', () => HttpResponse.json({ user: signedIn ? client : null })),
      http.get('*/api/client/catalogue', () => HttpResponse.json({ message: 'Your provider does not sell traffic here: ask your provider' }, { status: 403 })),
      http.get('*/api/user/get_starts', () => HttpResponse.json({ premiumStat: null, budgetStat: null })),
      http.post('*/api/login', async ({ request }) => {
        const body = await request.json();
        posted.push(body);
        if ((body as { password: string }).password !== 'Right1!') return HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 });
        signedIn = true;
        return HttpResponse.json({ message: 'Login successful', user: client });
      }),
    );
    const { user } = renderAt('/r/acme');
    expect(await screen.findByRole('heading', { name: 'Sign in to Acme Proxies' }, SLOW)).toBeInTheDocument();
    expect(within(screen.getByTestId('brand-mark')).getByText('Acme Proxies')).toBeInTheDocument();
    const support = screen.getByTestId('brand-support');
    expect(within(support).getByRole('link', { name: 'help@acme.example' })).toHaveAttribute('href', 'mailto:help@acme.example');
    expect(within(support).getByRole('link', { name: 'Support page' })).toHaveAttribute('href', 'https://acme.example/help');
    // the shop's sign-up is not offered here
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'c@client.test');
    await user.type(screen.getByLabelText('Password'), 'Wrong1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Right1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/onboard'));
    expect(posted).toEqual([
      { email: 'c@client.test', password: 'Wrong1!', brand: 'acme' },
      { email: 'c@client.test', password: 'Right1!', brand: 'acme' },
    ]);
  });
});
