import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { GetResponse, Schemas } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { MESSAGES } from './schemas';

const CHECKOUT = 'http://127.0.0.1:8080/checkout/pay_1';

function signedIn() {
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance: 1 }) })),
    http.get('*/api/user/get_starts', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
  );
}

async function openDialog() {
  signedIn();
  const view = renderAt('/onboard');
  await view.user.click(await screen.findByRole('button', { name: /Balance \$1\.00/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
  return { ...view, dialog, amount: within(dialog).getByLabelText('Amount (USD)'), submit: within(dialog).getByRole('button', { name: 'Continue to payment' }) };
}

describe('Add Funds dialog', () => {
  it('says top-ups are not available, with no form, when the shop takes none', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json<GetResponse<'/api/config'>>({ googleClientId: null, topUps: false, trialMb: 0, slaPercent: 99.96, slaMinCredit: 1, refunds: { days: 7, maxUsedPercent: 10, pieceHours: 24 }, currencies: [] })));
    const payments = vi.fn();
    server.use(
      http.post('*/api/payment', () => {
        payments();
        return HttpResponse.json({ message: 'Top-ups are not available right now' }, { status: 503 });
      }),
    );
    signedIn();
    const { user } = renderAt('/onboard');
    await user.click(await screen.findByRole('button', { name: /Balance \$1\.00/ }));
    const notice = await screen.findByText(/Top-ups are not available right now/);
    const dialog = screen.getByRole('dialog', { name: 'Add Funds' });
    expect(dialog).toContainElement(notice);
    expect(within(dialog).queryByLabelText('Amount (USD)')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(payments).not.toHaveBeenCalled();
  });

  it('offers Cryptomus and the four coins, LTC by default', async () => {
    const { dialog } = await openDialog();
    const method = within(dialog).getByLabelText('Method');
    expect(method).toHaveValue('cryptomous');
    expect(within(method).getByRole('option', { name: 'Cryptomus' })).toBeInTheDocument();
    const coins = within(within(dialog).getByRole('group', { name: 'Currency' })).getAllByRole('radio');
    expect(coins.map((coin) => (coin as HTMLInputElement).value)).toEqual(['DOGE', 'TRX', 'LTC', 'USDT']);
    expect(within(dialog).getByRole('radio', { name: 'LTC' })).toBeChecked();
  });

  it('asks for an amount, refuses less than 0.1 and formats the amount to 2 decimals on blur', async () => {
    const { user, dialog, amount, submit } = await openDialog();
    await user.click(submit);
    expect(await within(dialog).findByText(MESSAGES.fillAll)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.type(amount, '0.05');
    await user.click(submit);
    expect(await within(dialog).findByText(MESSAGES.amountTooSmall)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '7.5x');
    expect(amount).toHaveValue('7.5');
    await user.tab();
    expect(amount).toHaveValue('7.50');
    await waitFor(() => expect(within(dialog).queryByText(MESSAGES.amountTooSmall)).not.toBeInTheDocument());
  });

  it('posts amount, method and coin, opens the checkout in a new tab and closes', async () => {
    const bodies: unknown[] = [];
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window);
    const { user, dialog, amount, submit } = await openDialog();
    server.use(
      http.post('*/api/payment', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json<Schemas['PaymentCreated']>({ url: CHECKOUT, paymentId: 'pay_1' });
      }),
    );
    await user.type(amount, '25');
    await user.click(within(dialog).getByRole('radio', { name: 'USDT' }));
    await user.click(submit);
    await waitFor(() => expect(open).toHaveBeenCalledWith(CHECKOUT, '_blank'));
    expect(bodies).toEqual([{ amount: 25, method: 'cryptomous', currency: 'USDT' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a link when the browser blocks the new tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, dialog, amount, submit } = await openDialog();
    server.use(http.post('*/api/payment', () => HttpResponse.json({ url: CHECKOUT, paymentId: 'pay_1' })));
    await user.type(amount, '5');
    await user.click(submit);
    expect(await within(dialog).findByRole('link', { name: 'Open the payment page' })).toHaveAttribute('href', CHECKOUT);
  });

  it('toasts the server message, shows field errors, and falls back to Something went wrong', async () => {
    const open = vi.spyOn(window, 'open');
    const { user, dialog, amount, submit } = await openDialog();
    server.use(
      http.post('*/api/payment', () =>
        HttpResponse.json({ message: 'The payment provider is unavailable. Please try again later' }, { status: 502 }),
      ),
    );
    await user.type(amount, '5');
    await user.click(submit);
    expect(await screen.findByText('The payment provider is unavailable. Please try again later')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Funds' })).toBeInTheDocument();

    server.use(
      http.post('*/api/payment', () =>
        HttpResponse.json({ message: 'Amount must be at most 10000', fields: { amount: 'Amount must be at most 10000' } }, { status: 422 }),
      ),
    );
    await user.click(submit);
    expect(await within(dialog).findByText('Amount must be at most 10000')).toBeInTheDocument();

    server.use(http.post('*/api/payment', () => new HttpResponse('oops', { status: 500 })));
    await user.click(submit);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
