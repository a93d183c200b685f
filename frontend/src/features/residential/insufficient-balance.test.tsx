// A plan purchase refused with 402 "Insufficient balance" offers Add funds with the missing amount
// (price − balance, rounded up to the cent, at least $0.10): in the toast and in the dialog.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { preloadRoutes as preload } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { capture, preloadRoutes, signedIn } from './test-support';

beforeAll(() => Promise.all([preloadRoutes(), preload('add-funds-dialog')]));

const plan = (id: number, amount: number, price: number) => ({
  id, tag: null, name: `${amount}GB`, note: null, size: `${amount}GB`, price, amount, validityPeriod: '30 days',
  regions: ['US'], countrySelection: 'City-level', protocols: true, ipDuration: '1~240 minutes', availability: '99.7%',
});

async function refusedPurchase(balance: number, price: number) {
  signedIn(balance);
  server.use(http.get('*/api/user/plan', () => HttpResponse.json({ plan: { name: 'premium', plans: [plan(8, 40, price)] } })));
  capture('/api/user/get_plan', () => HttpResponse.json({ message: 'Insufficient balance' }, { status: 402 }));
  const view = renderAt('/onboard/rotating-proxy');
  await view.user.click(await screen.findByRole('tab', { name: 'Plans' }));
  await view.user.click(await screen.findByRole('button', { name: 'Buy now: 40GB' }));
  await view.user.click(within(await screen.findByRole('dialog', { name: 'Buy Plan' })).getByRole('button', { name: 'Buy' }));
  return view;
}

describe('insufficient balance', () => {
  it('keeps the dialog open with what is missing, and Add funds opens the top-up with it', async () => {
    const { user } = await refusedPurchase(10.005, 96);
    const dialog = screen.getByRole('dialog', { name: 'Buy Plan' });
    const alert = await within(dialog).findByRole('alert');
    // 96 − 10.005 = 85.995, rounded up to the cent
    expect(alert).toHaveTextContent('Insufficient balance. You need $86.00 more in your wallet.');
    await user.click(within(alert).getByRole('button', { name: 'Add funds' }));
    const topUp = await screen.findByRole('dialog', { name: 'Add Funds' });
    expect(within(topUp).getByLabelText('Amount (USD)')).toHaveValue('86.00');
    expect(screen.queryByRole('dialog', { name: 'Buy Plan' })).not.toBeInTheDocument();
  });

  it('says it in the toast too, whose Add funds opens the top-up with the missing amount', async () => {
    await refusedPurchase(95.95, 96);
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    // $0.05 missing: the smallest top-up is $0.10
    expect(screen.getAllByText('You need $0.10 more in your wallet.', { exact: false }).length).toBeGreaterThan(0);
    const toast = screen.getByText('Insufficient balance').closest('li')!;
    // a plain click: the toast's own pointer handling needs pointer capture, which jsdom lacks
    fireEvent.click(within(toast).getByRole('button', { name: 'Add funds' }));
    const topUp = await screen.findByRole('dialog', { name: 'Add Funds' });
    expect(within(topUp).getByLabelText('Amount (USD)')).toHaveValue('0.10');
  });

  it('reports any other refusal as before, without Add funds', async () => {
    signedIn(100);
    server.use(http.get('*/api/user/plan', () => HttpResponse.json({ plan: { name: 'premium', plans: [plan(8, 40, 96)] } })));
    capture('/api/user/get_plan', () => HttpResponse.json({ message: 'Plan not found' }, { status: 404 }));
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    await user.click(await screen.findByRole('button', { name: 'Buy now: 40GB' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Buy Plan' })).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Plan not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add funds' })).not.toBeInTheDocument());
  });
});
