// /admin/trials: today's networks at their free-trial limit, and the audited allowance.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { signedInAdmin } from './tests/admin-data';

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/trials')]);
});

beforeEach(() => signedInAdmin());

const limited = { network: '198.51.100.0/24', trials: 3, allowance: 0, limit: 3, refused: 2, atLimit: true };

function serve() {
  const bodies: unknown[] = [];
  let rows = [limited];
  server.use(
    http.get('*/api/admin/trials/networks', () => HttpResponse.json({ day: '2026-12-12', perNetwork: 3, networks: rows })),
    http.post('*/api/admin/trials/networks', async ({ request }) => {
      const body = (await request.json()) as { trials: number };
      bodies.push(body);
      const row = { ...limited, allowance: body.trials, limit: 3 + body.trials, atLimit: false };
      rows = [row];
      return HttpResponse.json(row);
    }),
  );
  return bodies;
}

describe('free-trial networks', () => {
  it('lists the networks at their limit and allows one more trials after a review', async () => {
    const bodies = serve();
    const { user } = renderAt('/admin/trials');
    const table = await screen.findByRole('table', { name: 'Networks at their trial limit' }, { timeout: 10_000 });
    const row = (await within(table).findByText('198.51.100.0/24')).closest('tr')!;
    expect(row).toHaveTextContent('at limit');
    expect(screen.getByText(/each network gets 3 free trials/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Allow more trials to 198.51.100.0/24' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allow more free trials' });
    expect(within(dialog).getByLabelText('Network')).toHaveValue('198.51.100.0/24');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Trials must be a whole number from 1 to 1000')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason (3–200 characters)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('More trials'), '5');
    await user.type(within(dialog).getByLabelText('Reason'), 'University open day');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Allow 5 more free trials today to sign-ups from the network of 198.51.100.0/24.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('198.51.100.0/24: 3 of 8 trials used today')).toBeInTheDocument();
    expect(bodies).toEqual([{ network: '198.51.100.0/24', trials: 5, reason: 'University open day' }]);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Networks at their trial limit' })).getByText('open')).toBeInTheDocument());
  });

  it('puts the server refusal next to its field', async () => {
    serve();
    server.use(
      http.post('*/api/admin/trials/networks', () =>
        HttpResponse.json({ message: 'Enter an IP address or range, e.g. 203.0.113.0/24', fields: { network: 'Enter an IP address or range, e.g. 203.0.113.0/24' } }, { status: 422 }),
      ),
    );
    const { user } = renderAt('/admin/trials');
    await user.click(await screen.findByRole('button', { name: /Allow a network/ }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Allow more free trials' });
    await user.type(within(dialog).getByLabelText('Network'), '999.1.1.1');
    await user.type(within(dialog).getByLabelText('More trials'), '2');
    await user.type(within(dialog).getByLabelText('Reason'), 'Office');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter an IP address or range, e.g. 203.0.113.0/24')).toBeInTheDocument();
  });
});
