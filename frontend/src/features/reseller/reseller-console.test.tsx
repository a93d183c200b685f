import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RULE_MESSAGES } from '@/lib/form-rules';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { RESELLER_MESSAGES } from './schemas';
import { account, bodies, makeClient, signedInReseller, T0, traffic } from './test-data';

const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await preloadRoutes('dashboard-layout');
  await import('./routes/reseller-console');
});

async function openConsole(path = '/reseller') {
  const rendered = renderAt(path);
  await screen.findByRole('heading', { level: 1, name: 'Reseller' }, SLOW);
  return rendered;
}

describe('the reseller console', { timeout: 30_000 }, () => {
  it('is in the sidebar of a reseller only, and tells anyone else the account is no reseller', async () => {
    server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser() })));
    renderAt('/reseller');
    expect(await screen.findByText('This account is not a reseller', {}, SLOW)).toBeInTheDocument();
    expect(within(screen.getByTestId('sidebar')).queryByRole('link', { name: 'Reseller' })).not.toBeInTheDocument();
  });

  it('shows the terms, the own pools and each client with its traffic', async () => {
    signedInReseller({ clients: [makeClient({ note: 'monthly', traffic: [traffic('premium', 2.5, 0.5), traffic('budget', 0)] }), makeClient({ id: 8, name: 'Beta', email: 'b@client.test', status: 'pending' })] });
    await openConsole();
    expect(within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Reseller' })).toHaveAttribute('href', '/reseller');
    expect(await screen.findByTestId('reseller-terms')).toHaveTextContent('The shop gives you 20% off your own purchases.');
    expect(await screen.findByTestId('client-count')).toHaveTextContent('2 of 10 clients');
    const pools = screen.getByLabelText('Your traffic');
    expect(within(pools).getByTestId('available-premium')).toHaveTextContent('20.00 GB left');
    const [acme, beta] = await screen.findAllByTestId('client-row');
    expect(within(acme!).getByText('monthly')).toBeInTheDocument();
    expect(within(acme!).getByText('Active')).toBeInTheDocument();
    expect(within(within(acme!).getByLabelText('Traffic of Acme')).getByTestId('available-premium')).toHaveTextContent('2.50 GB left');
    expect(within(beta!).getByText('Invitation sent')).toBeInTheDocument();
    // Acme holds traffic: it cannot be deleted yet; Beta holds nothing: nothing to take back
    expect(within(acme!).getByRole('button', { name: 'Delete Acme' })).toBeDisabled();
    expect(within(beta!).getByRole('button', { name: 'Take traffic back from Beta' })).toBeDisabled();
    expect(within(beta!).getByRole('button', { name: 'Delete Beta' })).toBeEnabled();
  });

  it('creates a client with a password, and puts the server’s field message under the email', async () => {
    const state = { clients: [] as ReturnType<typeof makeClient>[] };
    signedInReseller(state);
    const posted = bodies();
    let reply = () => HttpResponse.json({ message: 'An account with this email already exists', fields: { email: 'An account with this email already exists' } }, { status: 409 });
    server.use(
      http.post('*/api/reseller/clients', async ({ request }) => {
        await posted.record(request);
        return reply();
      }),
    );
    const { user } = await openConsole();
    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New client' }));
    const dialog = screen.getByRole('dialog', { name: 'New client' });
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText(RULE_MESSAGES.emailRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Email'), 'new@client.test');
    await user.type(within(dialog).getByLabelText('Name (optional)'), 'New Co');
    await user.click(within(dialog).getByLabelText('Set a password'));
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText(RULE_MESSAGES.passwordMin)).toBeInTheDocument();
    expect(posted.seen).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Secret1!');
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText('An account with this email already exists', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(posted.seen).toEqual([{ email: 'new@client.test', name: 'New Co', password: 'Secret1!' }]);

    reply = () => {
      state.clients = [makeClient({ id: 9, name: 'New Co', email: 'new@client.test' })];
      return HttpResponse.json({ message: 'Client created', client: state.clients[0]! }, { status: 201 });
    };
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Client created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('new@client.test')).toBeInTheDocument();
  });

  it('invites by default: no password is sent', async () => {
    signedInReseller({ clients: [] });
    const posted = bodies();
    server.use(
      http.post('*/api/reseller/clients', async ({ request }) => {
        await posted.record(request);
        return HttpResponse.json({ message: 'Client created: an invitation to set a password was sent', client: makeClient() }, { status: 201 });
      }),
    );
    const { user } = await openConsole();
    await user.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = screen.getByRole('dialog', { name: 'New client' });
    await user.type(within(dialog).getByLabelText('Email'), 'acme@client.test');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'pays monthly');
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Client created: an invitation to set a password was sent')).toBeInTheDocument();
    expect(posted.seen).toEqual([{ email: 'acme@client.test', note: 'pays monthly', password: null }]);
  });

  it('gives GB with and without a validity, shows a refusal, and takes GB back', async () => {
    signedInReseller({ clients: [makeClient({ traffic: [traffic('premium', 3), traffic('budget', 0)] })] });
    const allocated = bodies();
    const reclaimed = bodies();
    let allocateReply = () => HttpResponse.json({ message: 'validityDays reaches past the end of your own traffic of this type: choose fewer days, or leave it out to give the client your end', fields: { validityDays: 'validityDays reaches past the end of your own traffic of this type: choose fewer days, or leave it out to give the client your end' } }, { status: 422 });
    server.use(
      http.post('*/api/reseller/clients/7/allocate', async ({ request }) => {
        await allocated.record(request);
        return allocateReply();
      }),
      http.post('*/api/reseller/clients/7/reclaim', async ({ request }) => {
        await reclaimed.record(request);
        return HttpResponse.json({ id: 2, clientId: 7, type: 'premium', direction: 'reclaim', bytes: 1_250_000_000, gb: 1.25, expiresAt: null, apiKeyId: null, createdAt: T0 });
      }),
    );
    const { user } = await openConsole();
    await user.click(await screen.findByRole('button', { name: 'Give traffic to Acme' }));
    let dialog = screen.getByRole('dialog', { name: 'Give traffic to Acme' });
    expect(within(dialog).getByText('You have 20.00 GB to move.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('GB'), '1.234');
    await user.click(within(dialog).getByRole('button', { name: 'Give traffic' }));
    expect(await within(dialog).findByText(RESELLER_MESSAGES.gb)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('GB'));
    await user.type(within(dialog).getByLabelText('GB'), '1.5');
    await user.type(within(dialog).getByLabelText('Valid for days (optional)'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Give traffic' }));
    expect(await within(dialog).findByText(/validityDays reaches past the end/, { selector: 'p' })).toBeInTheDocument();
    expect(allocated.seen).toEqual([{ type: 'premium', gb: 1.5, validityDays: 400 }]);

    allocateReply = () => HttpResponse.json({ id: 1, clientId: 7, type: 'premium', direction: 'allocate', bytes: 1_500_000_000, gb: 1.5, expiresAt: null, apiKeyId: null, createdAt: T0 });
    await user.clear(within(dialog).getByLabelText('Valid for days (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Give traffic' }));
    expect(await screen.findByText('1.50 GB of Premium Residential given to Acme')).toBeInTheDocument();
    expect(allocated.seen[1]).toEqual({ type: 'premium', gb: 1.5, validityDays: null });

    await user.click(screen.getByRole('button', { name: 'Take traffic back from Acme' }));
    dialog = screen.getByRole('dialog', { name: 'Take traffic back from Acme' });
    expect(within(dialog).queryByLabelText('Valid for days (optional)')).not.toBeInTheDocument();
    expect(within(dialog).getByText('The client has 3.00 GB to move.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('GB'), '1.25');
    await user.click(within(dialog).getByRole('button', { name: 'Take back' }));
    expect(await screen.findByText('1.25 GB of Premium Residential taken back from Acme')).toBeInTheDocument();
    expect(reclaimed.seen).toEqual([{ type: 'premium', gb: 1.25 }]);
  });

  it('suspends, edits the note and deletes a client that holds nothing', async () => {
    const state = { clients: [makeClient()] };
    signedInReseller(state);
    const patched = bodies();
    let deleted = false;
    server.use(
      http.patch('*/api/reseller/clients/7', async ({ request }) => {
        await patched.record(request);
        const body = patched.seen.at(-1) as { suspended: boolean | null; note?: string | null };
        state.clients = [makeClient({ suspended: body.suspended ?? false, disabled: body.suspended ?? false, note: body.note ?? null })];
        return HttpResponse.json(state.clients[0]);
      }),
      http.delete('*/api/reseller/clients/7', () => {
        deleted = true;
        state.clients = [];
        return HttpResponse.json({ message: 'Client deleted' });
      }),
    );
    const { user } = await openConsole();
    await user.click(await screen.findByRole('button', { name: 'Suspend Acme' }));
    expect(await screen.findByText('Acme suspended')).toBeInTheDocument();
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    expect(patched.seen).toEqual([{ suspended: true }]);

    await user.click(screen.getByRole('button', { name: 'Edit the note on Acme' }));
    const dialog = screen.getByRole('dialog', { name: 'Note on Acme' });
    await user.type(within(dialog).getByLabelText('Note'), 'late payer');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect(patched.seen[1]).toEqual({ note: 'late payer', suspended: null });

    await user.click(await screen.findByRole('button', { name: 'Delete Acme' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Acme?' })).getByRole('button', { name: 'Delete client' }));
    expect(await screen.findByText('Client deleted')).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
  });

  it('refuses a new client past maxClients', async () => {
    signedInReseller({ clients: [makeClient()], account: account({ clients: 1, maxClients: 1 }) });
    await openConsole();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New client' })).toBeDisabled());
  });

  it('lists the ledger with the client’s name', async () => {
    signedInReseller({ clients: [makeClient()] });
    server.use(
      http.get('*/api/reseller/transfers', () =>
        HttpResponse.json({
          items: [
            { id: 2, clientId: 7, type: 'budget', direction: 'reclaim', bytes: 500_000_000, gb: 0.5, expiresAt: null, apiKeyId: 3, createdAt: T0 + 60 },
            { id: 1, clientId: 99, type: 'premium', direction: 'allocate', bytes: 2_000_000_000, gb: 2, expiresAt: T0 + 86_400, apiKeyId: null, createdAt: T0 },
          ],
          total: 2,
          page: 1,
          perPage: 20,
        }),
      ),
    );
    const { user } = await openConsole();
    await user.click(screen.getByRole('tab', { name: 'Transfers' }));
    const [reclaim, allocate] = await screen.findAllByTestId('transfer-row');
    expect(reclaim).toHaveTextContent('Acme');
    expect(reclaim).toHaveTextContent('Taken back 500 MB');
    expect(reclaim).toHaveTextContent('API key #3');
    expect(allocate).toHaveTextContent('Client #99');
    expect(allocate).toHaveTextContent('Given 2.00 GB');
    expect(screen.getByTestId('location')).toHaveTextContent('/reseller?tab=transfers');
  });
});
