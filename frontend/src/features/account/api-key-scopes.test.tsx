import { screen, within } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { account, json, preloadRoutes, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

async function scopesOffered() {
  const { user } = renderAt('/onboard/settings/api');
  await user.click(await screen.findByRole('button', { name: 'Create key' }, SLOW));
  const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
  return { user, dialog, names: within(dialog).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).value) };
}

describe('the API key scopes', { timeout: 60_000 }, () => {
  it('offers resell to an enabled reseller, and sends it', async () => {
    account({ user: { reseller: true } });
    const created = record('post', '/api/user/api-keys', () => json({ id: 3, name: 'console', scopes: ['resell'], key: 'psk_Resell123secretsecret' }, 201));
    const { user, dialog, names } = await scopesOffered();
    expect(names).toEqual(['read', 'generate', 'buy', 'resell']);
    await user.type(within(dialog).getByLabelText('Name'), 'console');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Resell/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('dialog', { name: 'Your new API key' })).toBeInTheDocument();
    expect(created[0]?.body).toMatchObject({ name: 'console', scopes: ['resell'] });
  });

  it('does not offer resell to a customer', async () => {
    account();
    const { names } = await scopesOffered();
    expect(names).toEqual(['read', 'generate', 'buy']);
  });

  it('offers a reseller’s client only read and generate', async () => {
    account({ user: { resellerClient: true } });
    const { names } = await scopesOffered();
    expect(names).toEqual(['read', 'generate']);
  });
});
