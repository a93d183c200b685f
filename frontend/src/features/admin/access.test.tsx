import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { makeSummary, signedInAdmin, stubResizeObserver } from './tests/admin-data';

const location = () => screen.getByTestId('location').textContent;

/** Fails the test if any /api/admin call is made. */
function refuseAdminCalls() {
  const calls = vi.fn();
  server.use(
    http.all('*/api/admin/*', ({ request }) => {
      calls(request.url);
      return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
    }),
  );
  return calls;
}

beforeAll(async () => {
  // the lazily loaded pages compile on first use; load them up front so no lookup times out
  await Promise.all([import('./components/admin-layout'), import('./routes/overview'), import('./routes/admin-not-found'), import('./components/charts')]);
});

describe('who may open the operator console', () => {
  it.each(['/admin', '/admin/dashboard', '/admin/customers/7'])('sends a guest from %s to /login without calling the admin API', async (path) => {
    const calls = refuseAdminCalls();
    renderAt(path);
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls).not.toHaveBeenCalled();
  });

  it.each(['/admin', '/admin/dashboard', '/admin/audit'])('sends a customer from %s to /onboard without calling the admin API', async (path) => {
    const calls = refuseAdminCalls();
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser() })));
    renderAt(path);
    await waitFor(() => expect(location()).toBe('/onboard'));
    expect(calls).not.toHaveBeenCalled();
  });
});

describe('console layout and overview', () => {
  beforeEach(() => {
    stubResizeObserver();
    signedInAdmin();
  });

  it.each(['/admin', '/admin/dashboard'])('shows the overview at %s with the sidebar, the admin name and the way back', async (path) => {
    const days: string[] = [];
    server.use(
      http.get('*/api/admin/summary', ({ request }) => {
        days.push(new URL(request.url).searchParams.get('days') ?? '');
        return HttpResponse.json(makeSummary());
      }),
    );
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Admin navigation' })[0]!;
    const labels = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(labels).toEqual(['Overview', 'Customers', 'Plans', 'Coupons', 'Stock', 'Upstream pools', 'Blocklist', 'Orders', 'Payments', 'Refunds', 'Payouts', 'Free trials', 'Abuse desk', 'Incidents', 'Audit log']);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('admin-name')).toHaveTextContent('Root Admin');
    expect(screen.getByRole('link', { name: 'Customer dashboard' })).toHaveAttribute('href', '/onboard');
    expect(screen.getByRole('switch', { name: 'Dark theme' })).toBeInTheDocument();
    expect(await screen.findByText('$123.45')).toBeInTheDocument();
    expect(days).toEqual(['30']);
  });

  it('links every warning to the filtered list that resolves it', async () => {
    server.use(http.get('*/api/admin/summary', () => HttpResponse.json(makeSummary({ ordersPending: 1 }))));
    renderAt('/admin');
    const warnings = await screen.findByRole('region', { name: 'Needs attention' }, { timeout: 10_000 });
    expect(within(warnings).getByText('Low stock: Static Residential has 2 entries under 5 available')).toBeInTheDocument();
    expect(within(warnings).getByRole('link', { name: 'Open Static Residential stock' })).toHaveAttribute('href', '/admin/stock?type=static');
    expect(within(warnings).getByText('1 payment is pending')).toBeInTheDocument();
    expect(within(warnings).getByRole('link', { name: 'Open pending payments' })).toHaveAttribute('href', '/admin/payments?status=pending');
    expect(within(warnings).getByRole('link', { name: 'Resolve unknown orders' })).toHaveAttribute('href', '/admin/orders?status=unknown');
    expect(within(warnings).getByRole('link', { name: 'Open pending orders' })).toHaveAttribute('href', '/admin/orders?status=pending');
  });

  it('says when nothing needs attention and reloads for another period', async () => {
    const calm = makeSummary({ stock: [], paymentsPending: 0, ordersPending: 0, ordersUnknown: 0 });
    server.use(http.get('*/api/admin/summary', ({ request }) => HttpResponse.json({ ...calm, days: Number(new URL(request.url).searchParams.get('days')) })));
    const { user } = renderAt('/admin');
    expect(await screen.findByText('Nothing needs attention.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(screen.getByLabelText('Period')).toHaveValue('7'));
  });

  it('logs out to the home page', async () => {
    server.use(
      http.get('*/api/admin/summary', () => HttpResponse.json(makeSummary())),
      http.post('*/api/user/logout', () => HttpResponse.json({ success: true, message: 'Logged out successfully' })),
    );
    const { user } = renderAt('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows the console page-not-found for an unknown admin path', async () => {
    renderAt('/admin/nope');
    expect(await screen.findByText('This page of the operator console does not exist.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
