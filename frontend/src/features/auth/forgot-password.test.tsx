import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES } from './schemas';

const location = () => screen.getByTestId('location').textContent;
const SLOW = { timeout: 10_000 };
const SENT = 'If an account exists for this email, we sent a code to reset the password.';

beforeAll(() => preloadRoutes('forgot-password'));

function forgot() {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/password/forgot', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ message: SENT });
    }),
  );
  return bodies;
}

async function typeCode(user: ReturnType<typeof renderAt>['user'], code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
}

describe('forgot password', { timeout: 60_000 }, () => {
  it('is linked from the login page', async () => {
    const { user } = renderAt('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }, SLOW));
    await waitFor(() => expect(location()).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Reset your password' }, SLOW)).toBeInTheDocument();
  });

  it('checks every field, resets the password and signs in', async () => {
    const asked = forgot();
    const resets: unknown[] = [];
    server.use(
      http.post('*/api/password/reset', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        resets.push(body);
        if (body.code !== '123456') return HttpResponse.json({ message: 'Invalid or expired code' }, { status: 400 });
        return HttpResponse.json({ message: 'Password reset', user: makeUser() });
      }),
    );
    const { user } = renderAt('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset code' }, SLOW));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText(SENT, {}, SLOW)).toBeInTheDocument();
    expect(asked).toEqual([{ email: 'ada@example.com' }]);

    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Allowed special characters: @\s\$\s!\s%\s\*\s\?\s&/);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.codeMin)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.confirmRequired)).toBeInTheDocument();
    await typeCode(user, '654321');
    await user.type(screen.getByLabelText('New password'), 'secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret2!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordRules)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordsMismatch)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Invalid or expired code', {}, SLOW)).toBeInTheDocument();
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toBe('/onboard'), SLOW);
    expect(resets).toEqual([
      { email: 'ada@example.com', code: '654321', password: 'Secret1!', confirmPassword: 'Secret1!' },
      { email: 'ada@example.com', code: '123456', password: 'Secret1!', confirmPassword: 'Secret1!' },
    ]);
  });

  it('replaces the "If an account exists…" toast with "Password reset" instead of stacking behind it', async () => {
    forgot();
    server.use(http.post('*/api/password/reset', () => HttpResponse.json({ message: 'Password reset', user: makeUser() })));
    const { toast } = await import('sonner');
    const idOf = (title: string) => toast.getToasts().find((item) => 'title' in item && item.title === title)?.id;
    const { user } = renderAt('/forgot-password');
    await user.type(await screen.findByLabelText('Email', {}, SLOW), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText(SENT, { selector: '[data-sonner-toast] *' }, SLOW)).toBeInTheDocument();
    const sent = idOf(SENT);
    expect(sent).toBeDefined();
    await typeCode(user, '123456');
    await user.type(screen.getByLabelText('New password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toBe('/onboard'), SLOW);
    expect(await screen.findByText('Password reset', { selector: '[data-sonner-toast] *' }, SLOW)).toBeInTheDocument();
    // the code request's toast, now saying the password was reset: the stale text is gone
    expect(idOf('Password reset')).toBe(sent);
    expect(screen.queryByText(SENT, { selector: '[data-sonner-toast] *' })).not.toBeInTheDocument();
  });

  it('continues on the two-factor step when the account has it on', async () => {
    forgot();
    server.use(http.post('*/api/password/reset', () => HttpResponse.json({ twoFactorRequired: true, method: 'totp' })));
    const { user } = renderAt('/forgot-password');
    await user.type(await screen.findByLabelText('Email', {}, SLOW), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await typeCode(user, '123456');
    await user.type(await screen.findByLabelText('New password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toBe('/login'), SLOW);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' }, SLOW)).toBeInTheDocument();
  });
});
