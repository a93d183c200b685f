import { screen, waitFor, within } from '@testing-library/react';
import { RULE_MESSAGES } from '@/lib/form-rules';
import { renderAt } from '@/test/render';
import { account, json, preloadRoutes, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

async function typeCode(user: ReturnType<typeof renderAt>['user'], code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
}

describe('settings: email and password', { timeout: 60_000 }, () => {
  it('changes the email with the mailed code and shows the new address', async () => {
    const state = account();
    const asked = record('post', '/api/user/email', () => json({ message: 'We sent a code to ada@new.example' }));
    const confirmed = record('post', '/api/user/email/confirm', (body) => {
      if ((body as { code: string }).code !== '123456') return json({ message: 'Invalid or expired code' }, 400);
      state.user = { ...state.user, email: 'ada@new.example' };
      return json({ message: 'Email changed', user: state.user });
    });
    const { user } = renderAt('/onboard/settings/account');
    await user.click(await screen.findByRole('button', { name: 'Send code' }, SLOW));
    expect(await screen.findByText(RULE_MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New email'), 'ada@new.example');
    const emailCard = screen.getByRole('heading', { name: 'Email' }).closest('section')!;
    await user.type(within(emailCard).getByLabelText('Current password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to ada@new.example')).toBeInTheDocument();
    expect(asked[0]?.body).toEqual({ newEmail: 'ada@new.example', password: 'Secret1!' });

    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText(RULE_MESSAGES.codeMin)).toBeInTheDocument();
    await typeCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('Email changed')).toBeInTheDocument();
    expect(confirmed.map((seen) => seen.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
    await waitFor(() => expect(within(emailCard).getByText('ada@new.example')).toBeInTheDocument());
  });

  it('refuses the current address and shows a taken address on its field', async () => {
    account();
    const taken = 'This email is already registered';
    const asked = record('post', '/api/user/email', () => json({ message: taken, fields: { newEmail: taken } }, 409));
    const { user } = renderAt('/onboard/settings/account');
    await user.type(await screen.findByLabelText('New email', {}, SLOW), 'ADA@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This is already your email')).toBeInTheDocument();
    expect(asked).toHaveLength(0);
    await user.clear(screen.getByLabelText('New email'));
    await user.type(screen.getByLabelText('New email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(taken, { selector: 'p[id]' })).toBeInTheDocument();
  });

  it('checks the new password with the registration rules', async () => {
    account();
    const sent = record('post', '/api/user/password', () => json({ message: 'unexpected' }, 500));
    const { user } = renderAt('/onboard/settings/account');
    expect(await screen.findByLabelText('New password', {}, SLOW)).toHaveAccessibleDescription(/Allowed special characters: @\s\$\s!\s%\s\*\s\?\s&/);
    await user.click(await screen.findByRole('button', { name: 'Change password' }, SLOW));
    expect(await screen.findByText(RULE_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(RULE_MESSAGES.confirmRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(RULE_MESSAGES.passwordMin)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'abcdefg');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret2!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(RULE_MESSAGES.passwordRules)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Secret3!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(RULE_MESSAGES.passwordsMismatch)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('changes the password, or shows the wrong current password', async () => {
    account();
    const sent = record('post', '/api/user/password', (body) =>
      (body as { currentPassword?: string }).currentPassword === 'Secret1!'
        ? json({ message: 'Password changed' })
        : json({ message: 'Current password is incorrect' }, 403),
    );
    const { user } = renderAt('/onboard/settings/account');
    const card = (await screen.findByRole('heading', { name: 'Password' }, SLOW)).closest('section')!;
    await user.type(within(card).getByLabelText('Current password'), 'wrong');
    await user.type(within(card).getByLabelText('New password'), 'Secret2!');
    await user.type(within(card).getByLabelText('Confirm new password'), 'Secret2!');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    await user.clear(within(card).getByLabelText('Current password'));
    await user.type(within(card).getByLabelText('Current password'), 'Secret1!');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(sent[1]?.body).toEqual({ currentPassword: 'Secret1!', newPassword: 'Secret2!', confirmPassword: 'Secret2!' });
    await waitFor(() => expect(within(card).getByLabelText('New password')).toHaveValue(''));
  });

  it('lets a Google-only account set a first password without a current one', async () => {
    account({ user: { hasPassword: false } });
    const sent = record('post', '/api/user/password', () => json({ message: 'Password changed' }));
    const { user } = renderAt('/onboard/settings/account');
    const card = (await screen.findByRole('heading', { name: 'Set a password' }, SLOW)).closest('section')!;
    expect(within(card).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(within(card).getByLabelText('New password'), 'Secret2!');
    await user.type(within(card).getByLabelText('Confirm new password'), 'Secret2!');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ newPassword: 'Secret2!', confirmPassword: 'Secret2!' });
  });
});
