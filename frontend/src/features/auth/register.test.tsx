import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PostBody } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES, registerSchema } from './schemas';

const location = () => screen.getByTestId('location').textContent;
const boxes = () => within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');

function codeSent() {
  server.use(http.post('*/api/register_verification', () => HttpResponse.json({ message: 'Verification code sent to your email' })));
}

describe('register page', () => {
  afterEach(() => vi.useRealTimers());

  it('validates the email before sending a code', async () => {
    const { user } = renderAt('/register');
    await user.click(await screen.findByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
  });

  it('shows every password, confirmation and code message', async () => {
    const { user } = renderAt('/register');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.confirmRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.codeMin)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'Ab1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.passwordMin)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'abcdefgh');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.passwordRules)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret2!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.passwordsMismatch)).toBeInTheDocument();
  });

  it('names the allowed special characters under the password field', async () => {
    renderAt('/register');
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(/Allowed special characters: @\s\$\s!\s%\s\*\s\?\s&/);
    // the rule's message stays word for word
    expect(MESSAGES.passwordRules).toBe('Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character');
  });

  it('rejects characters outside letters, digits and @$!%*?&', () => {
    const result = registerSchema.safeParse({ email: 'a@b.co', code: '123456', password: 'Secret1!#', confirmPassword: 'Secret1!#' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(MESSAGES.passwordRules);
  });

  it('has the code length and digit messages', () => {
    const base = { email: 'a@b.co', password: 'Secret1!', confirmPassword: 'Secret1!' };
    const messages = (code: string) => registerSchema.safeParse({ ...base, code }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages('123')).toContain(MESSAGES.codeMin);
    expect(messages('1234567')).toContain(MESSAGES.codeMax);
    expect(messages('12a456')).toContain(MESSAGES.codeDigits);
    expect(messages('123456')).toEqual([]);
  });

  it('shows the digit message for a code with a gap', async () => {
    const { user } = renderAt('/register');
    await screen.findByRole('button', { name: 'Sign Up' });
    const [first, second, , fourth, fifth, sixth] = boxes();
    for (const [box, digit] of [[first, '1'], [second, '2'], [fourth, '4'], [fifth, '5'], [sixth, '6']] as const) {
      await user.click(box!);
      await user.keyboard(digit);
    }
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.codeDigits)).toBeInTheDocument();
  });

  it('code entry takes digits only, moves forward, goes back on Backspace and accepts a paste', async () => {
    const { user } = renderAt('/register');
    await screen.findByRole('button', { name: 'Sign Up' });
    const cells = boxes();
    expect(cells).toHaveLength(6);
    await user.click(cells[0]!);
    await user.keyboard('a');
    expect(cells[0]).toHaveValue('');
    await user.keyboard('1');
    expect(cells[0]).toHaveValue('1');
    expect(cells[1]).toHaveFocus();
    await user.keyboard('2');
    expect(cells[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(cells[1]).toHaveFocus();
    expect(cells[1]).toHaveValue('');
    await user.click(cells[0]!);
    await user.paste('654321');
    expect(cells.map((cell) => (cell as HTMLInputElement).value).join('')).toBe('654321');
    expect(cells[5]).toHaveFocus();
  });

  it('sends the code, counts down 60 seconds and then offers Resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    codeSent();
    const { user } = renderAt('/register');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Verification code sent to your email')).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Resend in 60s' });
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: /Resend in 59s/ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('toasts only the server message when the code request fails', async () => {
    server.use(
      http.post('*/api/register_verification', () =>
        HttpResponse.json({ message: 'Please wait 42 seconds before requesting a new code' }, { status: 429 }),
      ),
    );
    const { user } = renderAt('/register');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Please wait 42 seconds before requesting a new code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeEnabled();
  });

  it('registers with the ref code and lands on /onboard', async () => {
    let sent: PostBody<'/api/register'> | null = null;
    codeSent();
    server.use(
      http.post('*/api/register', async ({ request }) => {
        sent = (await request.json()) as PostBody<'/api/register'>;
        return HttpResponse.json({ message: 'Account created successfully', user: makeUser() }, { status: 201 });
      }),
    );
    const { user } = renderAt('/register?ref=FRIEND1');
    expect(await screen.findByText('FRIEND1')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123456' } });
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(location()).toBe('/onboard'));
    expect(sent).toEqual({ email: 'new@example.com', password: 'Secret1!', confirmPassword: 'Secret1!', code: '123456', refCode: 'FRIEND1' });
  });

  it('shows server field errors and the message of a bad code', async () => {
    server.use(http.post('*/api/register', () => HttpResponse.json({ message: 'Invalid or expired verification code' }, { status: 400 })));
    const { user } = renderAt('/register');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123456' } });
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Invalid or expired verification code')).toBeInTheDocument();
    expect(location()).toBe('/register');
  });

  it('redirects a signed-in visitor', async () => {
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser() })));
    renderAt('/register');
    await waitFor(() => expect(location()).toBe('/onboard'));
  });
});
