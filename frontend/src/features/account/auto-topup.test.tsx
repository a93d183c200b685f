// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { account, json, preloadRoutes, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

const plans = (kind: string, id: number) => ({
  plan: {
    name: kind,
    plans: [{ id, name: `${kind} 5GB`, tag: null, note: null, size: '5 GB', price: 15, amount: 5, validityPeriod: '30 days', regions: [], countrySelection: '', protocols: true, ipDuration: '', availability: '' }],
  },
});

describe('auto top-up card', { timeout: 30_000 }, () => {
  it('turns a kind on with its threshold and plan, and puts a refusal on its field', async () => {
    account();
    server.use(
      http.get('*/api/user/plan', ({ request }) => {
        const kind = new URL(request.url).searchParams.get('type') ?? '';
        return HttpResponse.json(plans(kind, kind === 'premium' ? 11 : 22));
      }),
    );
    const seen = record('put', '/api/user/auto_topup', (body) => {
      const { belowGb } = body as { belowGb: number };
      if (belowGb > 10000)
        return json({ message: 'Enter GB greater than 0 (at most 10000, 2 decimals)', fields: { belowGb: 'Enter GB greater than 0 (at most 10000, 2 decimals)' } }, 422);
      return json({
        items: [
          { type: 'premium', enabled: true, belowGb, planId: 11, lastRunAt: 1741781100 },
          { type: 'budget', enabled: false, belowGb: 1, planId: null, lastRunAt: null },
        ],
      });
    });
    const { user } = renderAt('/onboard/settings/billing');
    const premium = await screen.findByRole('form', { name: 'Premium Residential auto top-up' }, SLOW);
    const form = within(premium);
    const below = form.getByLabelText('When remaining traffic falls below (GB)');
    expect(below).toHaveValue('1');
    expect(form.getByRole('switch')).not.toBeChecked();
    await form.findByRole('option', { name: 'premium 5GB · 5 GB · $15.00' });

    await user.click(form.getByRole('switch'));
    await user.clear(below);
    await user.type(below, '20000');
    await user.selectOptions(form.getByLabelText('Buy plan'), '11');
    await user.click(form.getByRole('button', { name: 'Save Premium Residential top-up' }));
    expect(await form.findByText('Enter GB greater than 0 (at most 10000, 2 decimals)')).toBeInTheDocument();

    await user.clear(below);
    await user.type(below, '2.5');
    await user.click(form.getByRole('button', { name: 'Save Premium Residential top-up' }));
    expect(await form.findByText(/Last top-up:/)).toBeInTheDocument();
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.body).toEqual({ type: 'premium', enabled: true, belowGb: 2.5, planId: 11 });
    const budget = within(screen.getByRole('form', { name: 'Budget Residential auto top-up' }));
    expect(budget.getByRole('switch')).not.toBeChecked();
  });

  it('shows the plan the server holds after a reload, also one no longer on sale', async () => {
    account();
    server.use(
      http.get('*/api/user/plan', ({ request }) => {
        const kind = new URL(request.url).searchParams.get('type') ?? '';
        return HttpResponse.json(plans(kind, kind === 'premium' ? 11 : 22));
      }),
      http.get('*/api/user/auto_topup', () =>
        json({
          items: [
            { type: 'premium', enabled: true, belowGb: 2, planId: 11, lastRunAt: null },
            { type: 'budget', enabled: true, belowGb: 1, planId: 99, lastRunAt: null },
          ],
        }),
      ),
    );
    renderAt('/onboard/settings/billing');
    const premium = within(await screen.findByRole('form', { name: 'Premium Residential auto top-up' }, SLOW));
    const premiumPlan = premium.getByLabelText('Buy plan');
    await waitFor(() => expect(premiumPlan).toHaveValue('11'));
    expect(premium.getByRole('option', { name: 'premium 5GB · 5 GB · $15.00', selected: true })).toBeInTheDocument();
    expect(premium.getByRole('switch')).toBeChecked();
    const budget = within(screen.getByRole('form', { name: 'Budget Residential auto top-up' }));
    await waitFor(() => expect(budget.getByLabelText('Buy plan')).toHaveValue('99'));
    expect(budget.getByRole('option', { name: 'Plan #99 (no longer on sale)', selected: true })).toBeInTheDocument();
    expect(budget.getByRole('button', { name: 'Save Budget Residential top-up' })).toBeDisabled();
  });
});
