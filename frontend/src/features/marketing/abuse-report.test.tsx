// /abuse: the public report form says how far back attribution reaches, checks its fields with the
// server's messages, and shows the case number the server gave.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';

beforeAll(async () => {
  await import('./routes/abuse');
});

describe('abuse report form', () => {
  it('checks the fields, sends the window as UTC instants and shows the case number', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/abuse', () => HttpResponse.json({ daysKept: 30, maxWindowHours: 24 })),
      http.post('*/api/abuse', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ id: 42 }, { status: 202 });
      }),
    );
    const { user } = renderAt('/abuse');
    expect(await screen.findByText('for 30 days', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'acceptable use policy' })).toHaveAttribute('href', '/acceptable-use');

    await user.type(screen.getByLabelText('Destination (host or IP)'), 'not a host');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Enter the destination as a host name (example.com) or an IP address')).toBeInTheDocument();
    expect(screen.getByText('Please describe what happened in 10–5000 characters (line breaks allowed)')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your email'), 'abuse@victim.example');
    await user.clear(screen.getByLabelText('Destination (host or IP)'));
    await user.type(screen.getByLabelText('Destination (host or IP)'), 'login.victim.example');
    await user.type(screen.getByLabelText('From (your local time)'), '2026-11-29T14:00:00');
    await user.type(screen.getByLabelText('To (your local time)'), '2026-11-29T14:10:00');
    await user.type(screen.getByLabelText('What happened'), 'Credential stuffing against our login page');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Report #42 received')).toBeInTheDocument();
    const sent = bodies[0]!;
    expect(sent).toMatchObject({ reporterEmail: 'abuse@victim.example', destination: 'login.victim.example', port: null, evidence: null });
    expect(Date.parse(sent.to as string) - Date.parse(sent.from as string)).toBe(600_000);
    expect(sent.from).toBe(new Date('2026-11-29T14:00:00').toISOString().replace('.000Z', 'Z'));
  });
});
