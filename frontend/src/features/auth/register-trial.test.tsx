// The trial where it is promised: the register page says its limits, and a sign-up that got no
// trial is told so, and why, as soon as the account is created.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

const location = () => screen.getByTestId('location').textContent;
const boxes = () => within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');

async function signUp(trial: unknown) {
  server.use(http.post('*/api/register', () => HttpResponse.json({ message: 'Account created successfully', user: makeUser(), trial }, { status: 201 })));
  const { user } = renderAt('/register');
  await user.type(await screen.findByLabelText('Email'), 'new@example.com');
  fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123456' } });
  await user.type(screen.getByLabelText('Password'), 'Secret1!');
  await user.type(screen.getByLabelText('Confirm password'), 'Secret1!');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  await waitFor(() => expect(location()).toBe('/onboard'));
}

describe('the trial on the register page', () => {
  it('promises the trial with its limits', async () => {
    renderAt('/register');
    expect(
      await screen.findByText(
        'Free trial: 100 MB of Premium traffic for 24 hours, once you verify your email. One trial per mailbox, and a few per network each day.',
      ),
    ).toBeInTheDocument();
  });

  it('tells a sign-up refused for its network that it got no trial, and why', async () => {
    await signUp({ state: 'refused', endsAt: null, reason: 'network' });
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
    expect(await screen.findByText(/^No free trial: your network has had its free trials for today/)).toBeInTheDocument();
  });

  it('says nothing more when the trial was granted', async () => {
    await signUp({ state: 'active', endsAt: 1924084800, reason: null });
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
    expect(screen.queryByText(/^No free trial/)).not.toBeInTheDocument();
  });
});
