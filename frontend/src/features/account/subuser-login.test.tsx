import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Subuser } from '@/lib/subusers';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { account, json, NOON, preloadRoutes, readKey, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

const base: Subuser = {
  id: 5,
  name: 'scraper1',
  type: 'premium',
  username: 'uabc-sub-scraper1',
  password: 'Pw0rdPw0rdPw0rdPw0rd',
  limitGb: null,
  usedGb: 0,
  usedBytes: 0,
  limitBytes: null,
  remainingGb: null,
  maxConnections: null,
  enabled: true,
  createdAt: NOON,
  login: null,
};

const TAKEN = 'This email already belongs to an account or to another sub-user sign-in: please enter another email';

describe('settings: sub-user sign-ins', { timeout: 60_000 }, () => {
  it('invites an email, shows the server’s refusal on the field, then the pending sign-in', async () => {
    const state = account({ subusers: { main: { username: 'uabc', maxConnections: null }, items: [base] } });
    let first = true;
    const invited = record('post', '/api/user/subusers/5/login', (body) => {
      if (first) {
        first = false;
        return json({ message: TAKEN, fields: { email: TAKEN } }, 422);
      }
      const email = (body as { email: string }).email;
      state.subusers = { ...state.subusers, items: [{ ...base, login: { email, status: 'pending' } }] };
      return json({ message: 'Invitation sent' });
    });
    const { user } = renderAt('/onboard/settings/access');
    const row = await screen.findByTestId('subuser-row', undefined, SLOW);
    await user.click(within(row).getByRole('button', { name: 'Invite to sign in to scraper1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite to sign in to scraper1' });
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email')).toBeInTheDocument();
    expect(invited).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(TAKEN)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'team@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invited).toHaveLength(2));
    expect(invited[1]?.body).toEqual({ email: 'team@example.com' });
    const login = await screen.findByTestId('subuser-login');
    expect(login).toHaveTextContent('team@example.com');
    expect(login).toHaveTextContent('Invitation pending');
  });

  it('revokes an active sign-in', async () => {
    const state = account({
      subusers: { main: { username: 'uabc', maxConnections: null }, items: [{ ...base, login: { email: 'team@example.com', status: 'active' } }] },
    });
    const revoked = record('delete', '/api/user/subusers/5/login', () => {
      state.subusers = { ...state.subusers, items: [base] };
      return json({ message: 'Sign-in revoked' });
    });
    const { user } = renderAt('/onboard/settings/access');
    const login = await screen.findByTestId('subuser-login', undefined, SLOW);
    expect(login).toHaveTextContent('Active');
    await user.click(within(login).getByRole('button', { name: 'Revoke sign-in of scraper1' }));
    await waitFor(() => expect(revoked).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Invite to sign in to scraper1' })).toBeInTheDocument();
  });

  it('shows each sub-user’s traffic and success rate from the per-credential usage and health', async () => {
    account({ subusers: { main: { username: 'uabc', maxConnections: null }, items: [base, { ...base, id: 6, name: 'idle' }] } });
    const asked: string[] = [];
    server.use(
      http.get('*/api/user/usage/breakdown', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ by: 'credential', rows: [{ key: 'scraper1', credentialKind: 'subuser', requests: 40, bytes: 2_500_000_000, bytesUp: 0, bytesDown: 2_500_000_000, notCharged: 0 }] });
      }),
      http.get('*/api/user/usage/health', () =>
        HttpResponse.json({
          by: 'credential',
          rows: [{ key: 'scraper1', credentialKind: 'subuser', connections: 40, succeeded: 38, failed: 2, successRate: 0.95, p50ConnectMs: 80, p95ConnectMs: 200, timedConnections: 40, bytes: 2_500_000_000, failuresByReason: {} }],
        }),
      ),
    );
    renderAt('/onboard/settings/access');
    const rows = await screen.findAllByTestId('subuser-health', undefined, SLOW);
    await waitFor(() => expect(rows[0]).toHaveTextContent('Last 30 days: 2.50 GB · 40 requests · success 95.0%'));
    expect(screen.getAllByTestId('subuser-health')[1]).toHaveTextContent('Last 30 days: 0 MB · 0 requests · success —');
    expect(asked[0]).toContain('by=credential');
  });

  it('makes a key limited to one sub-user and lists which one', async () => {
    const state = account({ subusers: { main: { username: 'uabc', maxConnections: null }, items: [base] } });
    const created = record('post', '/api/user/api-keys', () => {
      state.keys = [{ ...readKey, subuserId: 5, subuserName: 'scraper1' }];
      return json({ id: 7, name: 'scraper', scopes: ['read'], subuserId: 5, key: 'psk_AbC123secretsecretsecret' }, 201);
    });
    const { user } = renderAt('/onboard/settings/api');
    await user.click(await screen.findByRole('button', { name: 'Create key' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'scraper');
    await within(dialog).findByRole('option', { name: /Sub-user scraper1/ });
    await user.selectOptions(within(dialog).getByLabelText('Limited to'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.body).toMatchObject({ name: 'scraper', subuserId: 5 });
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('api-key-subuser')).toHaveTextContent('Limited to sub-user scraper1');
  });
});
