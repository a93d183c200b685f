import { screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '@/test/render';
import type { AllowablePiece } from './api/own-pieces';
import type { AllowlistEntry } from './api/allowlist';
import { ACCOUNT_MESSAGES, isAllowlistRange } from './schemas';
import { account, json, NOON, preloadRoutes, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

const office: AllowlistEntry = {
  id: 3,
  ip: '203.0.113.0/24',
  type: 'premium',
  pieceId: null,
  country: 'us',
  state: null,
  city: null,
  rotation: 'sticky',
  createdAt: NOON,
};

const LATER = Math.floor(Date.now() / 1000) + 30 * 86_400;
const piece = (id: number, type: AllowablePiece['type'], host: string, port: number, username: string, expiresAt = LATER): AllowablePiece => ({
  id,
  type,
  host,
  port,
  username,
  expiresAt,
});
const pieces = [
  piece(21, 'ipv4', '198.51.100.20', 8000, 'pcdc0021'),
  piece(22, 'ipv4', '198.51.100.22', 8000, 'pcdc0022'),
  piece(23, 'ipv4', '198.51.100.23', 8000, 'pcdc0023', NOON),
  piece(31, 'static', '192.0.2.31', 9000, 'pcst0031'),
];

describe('the allowlist range check', () => {
  it('takes addresses and ranges no wider than /24 or /48', () => {
    expect(isAllowlistRange('203.0.113.7')).toBe(true);
    expect(isAllowlistRange(' 203.0.113.0/24 ')).toBe(true);
    expect(isAllowlistRange('203.0.0.0/16')).toBe(false);
    expect(isAllowlistRange('2a00:1450:1::/48')).toBe(true);
    expect(isAllowlistRange('2a00:1450::/32')).toBe(false);
    expect(isAllowlistRange('nope')).toBe(false);
  });
});

describe('settings: IP allowlist', { timeout: 60_000 }, () => {
  it('lists the entries, adds one after checking the form, and removes one', async () => {
    const state = account({ allowlist: [office] });
    const added = record('post', '/api/user/allowlist', (body) => {
      const entry = { ...office, id: 4, ...(body as object), ip: '198.51.100.7', state: null, city: null, pieceId: null };
      state.allowlist = [...state.allowlist, entry];
      return json(entry, 201);
    });
    const removed = record('delete', '/api/user/allowlist/:id', () => {
      state.allowlist = state.allowlist.filter((entry) => entry.id !== 3);
      return json({ message: 'Address removed' });
    });
    const { user } = renderAt('/onboard/settings/access');
    const list = await screen.findByRole('list', { name: 'Allowlisted addresses' }, SLOW);
    const [row] = within(list).getAllByTestId('allowlist-row');
    expect(row).toHaveTextContent('203.0.113.0/24');
    expect(row).toHaveTextContent('Premium Residential · US · Sticky');

    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allowlist an address' });
    await user.type(within(dialog).getByLabelText('IP address or range'), '198.51.0.0/16');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.allowlistIp)).toBeInTheDocument();
    expect(added).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('IP address or range'));
    await user.type(within(dialog).getByLabelText('IP address or range'), '198.51.100.7');
    await user.selectOptions(within(dialog).getByLabelText('Proxy type'), 'budget');
    await user.type(within(dialog).getByLabelText('Country (optional)'), 'DE');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]?.body).toEqual({ ip: '198.51.100.7', type: 'budget', rotation: 'random', country: 'de' });
    await waitFor(() => expect(within(list).getAllByTestId('allowlist-row')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Remove 203.0.113.0/24' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove address' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toHaveLength(1));
    expect(removed[0]?.path).toBe('/api/user/allowlist/3');
    await waitFor(() => expect(within(list).getAllByTestId('allowlist-row')).toHaveLength(1));
  });

  it('shows the server refusal of a taken address on the field', async () => {
    account();
    record('post', '/api/user/allowlist', () => json({ message: 'This address is already allowlisted' }, 409));
    const { user } = renderAt('/onboard/settings/access');
    expect(await screen.findByText('No allowlisted addresses', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allowlist an address' });
    await user.type(within(dialog).getByLabelText('IP address or range'), '203.0.113.9');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(await screen.findAllByText('This address is already allowlisted')).not.toHaveLength(0);
  });

  it('adds an entry for one of the live pieces of a kind, without targeting, and lists it with its piece', async () => {
    const state = account({ allowlist: [office], pieces });
    let refuse = true;
    const added = record('post', '/api/user/allowlist', () => {
      if (refuse) {
        refuse = false;
        const message = 'Please choose one of your proxies of this type';
        return json({ message, fields: { pieceId: message } }, 422);
      }
      const entry: AllowlistEntry = { ...office, id: 4, ip: '198.51.100.7', type: 'ipv4', pieceId: 22, country: null, rotation: 'random' };
      state.allowlist = [...state.allowlist, entry];
      return json(entry, 201);
    });
    const { user } = renderAt('/onboard/settings/access');
    const list = await screen.findByRole('list', { name: 'Allowlisted addresses' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allowlist an address' });
    await user.type(within(dialog).getByLabelText('IP address or range'), '198.51.100.7');
    await user.selectOptions(within(dialog).getByLabelText('Proxy type'), 'ipv4');

    // the targeting is Premium and Budget's; a piece kind offers its live pieces, passwords left out
    const choice = await within(dialog).findByLabelText('Proxy');
    expect(within(dialog).queryByLabelText('Rotation')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Country (optional)')).not.toBeInTheDocument();
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a proxy',
      '198.51.100.20:8000:pcdc0021',
      '198.51.100.22:8000:pcdc0022',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.allowlistPiece)).toBeInTheDocument();
    expect(added).toHaveLength(0);

    // the server's refusal shows under the choice
    await user.selectOptions(choice, '198.51.100.22:8000:pcdc0022');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]?.body).toEqual({ ip: '198.51.100.7', type: 'ipv4', pieceId: 22 });
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.allowlistPiece)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(added).toHaveLength(2));
    await waitFor(() => expect(within(list).getAllByTestId('allowlist-row')).toHaveLength(2));
    const row = within(list).getAllByTestId('allowlist-row')[1]!;
    expect(row).toHaveTextContent('198.51.100.7');
    expect(row).toHaveTextContent('Datacenter IPv4 · 198.51.100.22:8000:pcdc0022 · Added');
    expect(row).not.toHaveTextContent('secret22');
  });

  it('says so when the customer has no live piece of the kind, and adds nothing', async () => {
    account({ pieces });
    const added = record('post', '/api/user/allowlist', () => json({}, 201));
    const { user } = renderAt('/onboard/settings/access');
    expect(await screen.findByText('No allowlisted addresses', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allowlist an address' });
    await user.type(within(dialog).getByLabelText('IP address or range'), '198.51.100.7');
    await user.selectOptions(within(dialog).getByLabelText('Proxy type'), 'lte');

    expect(await within(dialog).findByText(/You have no LTE Mobile proxies\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Buy one' })).toHaveAttribute('href', '/onboard/lte-proxy');
    expect(within(dialog).queryByLabelText('Proxy')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add address' })).toBeDisabled();

    // back to a kind with pieces, the choice comes back
    await user.selectOptions(within(dialog).getByLabelText('Proxy type'), 'static');
    expect(await within(dialog).findByLabelText('Proxy')).toBeInTheDocument();
    expect(within(dialog).queryByText(/You have no/)).not.toBeInTheDocument();
    expect(added).toHaveLength(0);
  });
});
