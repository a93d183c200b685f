// The public status page (/status) from GET /api/status, and the terms page's service level from
// GET /api/config (docs/status.md).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { GetResponse } from '@/lib/api-types';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import StatusRoute from './routes/status';
import TermsPage from './routes/terms';

const days = (uptime: number | null) =>
  Array.from({ length: 90 }, (_, i) => ({ date: `2026-09-${String((i % 28) + 1).padStart(2, '0')}-${i}`, uptime: i === 89 ? uptime : null }));

const page: GetResponse<'/api/status'> = {
  overall: 'degraded',
  components: [
    { id: 'web', name: 'Website and API', status: 'up', uptime30d: 100, uptime90d: 99.998, days: days(100) },
    { id: 'gateway-premium', name: 'Premium Residential Proxies gateway', status: 'degraded', uptime30d: 99.5, uptime90d: null, days: days(98.5) },
  ],
  incidents: [
    {
      id: 7,
      title: 'Premium connections failing',
      status: 'monitoring',
      components: ['gateway-premium'],
      startedAt: 1_795_000_000,
      resolvedAt: null,
      updates: [
        { at: 1_795_000_000, body: 'Looking into it.', status: 'investigating' },
        { at: 1_795_000_600, body: 'A fix is out.', status: 'monitoring' },
      ],
    },
  ],
  maintenance: [],
  slaCredits: [{ month: '2026-10', kind: 'premium', customers: 3 }],
  updatedAt: 1_795_001_000,
};

describe('status page', () => {
  it('shows the overall state, each component with its days and uptime, incidents and credits', async () => {
    server.use(http.get('*/api/status', () => HttpResponse.json(page)));
    renderAt('/status', <StatusRoute />);
    expect(await screen.findByText('Some systems are degraded')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { name: 'Website and API' })).toBeInTheDocument();
    expect(screen.getByText('99.998% uptime over 90 days · 100% over 30 days')).toBeInTheDocument();
    expect(screen.getByText('no data uptime over 90 days · 99.5% over 30 days')).toBeInTheDocument();
    const premiumBars = screen.getAllByRole('list', { name: 'Uptime per day, last 90 days' })[1] as HTMLElement;
    expect(within(premiumBars).getAllByRole('listitem')).toHaveLength(90);
    expect(within(premiumBars).getByText(/: 98\.5% up$/)).toBeInTheDocument();
    const incident = screen.getByRole('heading', { name: 'Premium connections failing' }).closest('li') as HTMLElement;
    expect(within(incident).getByText(/Premium Residential Proxies gateway/)).toBeInTheDocument();
    const updates = within(incident).getAllByRole('listitem');
    expect(updates[0]).toHaveTextContent('monitoring — A fix is out.');
    expect(screen.getByText(/2026-10: Premium residential fell below our promise; 3 customers were credited\./)).toBeInTheDocument();
  });

  it('says so when the status cannot be loaded', async () => {
    server.use(http.get('*/api/status', () => HttpResponse.json({ message: 'The status page is not available yet, please try again in a few seconds' }, { status: 503 })));
    renderAt('/status', <StatusRoute />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The status could not be loaded.');
  });
});

describe('terms page', () => {
  it('states the SLA from the configuration the credits are computed with', async () => {
    server.use(
      http.get('*/api/config', () =>
        HttpResponse.json<GetResponse<'/api/config'>>({ googleClientId: null, topUps: true, trialMb: 0, slaPercent: 99.9, slaMinCredit: 2.5, refunds: { days: 7, maxUsedPercent: 10, pieceHours: 24 }, currencies: [] }),
      ),
    );
    renderAt('/terms-of-service', <TermsPage />);
    expect(await screen.findByText(/We promise 99\.9% availability of Premium and Budget residential traffic/)).toBeInTheDocument();
    expect(screen.getByText(/and at least \$2\.50, but never more than they ever paid for that kind/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'status page' })).toHaveAttribute('href', '/status');
  });
});
