import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { account, preloadRoutes, SLOW } from './test-support';

beforeAll(preloadRoutes);

const WEBHOOK_URL_MESSAGE =
  'Enter an https:// URL of at most 2000 characters, without a user name or password, on a public host';

describe('alerts card', { timeout: 30_000 }, () => {
  it('shows the thresholds, saves new ones and puts a refusal on its field', async () => {
    account();
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/user/alerts', async ({ request }) => {
        const body = (await request.json()) as { trafficPercent: number[] };
        sent.push(body);
        if (body.trafficPercent.some((n) => n > 100))
          return HttpResponse.json(
            { message: 'Enter up to 5 whole percents from 1 to 100', fields: { trafficPercent: 'Enter up to 5 whole percents from 1 to 100' } },
            { status: 422 },
          );
        return HttpResponse.json({
          trafficPercent: [90, 50],
          expiryDays: [3, 1],
          balanceBelow: 5,
          runsOutWithinDays: 2,
          email: false,
          dailyReport: true,
          webhookUrl: null,
          webhookSecretSet: false,
        });
      }),
    );
    const { user } = renderAt('/onboard/settings/notifications');
    const traffic = await screen.findByLabelText('Traffic used (%)', {}, SLOW);
    await waitFor(() => expect(traffic).toHaveValue('80, 95'));
    expect(screen.getByLabelText('Days before expiry')).toHaveValue('3, 1');
    await user.clear(traffic);
    await user.type(traffic, '150');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect((await screen.findAllByText('Enter up to 5 whole percents from 1 to 100', {}, SLOW)).length).toBeGreaterThan(0);
    await user.clear(traffic);
    await user.type(traffic, '50, 90');
    await user.type(screen.getByLabelText('Balance below ($)'), '5');
    await user.type(screen.getByLabelText('Runs out within (days)'), '2');
    await user.click(screen.getByRole('checkbox', { name: /Email me too/ }));
    const report = screen.getByRole('checkbox', { name: 'Daily usage report' });
    expect(report).not.toBeChecked();
    expect(report).toHaveAccessibleDescription(/yesterday's traffic, success rate, top hosts and failures/);
    await user.click(report);
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(traffic).toHaveValue('50, 90'));
    expect(screen.getByLabelText('Runs out within (days)')).toHaveValue('2');
    expect(sent[1]).toEqual({
      trafficPercent: [50, 90],
      expiryDays: [3, 1],
      balanceBelow: 5,
      runsOutWithinDays: 2,
      email: false,
      dailyReport: true,
      webhookUrl: null,
    });
    // The saved answer is what the form shows next.
    expect(screen.getByRole('checkbox', { name: 'Daily usage report' })).toBeChecked();
  });

  it('saves a webhook URL, shows its secret once, rotates it and lists the deliveries', async () => {
    account();
    const url = 'https://hooks.example.com/in';
    const saved = {
      trafficPercent: [95, 80],
      expiryDays: [3, 1],
      balanceBelow: null,
      email: true,
      dailyReport: false,
      webhookUrl: url,
      webhookSecretSet: true,
    };
    const sent: unknown[] = [];
    let stored = false;
    server.use(
      http.get('*/api/user/alerts', () =>
        HttpResponse.json(stored ? saved : { ...saved, webhookUrl: null, webhookSecretSet: false }),
      ),
      http.put('*/api/user/alerts', async ({ request }) => {
        const body = (await request.json()) as { webhookUrl: string | null };
        sent.push(body);
        if (body.webhookUrl?.startsWith('http:'))
          return HttpResponse.json(
            { message: WEBHOOK_URL_MESSAGE, fields: { webhookUrl: WEBHOOK_URL_MESSAGE } },
            { status: 422 },
          );
        stored = true;
        return HttpResponse.json({ ...saved, webhookSecret: 'whsec_first' });
      }),
      http.post('*/api/user/alerts/webhook_secret', () => HttpResponse.json({ webhookSecret: 'whsec_second' })),
      http.get('*/api/user/alerts/deliveries', () =>
        HttpResponse.json({
          items: [
            {
              id: 2,
              notificationId: 9,
              url,
              status: 'pending',
              attempts: 1,
              lastCode: 500,
              lastError: 'HTTP 500',
              createdAt: 1_700_000_000,
              deliveredAt: null,
              nextAt: 1_700_000_030,
            },
          ],
          total: 1,
          page: 1,
          perPage: 10,
        }),
      ),
    );
    const { user } = renderAt('/onboard/settings/notifications');
    const field = await screen.findByLabelText('Webhook URL', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).not.toBeInTheDocument();
    await user.type(field, 'http://hooks.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect((await screen.findAllByText(WEBHOOK_URL_MESSAGE, {}, SLOW)).length).toBeGreaterThan(0);

    await user.clear(field);
    await user.type(field, url);
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    const shown = await screen.findByTestId('webhook-secret', {}, SLOW);
    expect(within(shown).getByText('whsec_first')).toBeInTheDocument();
    expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ webhookUrl: url });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('whsec_second', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('whsec_first')).not.toBeInTheDocument();

    const log = await screen.findByRole('region', { name: 'Webhook deliveries' }, SLOW);
    expect(within(log).getByText('pending')).toBeInTheDocument();
    expect(within(log).getByText(/1 attempt · HTTP 500/)).toBeInTheDocument();
  });
});
