import { screen, waitFor, within } from '@testing-library/react';
import type { Subuser } from '@/lib/subusers';
import { renderAt } from '@/test/render';
import { ACCOUNT_MESSAGES, isConnectionCap, isGbCap } from './schemas';
import { account, json, NOON, preloadRoutes, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

const scraper: Subuser = {
  id: 5,
  name: 'scraper1',
  type: 'budget',
  username: 'uabc-sub-scraper1',
  password: 'Pw0rdPw0rdPw0rdPw0rd',
  limitGb: 2,
  usedGb: 0.5,
  usedBytes: 500_000_000,
  limitBytes: 2_000_000_000,
  remainingGb: 1.5,
  maxConnections: 20,
  enabled: true,
  createdAt: NOON,
};

describe('the sub-user cap checks', () => {
  it('take an empty field or a positive amount of at most 2 decimals', () => {
    expect(isGbCap('')).toBe(true);
    expect(isGbCap('0.5')).toBe(true);
    expect(isGbCap('100000')).toBe(true);
    expect(isGbCap('0')).toBe(false);
    expect(isGbCap('1.005')).toBe(false);
    expect(isGbCap('100000.01')).toBe(false);
    expect(isConnectionCap('10000')).toBe(true);
    expect(isConnectionCap('0')).toBe(false);
    expect(isConnectionCap('2.5')).toBe(false);
  });
});

describe('settings: sub-users', { timeout: 60_000 }, () => {
  it('lists the sub-users with their credentials and use, and adds one after checking the form', async () => {
    const state = account({ subusers: { main: { username: 'uabc', maxConnections: null }, items: [scraper] } });
    const added = record('post', '/api/user/subusers', (body) => {
      const created = { ...scraper, id: 6, name: 'team', type: 'premium', username: 'uabc-sub-team', limitGb: null, limitBytes: null, remainingGb: null, usedGb: 0, maxConnections: null, ...(body as object) } as Subuser;
      state.subusers = { ...state.subusers, items: [...state.subusers.items, created] };
      return json(created, 201);
    });
    const { user } = renderAt('/onboard/settings/access');
    const list = await screen.findByRole('list', { name: 'Sub-users' }, SLOW);
    const [row] = within(list).getAllByTestId('subuser-row');
    expect(row).toHaveTextContent('scraper1');
    expect(row).toHaveTextContent('Budget');
    expect(row).toHaveTextContent('uabc-sub-scraper1');
    expect(row).toHaveTextContent('Pw0rdPw0rdPw0rdPw0rd');
    expect(row).toHaveTextContent('500 MB of 2.00 GB');
    expect(row).toHaveTextContent('Max 20 connections');
    expect(within(row!).getByRole('progressbar', { name: 'Traffic used by scraper1' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(row!).getByRole('switch', { name: 'scraper1 enabled' })).toBeChecked();
    expect(within(row!).getByRole('button', { name: 'Copy password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add sub-user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add sub-user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Team-1');
    await user.type(within(dialog).getByLabelText('Traffic cap in GB (optional)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add sub-user' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.subuserName)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.subuserLimitGb)).toBeInTheDocument();
    expect(added).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'team');
    await user.clear(within(dialog).getByLabelText('Traffic cap in GB (optional)'));
    await user.type(within(dialog).getByLabelText('Max connections (optional)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add sub-user' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]?.body).toEqual({ name: 'team', type: 'premium', limitGb: null, maxConnections: 5 });
    await waitFor(() => expect(within(list).getAllByTestId('subuser-row')).toHaveLength(2));
    expect(within(list).getAllByTestId('subuser-row')[1]).toHaveTextContent('0 MB used · no cap');
  });

  it('shows a taken name on the field', async () => {
    account();
    record('post', '/api/user/subusers', () => json({ message: 'A sub-user with this name already exists' }, 409));
    const { user } = renderAt('/onboard/settings/access');
    expect(await screen.findByText('No sub-users', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add sub-user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add sub-user' });
    await user.type(within(dialog).getByLabelText('Name'), 'team');
    await user.click(within(dialog).getByRole('button', { name: 'Add sub-user' }));
    expect(await screen.findByText('A sub-user with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add sub-user' })).toBeInTheDocument();
  });

  it('switches one off, edits its caps, resets its password and deletes it', async () => {
    const state = account({ subusers: { main: { username: 'uabc', maxConnections: null }, items: [scraper] } });
    const changes = record('patch', '/api/user/subusers/:id', (body) => {
      const changed = { ...state.subusers.items[0], ...(body as object) } as Subuser;
      state.subusers = { ...state.subusers, items: [changed] };
      return json(changed);
    });
    const deleted = record('delete', '/api/user/subusers/:id', () => {
      state.subusers = { ...state.subusers, items: [] };
      return json({ message: 'Sub-user deleted' });
    });
    const { user } = renderAt('/onboard/settings/access');
    const toggle = await screen.findByRole('switch', { name: 'scraper1 enabled' }, SLOW);
    await user.click(toggle);
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ path: '/api/user/subusers/5', body: { enabled: false } });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'scraper1 enabled' })).not.toBeChecked());

    await user.click(screen.getByRole('button', { name: 'Edit scraper1' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit scraper1' });
    expect(within(edit).getByLabelText('Traffic cap in GB (optional)')).toHaveValue('2');
    await user.clear(within(edit).getByLabelText('Traffic cap in GB (optional)'));
    await user.clear(within(edit).getByLabelText('Max connections (optional)'));
    await user.type(within(edit).getByLabelText('Max connections (optional)'), '8');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]?.body).toEqual({ limitGb: null, maxConnections: 8 });

    await user.click(screen.getByRole('button', { name: 'Reset password of scraper1' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset password' });
    await user.click(within(reset).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(changes).toHaveLength(3));
    expect(changes[2]?.body).toEqual({ resetPassword: true });

    await user.click(screen.getByRole('button', { name: 'Delete scraper1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete sub-user' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]?.path).toBe('/api/user/subusers/5');
    expect(await screen.findByText('No sub-users')).toBeInTheDocument();
  });

  it('says "connection" for a cap of one', async () => {
    account({ subusers: { main: { username: 'uabc', maxConnections: null }, items: [{ ...scraper, maxConnections: 1 }] } });
    renderAt('/onboard/settings/access');
    const list = await screen.findByRole('list', { name: 'Sub-users' }, SLOW);
    expect(within(list).getByText('Max 1 connection')).toBeInTheDocument();
  });

  it("sets the main credential's connection cap", async () => {
    const state = account();
    const saved = record('put', '/api/user/proxy_settings', (body) => {
      const main = { username: 'uabc', ...(body as { maxConnections: number | null }) };
      state.subusers = { ...state.subusers, main };
      return json(main);
    });
    const { user } = renderAt('/onboard/settings/access');
    const form = await screen.findByRole('form', { name: 'Main account' }, SLOW);
    expect(form).toHaveTextContent('uabc');
    const field = within(form).getByLabelText('Max connections');
    await user.type(field, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.subuserMaxConnections)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '100');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ maxConnections: 100 });
  });
});
