// The Plans tab's refund card: the terms from GET /api/config, the eligibility's reason and
// offer, Request refund with its confirmation (POST /api/user/refunds {type}), and a refusal
// (409) shown with the server's reason.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { capture, preloadRoutes, signedIn } from './test-support';

beforeAll(preloadRoutes);

const eligible = { eligible: true, amount: 14.25, gb: 4.75, reason: 'The unused part of your latest purchase can be refunded' };

async function openPlans(path = '/onboard/rotating-proxy') {
  signedIn(10);
  const view = renderAt(path);
  await view.user.click(await screen.findByRole('tab', { name: 'Plans' }));
  const card = (await screen.findByRole('heading', { name: 'Refund' })).closest('section') as HTMLElement;
  return { ...view, card };
}

describe('refund card', () => {
  it('states the configured terms and the reason, and offers nothing without a purchase', async () => {
    const { card } = await openPlans();
    expect(await within(card).findByText('There is no purchase of this type to refund')).toBeInTheDocument();
    expect(card).toHaveTextContent('within 7 days of buying it, if less than 10% of it was used');
    expect(within(card).getByRole('button', { name: 'Request refund' })).toBeDisabled();
  });

  it('refunds the budget purchase after the confirmation', async () => {
    let asked: string | null = null;
    server.use(
      http.get('*/api/user/refunds/eligibility', ({ request }) => {
        asked = new URL(request.url).searchParams.get('type');
        return HttpResponse.json(eligible);
      }),
    );
    const bodies = capture('/api/user/refunds', () => HttpResponse.json({ refunded: 14.25, gb: 4.75, balance: 24.25 }));
    const { user, card } = await openPlans('/onboard/budget-proxy');
    expect(await within(card).findByText('$14.25 for 4.75 GB')).toBeInTheDocument();
    expect(asked).toBe('budget');
    await user.click(within(card).getByRole('button', { name: 'Request refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request refund' });
    expect(dialog).toHaveTextContent('$14.25 goes back to your wallet and 4.75 GB are removed from your balance.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $14.25 for 4.75 GB to your wallet')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'budget' }]);
  });

  it('shows the reason of a refusal', async () => {
    server.use(http.get('*/api/user/refunds/eligibility', () => HttpResponse.json(eligible)));
    capture('/api/user/refunds', () => HttpResponse.json({ message: 'Your latest purchase was already refunded' }, { status: 409 }));
    const { user, card } = await openPlans();
    await user.click(await within(card).findByRole('button', { name: 'Request refund' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Request refund' })).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Your latest purchase was already refunded')).toBeInTheDocument();
  });
});
