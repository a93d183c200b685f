import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES } from './schemas';

const location = () => screen.getByTestId('location').textContent;
const SLOW = { timeout: 10_000 };
const SET = 'Your password is set: sign in with your email and password';
const TOKEN = 'a'.repeat(32);

beforeAll(() => preloadRoutes('invitation'));

describe('the invitation page of a sub-user sign-in', { timeout: 60_000 }, () => {
  it('checks the password, sends it with the link’s email and token, and goes to the sign-in', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/invitation/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: SET });
      }),
    );
    const { user } = renderAt(`/invitation?email=team%2B1%40example.com&token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Set your password' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('team+1@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(MESSAGES.passwordMin)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(bodies).toEqual([{ email: 'team+1@example.com', token: TOKEN, password: 'Secret1!', confirmPassword: 'Secret1!' }]);
    expect(await screen.findByText(SET)).toBeInTheDocument();
  });

  it('says so when the link lacks its token', async () => {
    renderAt('/invitation?email=a%40example.com');
    expect(await screen.findByText(/This invitation link is incomplete/, undefined, SLOW)).toBeInTheDocument();
  });
});
