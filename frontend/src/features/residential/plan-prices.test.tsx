// Prices in the plan purchase dialog: the customer's own price struck through against the list
// price, a custom amount at its volume tier as the customer types it, and a coupon checked
// before the purchase and sent with it.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customQuote, type Plan } from '@/lib/plans';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { capture, preloadRoutes, signedIn } from './test-support';

beforeAll(preloadRoutes);

const growth = {
  id: 7, tag: null, name: 'Growth', note: null, size: '10 GB', price: 23.8, listPrice: 28, percentOff: 15, pricePerGb: 2.8,
  tiers: [{ minGb: 25, pricePerGb: 2.7 }, { minGb: 250, pricePerGb: 1.8 }],
  amount: 10, validityPeriod: '30 days', regions: ['US'], countrySelection: 'City-level', protocols: true, ipDuration: '1~240 minutes', availability: '99.7%',
};
const plans = { plan: { name: 'premium', plans: [growth] } };

describe('customQuote', () => {
  const plan = { ...growth, id: '7' } as Plan;
  it('prices a custom amount at the tier for it, less the customer price, rounded for the shop', () => {
    expect(customQuote(plan, 20)).toEqual({ list: 56, price: 47.6, tier: null });
    expect(customQuote(plan, 300)).toEqual({ list: 540, price: 459, tier: { minGb: 250, pricePerGb: 1.8 } });
    // 15 % of $2.80 is 42 cents; of 1 GB at a 33 % discount the odd cent stays with the shop.
    expect(customQuote({ ...plan, percentOff: 33, pricePerGb: 0.99, tiers: [] }, 1)).toEqual({ list: 0.99, price: 0.67, tier: null });
  });
});

describe('plan purchase dialog', () => {
  it('shows the customer price, updates a custom amount at its tier, and buys with an applied coupon', async () => {
    signedIn(1000);
    server.use(http.get('*/api/user/plan', () => HttpResponse.json(plans)));
    const checks = capture('/api/user/coupons/check', () =>
      HttpResponse.json({ valid: true, discount: 137.7, price: 321.3, listPrice: 540, message: 'Coupon applied' }),
    );
    const bodies = capture('/api/user/get_plan', () => HttpResponse.json({ success: true, message: 'Plan purchased successfully', user: makeUser({ balance: 678.7 }) }));
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    expect(await screen.findByText('List price')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Buy now: Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Plan' });
    const summary = within(dialog).getByTestId('purchase-summary');
    expect(summary).toHaveTextContent('10 GB for List price $28.00Your price $23.80');
    await user.type(within(dialog).getByLabelText('Custom amount (GB)'), '300');
    expect(summary).toHaveTextContent('300 GB for List price $540.00Your price $459.00 (volume price from 250 GB)');

    await user.type(within(dialog).getByLabelText('Coupon code'), 'spring20');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Coupon applied: $137.70 off, $321.30 to pay.')).toBeInTheDocument();
    expect(checks).toEqual([{ type: 'premium', planId: 7, gb: 300, code: 'spring20' }]);
    expect(summary).toHaveTextContent('$321.30');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Plan purchased successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'premium', planId: 7, customGb: 300, coupon: 'spring20' }]);
  });

  it('says why a coupon does not apply, and a changed amount forgets an earlier answer', async () => {
    signedIn(1000);
    server.use(http.get('*/api/user/plan', () => HttpResponse.json(plans)));
    let valid = false;
    capture('/api/user/coupons/check', () =>
      HttpResponse.json(
        valid
          ? { valid: true, discount: 4.76, price: 19.04, listPrice: 28, message: 'Coupon applied' }
          : { valid: false, discount: 4.2, price: 23.8, listPrice: 28, message: 'This coupon has been used up' },
      ),
    );
    const bodies = capture('/api/user/get_plan', () => HttpResponse.json({ success: true, message: 'Plan purchased successfully', user: makeUser({ balance: 900 }) }));
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    await user.click(await screen.findByRole('button', { name: 'Buy now: Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Plan' });
    await user.type(within(dialog).getByLabelText('Coupon code'), 'GONE');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('This coupon has been used up')).toBeInTheDocument();
    valid = true;
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(/Coupon applied/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Custom amount (GB)'), '20');
    expect(within(dialog).queryByText(/Coupon applied/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Plan purchased successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'premium', planId: 7, customGb: 20 }]);
  });
});
