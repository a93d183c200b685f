import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { TWO_FACTOR_MESSAGES } from './schemas';

const location = () => screen.getByTestId('location').textContent;
const SLOW = { timeout: 10_000 };

function challenge(method: 'totp' | 'email' = 'totp') {
  server.use(http.post('*/api/login', () => HttpResponse.json({ twoFactorRequired: true, method })));
}

async function signInWithPassword(user: ReturnType<typeof renderAt>['user']) {
  await user.type(await screen.findByLabelText('Email', {}, SLOW), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret1!');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' }, SLOW)).toBeInTheDocument();
}

describe('login: two-factor step', { timeout: 60_000 }, () => {
  it('asks for the app code after the password and signs in with it', async () => {
    challenge();
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/login/2fa', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        sent.push(body);
        if (body.code !== '123456') return HttpResponse.json({ message: 'Invalid code' }, { status: 400 });
        return HttpResponse.json({ message: 'Logged in successfully', user: makeUser() });
      }),
    );
    const { user } = renderAt('/login');
    await signInWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText('Invalid code', {}, SLOW)).not.toHaveLength(0);
    expect(location()).toBe('/login');
    // a pasted code replaces the whole entry
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/onboard'), SLOW);
    expect(sent).toEqual([{ code: '111111' }, { code: '123456' }]);
  });

  it('asks for the mailed code when the account is under attack, without recovery codes', async () => {
    challenge('email');
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/login/2fa', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Logged in successfully', user: makeUser() });
      }),
    );
    const { user } = renderAt('/login');
    await user.type(await screen.findByLabelText('Email', {}, SLOW), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Code from the email we sent you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/onboard'), SLOW);
    expect(sent).toEqual([{ code: '654321' }]);
  });

  it('takes a recovery code instead', async () => {
    challenge();
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/login/2fa', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Logged in successfully', user: makeUser({ role: 'admin' }) });
      }),
    );
    const { user } = renderAt('/login');
    await signInWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.recoveryRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Recovery code'), ' abcd-efgh-ijkl ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // a password sign-in: admins land on /admin
    await waitFor(() => expect(location()).toBe('/admin'), SLOW);
    expect(sent).toEqual([{ code: 'abcd-efgh-ijkl' }]);
  });

  it('starts again from the password when the pending sign-in has ended', async () => {
    challenge();
    server.use(http.post('*/api/login/2fa', () => HttpResponse.json({ message: 'Please sign in again' }, { status: 401 })));
    const { user } = renderAt('/login');
    await signInWithPassword(user);
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please sign in again', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});
