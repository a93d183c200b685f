// /admin/abuse/:id: a case with the connections it matched; suspending the credential that
// connected after a review, and the reason rule.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { signedInAdmin } from './tests/admin-data';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/abuse-case')]);
});

beforeEach(() => signedInAdmin());

const report = {
  id: 7,
  reporterEmail: 'abuse@victim.example',
  destination: 'evil.example',
  port: 443,
  from: 1795960800,
  to: 1795961400,
  description: 'Credential stuffing against our login page',
  evidence: null,
  status: 'open',
  createdAt: 1795962000,
  updatedAt: 1795962000,
};
const match = {
  recordId: 41,
  userId: 12,
  email: 'bob@example.com',
  credentialKind: 'subuser',
  credentialId: 3,
  credential: 'scraper',
  type: 'premium',
  host: 'evil.example',
  port: 443,
  startedAt: 1795960980,
  durationMs: 90000,
  bytesUp: 1200,
  bytesDown: 48000,
  outcome: 'ok',
  upstreamId: 2,
  source: '198.51.100.23',
};

describe('abuse case', () => {
  it('lists who connected and suspends their credential after a review', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/admin/abuse/7', () => HttpResponse.json({ case: report, matches: [match], truncated: false, daysKept: 7, blocks: [] })),
      http.post('*/api/admin/abuse/7/suspend', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderAt('/admin/abuse/7');
    const table = await screen.findByRole('table', { name: 'Connections matched' }, { timeout: 10_000 });
    const row = within(table).getByText('bob@example.com').closest('tr')!;
    expect(row).toHaveTextContent('scraper');
    expect(row).toHaveTextContent('pool #2');
    expect(within(row).getByTestId('match-source')).toHaveTextContent('198.51.100.23');
    expect(screen.getByText('2026-11-29 14:00:00 – 14:10:00')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Suspend credential: bob@example.com, scraper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend the credential' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Please give a reason (3–200 characters)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Abuse report #7');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText("Suspend bob@example.com's sub-user scraper: it stops connecting on every node.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Suspend the credential: done')).toBeInTheDocument();
    expect(bodies).toEqual([{ recordId: 41, reason: 'Abuse report #7' }]);
  });
});
