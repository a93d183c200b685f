import { screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { ACCOUNT_MESSAGES } from './schemas';
import { account, json, preloadRoutes, readKey, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, '0')}-abcd`);

describe('settings: two-factor sign-in', { timeout: 60_000 }, () => {
  it('sets up with a QR code and the key, then shows the recovery codes once', async () => {
    const state = account();
    record('post', '/api/user/2fa/setup', () =>
      json({ secret: SECRET, otpauthUrl: `otpauth://totp/ProxyShop:ada@example.com?secret=${SECRET}&issuer=ProxyShop&algorithm=SHA1&digits=6&period=30` }),
    );
    const enabled = record('post', '/api/user/2fa/enable', (body) => {
      if ((body as { code: string }).code !== '123456') return json({ message: 'Invalid code' }, 400);
      state.twoFactor = { enabled: true, recoveryCodesLeft: 10 };
      return json({ message: 'Two-factor sign-in is on', recoveryCodes: CODES });
    });
    const { user } = renderAt('/onboard/settings/security');
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }, SLOW));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.authCode)).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();
    // a pasted code replaces the whole entry
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(enabled.map((seen) => seen.body)).toEqual([{ code: '111111' }, { code: '123456' }]);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(`${CODES.join('\n')}\n`);

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();
  });

  it('turns it off with the password and a code', async () => {
    const state = account({ twoFactor: { enabled: true, recoveryCodesLeft: 2 } });
    const sent = record('post', '/api/user/2fa/disable', () => {
      state.twoFactor = { enabled: false, recoveryCodesLeft: 0 };
      return json({ message: 'Two-factor sign-in is off' });
    });
    const { user } = renderAt('/onboard/settings/security');
    expect(await screen.findByText(/2 recovery codes left\. Turn it off and on again for new codes\./, {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.disableCode)).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'Two-factor sign-in' }).closest('section')!;
    await user.type(within(card).getByLabelText('Current password'), 'Secret1!');
    await user.type(within(card).getByLabelText('Authenticator or recovery code'), 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ password: 'Secret1!', code: 'abcd-efgh-ijkl' });
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });
});

describe('settings: sessions', { timeout: 60_000 }, () => {
  it('lists the sessions with this device first and marked, ends one and all others', async () => {
    account();
    const one = record('delete', '/api/user/sessions/:id', () => json({ message: 'Session ended' }));
    const all = record('delete', '/api/user/sessions', () => json({ message: 'Other sessions ended' }));
    const { user } = renderAt('/onboard/settings/security');
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' }, SLOW);
    const rows = within(list).getAllByTestId('session-row');
    expect(rows[0]).toHaveTextContent('Chrome on Windows');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(within(rows[0]!).queryByRole('button', { name: /End/ })).not.toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent('This device');
    await user.click(within(rows[1]!).getByRole('button', { name: 'End session on Safari on iPhone' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(one[0]?.path).toBe('/api/user/sessions/h-phone');
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    expect(await screen.findByText('Other sessions ended')).toBeInTheDocument();
    expect(all).toHaveLength(1);
  });
});

describe('settings: API keys', { timeout: 60_000 }, () => {
  it('checks the form, shows the new key once, and lists it by prefix', async () => {
    const state = account();
    const created = record('post', '/api/user/api-keys', () => {
      state.keys = [readKey];
      return json({ id: 7, name: 'scraper', scopes: ['read'], key: 'psk_AbC123secretsecretsecret' }, 201);
    });
    const { user } = renderAt('/onboard/settings/api');
    expect(await screen.findByText('No API keys', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Read/ }));
    await user.type(within(dialog).getByLabelText('Allowed IPs (optional)'), '10.0.0.0/8, 300.1.1.1');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.keyName)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.keyScopes)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.keyIps)).toBeInTheDocument();
    expect(created).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'scraper');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read/ }));
    await user.clear(within(dialog).getByLabelText('Allowed IPs (optional)'));
    await user.type(within(dialog).getByLabelText('Allowed IPs (optional)'), '10.0.0.0/8, 2001:db8::1');
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'never');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByTestId('new-api-key')).toHaveTextContent('psk_AbC123secretsecretsecret');
    // a key that never expires says so with null, as the contract allows
    expect(created[0]?.body).toEqual({ name: 'scraper', scopes: ['read'], expiresAt: null, allowedIps: ['10.0.0.0/8', '2001:db8::1'], subuserId: null });
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe('psk_AbC123secretsecretsecret');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('psk_AbC123secretsecretsecret')).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('psk_AbC123…')).toBeInTheDocument();
  });

  it('revokes a key after a confirmation', async () => {
    const state = account({ keys: [readKey] });
    const revoked = record('delete', '/api/user/api-keys/:id', () => {
      state.keys = [];
      return json({ message: 'Key revoked' });
    });
    const { user } = renderAt('/onboard/settings/api');
    await user.click(await screen.findByRole('button', { name: 'Revoke scraper' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(dialog).toHaveTextContent('Programs using “scraper” stop working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Key revoked')).toBeInTheDocument();
    expect(revoked[0]?.path).toBe('/api/user/api-keys/7');
    expect(await screen.findByText('No API keys')).toBeInTheDocument();
  });
});
