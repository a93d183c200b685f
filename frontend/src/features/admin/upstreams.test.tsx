import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { POOL_MESSAGES } from './components/upstreams/upstream-values';
import { T0, recorder, signedInAdmin } from './tests/admin-data';
import type { UpstreamPool } from './types';

function makePool(overrides: Partial<UpstreamPool> = {}): UpstreamPool {
  return {
    id: 4,
    name: 'Decodo US',
    kinds: ['premium'],
    protocol: 'http',
    host: 'gate.decodo.com',
    port: 7000,
    username: 'shopuser',
    hasPassword: true,
    usernameTemplate: 'user-{username}[-country-{country}]',
    passwordTemplate: '{password}',
    costPerGb: 1.75,
    weight: 2,
    countries: ['de', 'us'],
    active: true,
    carriedBytes: 0,
    health: {
      state: 'up',
      up: true,
      failures: 0,
      checkedAt: T0,
      lastError: null,
      traffic24hBytes: 2_500_000_000,
      connects24h: 200,
      successRate24h: 0.985,
      connectP50Ms: 140,
    },
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/upstreams')]);
});

beforeEach(() => signedInAdmin());

describe('upstream pools page', () => {
  it('lists each pool with its state, 24 h traffic, success rate, p50 connect time and cost', async () => {
    const down = makePool({
      id: 5,
      name: 'Oxylabs',
      carriedBytes: 10,
      health: { ...makePool().health, state: 'down', up: false, failures: 3, lastError: 'The pool rejected the credentials', successRate24h: null, connectP50Ms: null, connects24h: 0, traffic24hBytes: 0 },
    });
    server.use(http.get('*/api/admin/upstreams', () => HttpResponse.json({ upstreams: [makePool(), down] })));
    renderAt('/admin/upstreams');
    const row = (await screen.findByText('Decodo US', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('up')).toBeInTheDocument();
    expect(within(row).getByText('2.50 GB')).toBeInTheDocument();
    expect(within(row).getByText('98.5%')).toBeInTheDocument();
    expect(within(row).getByText('140 ms')).toBeInTheDocument();
    expect(within(row).getByText('$1.75')).toBeInTheDocument();
    const other = screen.getByText('Oxylabs').closest('tr')!;
    expect(within(other).getByText('down')).toBeInTheDocument();
    expect(within(other).getByText('3 failed: The pool rejected the credentials')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Delete Oxylabs' })).toHaveTextContent('Deactivate');
    expect(screen.queryByText(/gate\.decodo\.com/)).not.toBeInTheDocument();
  });

  it('tests a pool and shows the exit IP, or the failure in words', async () => {
    server.use(http.get('*/api/admin/upstreams', () => HttpResponse.json({ upstreams: [makePool()] })));
    const answers = [
      { ok: true, exitIp: '203.0.113.9', latencyMs: 812, error: null, up: true },
      { ok: false, exitIp: null, latencyMs: null, error: 'The pool refused the connection or could not be reached', up: true },
    ];
    const tested: string[] = [];
    server.use(
      http.post('*/api/admin/upstreams/:id/test', ({ params }) => {
        tested.push(String(params.id));
        return HttpResponse.json(answers[tested.length - 1]);
      }),
    );
    const { user } = renderAt('/admin/upstreams');
    await user.click(await screen.findByRole('button', { name: 'Test Decodo US' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Test "Decodo US"' });
    expect(await within(dialog).findByText('203.0.113.9')).toBeInTheDocument();
    expect(within(dialog).getByText('812 ms')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Test again' }));
    expect(await within(dialog).findByText('The pool refused the connection or could not be reached')).toBeInTheDocument();
    expect(tested).toEqual(['4', '4']);
  });

  it('creates a pool with a preset, the password sent once and the rules checked first', async () => {
    server.use(http.get('*/api/admin/upstreams', () => HttpResponse.json({ upstreams: [] })));
    const posted = recorder();
    server.use(
      http.post('*/api/admin/upstreams', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ upstream: makePool({ name: 'Bright' }) }, { status: 201 });
      }),
    );
    const { user } = renderAt('/admin/upstreams');
    await user.click(await screen.findByRole('button', { name: 'New pool' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'New upstream pool' });
    await user.click(within(dialog).getByLabelText('Premium'));
    await user.type(within(dialog).getByLabelText('Port'), '70000');
    await user.type(within(dialog).getByLabelText('Countries (empty: all)'), 'usa');
    await user.click(within(dialog).getByRole('button', { name: 'Create pool' }));
    expect(await within(dialog).findByText(POOL_MESSAGES.name)).toBeInTheDocument();
    expect(within(dialog).getByText(POOL_MESSAGES.kinds)).toBeInTheDocument();
    expect(within(dialog).getByText(POOL_MESSAGES.port)).toBeInTheDocument();
    expect(within(dialog).getByText(POOL_MESSAGES.countries)).toBeInTheDocument();
    expect(within(dialog).getByText(POOL_MESSAGES.host)).toBeInTheDocument();
    expect(posted.bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Bright');
    await user.click(within(dialog).getByLabelText('Budget'));
    await user.selectOptions(within(dialog).getByLabelText('Protocol'), 'socks5');
    await user.type(within(dialog).getByLabelText('Host'), 'brd.superproxy.io');
    await user.clear(within(dialog).getByLabelText('Port'));
    await user.type(within(dialog).getByLabelText('Port'), '22225');
    await user.type(within(dialog).getByLabelText('Username at the provider'), 'brd-customer-1');
    await user.type(within(dialog).getByLabelText('Password at the provider'), 'S3cret');
    await user.selectOptions(within(dialog).getByLabelText('Preset'), 'brightdata');
    await user.clear(within(dialog).getByLabelText('Countries (empty: all)'));
    await user.type(within(dialog).getByLabelText('Countries (empty: all)'), 'US, de');
    await user.type(within(dialog).getByLabelText('Cost per GB (USD)'), '4.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create pool' }));
    await waitFor(() => expect(posted.bodies).toHaveLength(1));
    expect(posted.bodies[0]).toEqual({
      name: 'Bright',
      kinds: ['budget'],
      protocol: 'socks5',
      host: 'brd.superproxy.io',
      port: 22225,
      username: 'brd-customer-1',
      password: 'S3cret',
      preset: 'brightdata',
      costPerGb: 4.5,
      weight: 1,
      countries: ['us', 'de'],
      active: true,
    });
  });

  it('edits a pool without sending the password unless a new one is typed, and clears the templates for a preset', async () => {
    server.use(http.get('*/api/admin/upstreams', () => HttpResponse.json({ upstreams: [makePool()] })));
    const patched = recorder();
    server.use(
      http.patch('*/api/admin/upstreams/:id', async ({ request }) => {
        await patched.record(request);
        return HttpResponse.json({ upstream: makePool() });
      }),
    );
    const { user } = renderAt('/admin/upstreams');
    await user.click(await screen.findByRole('button', { name: 'Edit Decodo US' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Edit pool "Decodo US"' });
    const password = within(dialog).getByLabelText('Password at the provider');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('Username template')).toHaveValue('user-{username}[-country-{country}]');
    await user.clear(within(dialog).getByLabelText('Weight'));
    await user.type(within(dialog).getByLabelText('Weight'), '5');
    await user.click(within(dialog).getByLabelText('Active (new connections may use it)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save pool' }));
    await waitFor(() => expect(patched.bodies).toHaveLength(1));
    const first = patched.bodies[0] as Record<string, unknown>;
    expect(first).not.toHaveProperty('password');
    expect(first).toMatchObject({ weight: 5, active: false, usernameTemplate: 'user-{username}[-country-{country}]', countries: ['de', 'us'] });

    await user.click(await screen.findByRole('button', { name: 'Edit Decodo US' }));
    const again = screen.getByRole('dialog', { name: 'Edit pool "Decodo US"' });
    await user.selectOptions(within(again).getByLabelText('Preset'), 'oxylabs');
    expect(within(again).getByLabelText('Username template')).toHaveValue('');
    await user.type(within(again).getByLabelText('Password at the provider'), 'N3w');
    await user.click(within(again).getByRole('button', { name: 'Save pool' }));
    await waitFor(() => expect(patched.bodies).toHaveLength(2));
    const second = patched.bodies[1] as Record<string, unknown>;
    expect(second).toMatchObject({ preset: 'oxylabs', password: 'N3w' });
    expect(second).not.toHaveProperty('usernameTemplate');
    expect(second).not.toHaveProperty('passwordTemplate');
  });
});
