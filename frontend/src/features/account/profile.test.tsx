import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { ACCOUNT_MESSAGES } from './schemas';
import { account, json, preloadRoutes, record, SLOW } from './test-support';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

beforeAll(preloadRoutes);

describe('settings: profile and photo', { timeout: 60_000 }, () => {
  it('checks the name and the phone before sending', async () => {
    account();
    const seen = record('patch', '/api/user/profile', () => json({ message: 'unexpected' }, 500));
    const { user } = renderAt('/onboard/settings/account');
    const name = await screen.findByLabelText('Full name', {}, SLOW);
    await user.clear(name);
    await user.type(screen.getByLabelText('Phone (optional)'), '4155550123');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.name)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.phone)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toHaveLength(0);
  });

  it('saves the name and phone and shows the new name in the top bar', async () => {
    const state = account();
    const seen = record('patch', '/api/user/profile', (body) => {
      const { name } = body as { name: string };
      state.user = { ...state.user, name, profile: { ...state.user.profile, name } };
      return json({ message: 'Profile updated', user: state.user });
    });
    const { user } = renderAt('/onboard/settings/account');
    const name = await screen.findByLabelText('Full name', {}, SLOW);
    expect(name).toHaveValue('Ada Lovelace');
    await user.clear(name);
    await user.type(name, '  Ada King  ');
    await user.type(screen.getByLabelText('Phone (optional)'), '+1 (415) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ name: 'Ada King', phone: '+14155550123' });
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(within(banner).getByRole('button', { name: /Ada King/ })).toBeInTheDocument());
  });

  it('shows the server’s field errors under their fields', async () => {
    account();
    const taken = 'This phone number is used by another account';
    record('patch', '/api/user/profile', () => json({ message: taken, fields: { phone: taken } }, 422));
    const { user } = renderAt('/onboard/settings/account');
    await user.type(await screen.findByLabelText('Phone (optional)', {}, SLOW), '+4930123456');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(taken, { selector: 'p[id]' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a photo over 2 MB and a text file named .png without sending them', async () => {
    account();
    const seen = record('post', '/api/user/avatar', () => json({ message: 'unexpected' }, 500));
    const { user } = renderAt('/onboard/settings/account');
    const input = await screen.findByLabelText('Choose a photo', {}, SLOW);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText(ACCOUNT_MESSAGES.imageSize)).toBeInTheDocument();
    await user.upload(input, new File(['hello, not an image'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.imageType)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the new photo' })).not.toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('previews a PNG, uploads it as `file`, shows it in the top bar, then deletes it', async () => {
    const state = account();
    // jsdom's FormData does not survive Node's fetch as multipart, so the part is checked where it is built
    const append = vi.spyOn(FormData.prototype, 'append');
    let posted = 0;
    server.use(
      http.post('*/api/user/avatar', async ({ request }) => {
        posted += 1;
        await request.arrayBuffer();
        state.user = { ...state.user, photoURL: '/api/avatars/abc.png', profile: { ...state.user.profile, avatarUrl: '/api/avatars/abc.png' } };
        return HttpResponse.json({ message: 'Photo updated', user: state.user });
      }),
      http.delete('*/api/user/avatar', () => {
        state.user = { ...state.user, photoURL: null, profile: { ...state.user.profile, avatarUrl: null } };
        return HttpResponse.json({ message: 'Photo removed', user: state.user });
      }),
    );
    const { user } = renderAt('/onboard/settings/account');
    expect(await screen.findByRole('button', { name: 'Delete' }, SLOW)).toBeDisabled();
    const photo = new File([PNG], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose a photo'), photo);
    const preview = await screen.findByRole('img', { name: 'Preview of the new photo' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await user.click(screen.getByRole('button', { name: 'Save photo' }));
    expect(await screen.findByText('Photo updated')).toBeInTheDocument();
    expect(posted).toBe(1);
    expect(append).toHaveBeenCalledWith('file', photo);
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(banner.querySelector('img')).toHaveAttribute('src', '/api/avatars/abc.png'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Photo removed')).toBeInTheDocument();
    await waitFor(() => expect(banner.querySelector('img')).toBeNull());
  });

  it('shows the server’s upload refusal', async () => {
    account();
    record('post', '/api/user/avatar', () => json({ message: ACCOUNT_MESSAGES.imageType }, 415));
    const { user } = renderAt('/onboard/settings/account');
    await user.upload(await screen.findByLabelText('Choose a photo', {}, SLOW), new File([PNG], 'me.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Save photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.imageType);
  });
});
