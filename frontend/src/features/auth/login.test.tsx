import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PostBody } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES } from './schemas';

const location = () => screen.getByTestId('location').textContent;

describe('login page', () => {
  it('shows the title, links and no Google button when Google is not configured', async () => {
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
  });

  it('shows the Google button when the API has a client id', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json({ googleClientId: 'client-123' })));
    renderAt('/login');
    expect(await screen.findByTestId('google-sign-in')).toBeInTheDocument();
  });

  it('shows the required messages, then the invalid email message', async () => {
    const { user } = renderAt('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs a user in, toasts the server message and goes to /onboard', async () => {
    let sent: PostBody<'/api/login'> | null = null;
    server.use(
      http.post('*/api/login', async ({ request }) => {
        sent = (await request.json()) as PostBody<'/api/login'>;
        return HttpResponse.json({ message: 'Logged in successfully', user: makeUser() });
      }),
    );
    const { user } = renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/onboard'));
    expect(sent).toEqual({ email: 'ada@example.com', password: 'Secret1!' });
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
  });

  it('sends an admin to /admin after a password login', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.json({ message: 'Logged in successfully', user: makeUser({ role: 'admin' }) })));
    const { user } = renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), 'root@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/admin'));
  });

  it('toasts the server error and stays on the page', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })));
    const { user } = renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('falls back to "Something went wrong" when the error has no message', async () => {
    server.use(http.post('*/api/login', () => new HttpResponse('oops', { status: 500 })));
    const { user } = renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it.each([
    ['user', '/onboard'],
    ['admin', '/admin/dashboard'],
  ] as const)('redirects a signed-in %s to %s', async (role, target) => {
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ role }) })));
    renderAt('/login');
    await waitFor(() => expect(location()).toBe(target));
  });
});
