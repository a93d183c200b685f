import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { account, preloadRoutes, SLOW } from './test-support';

beforeAll(preloadRoutes);

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
        return HttpResponse.json({ trafficPercent: [90, 50], expiryDays: [3, 1], balanceBelow: 5, email: false });
      }),
    );
    const { user } = renderAt('/onboard/settings');
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
    await user.click(screen.getByRole('checkbox', { name: /Email me too/ }));
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(traffic).toHaveValue('50, 90'));
    expect(sent[1]).toEqual({ trafficPercent: [50, 90], expiryDays: [3, 1], balanceBelow: 5, email: false });
  });
});
