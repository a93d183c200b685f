// The shared price (docs/screens.md#approximate-prices): USD always, and an approximate amount in
// the customer's display currency only when GET /api/config gives it a fresh rate.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CurrencyPicker, DisplayCurrencyProvider } from '@/components/display-currency';
import type { GetResponse } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { DISPLAY_CURRENCY_KEY } from '@/lib/storage-keys';
import { server } from '@/test/server';
import { PlanPrice } from './plan-price';

// 2026-11-30 12:00 UTC
const UPDATED_AT = 1_796_040_000;

function answerConfig(currencies: GetResponse<'/api/config'>['currencies']) {
  server.use(
    http.get('*/api/config', () =>
      HttpResponse.json<GetResponse<'/api/config'>>({ googleClientId: null, topUps: true, trialMb: 0, slaPercent: 99.9, slaMinCredit: 1, refunds: { days: 7, maxUsedPercent: 10, pieceHours: 24 }, currencies }),
    ),
  );
}

function renderPrice(ui = <PlanPrice price={28} />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <DisplayCurrencyProvider>
        <CurrencyPicker />
        {ui}
      </DisplayCurrencyProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

const rates = [
  { code: 'EUR', perUsd: 0.92, updatedAt: UPDATED_AT },
  { code: 'GBP', perUsd: 0.79, updatedAt: UPDATED_AT },
];

describe('plan price in the display currency', () => {
  it('shows the approximate amount at the rate, marked approximate with its date', async () => {
    window.localStorage.setItem(DISPLAY_CURRENCY_KEY, 'EUR');
    answerConfig(rates);
    renderPrice();

    const approximate = await screen.findByTestId('approximate-price');
    expect(approximate).toHaveTextContent('≈ approximately €25.76');
    expect(approximate).toHaveAttribute('title', 'Approximate, at the rate of 30 Nov 2026; you pay in USD');
    expect(screen.getByText('$28.00')).toBeInTheDocument();
  });

  it('follows the picker and keeps the choice in the browser', async () => {
    answerConfig(rates);
    renderPrice(<PlanPrice price={28} listPrice={35} />);
    const picker = await screen.findByRole('combobox', { name: 'Show approximate prices in' });
    expect(screen.queryByTestId('approximate-price')).not.toBeInTheDocument();

    await userEvent.selectOptions(picker, 'GBP');

    expect(screen.getByTestId('approximate-price')).toHaveTextContent('£22.12');
    expect(window.localStorage.getItem(DISPLAY_CURRENCY_KEY)).toBe('GBP');
    await userEvent.selectOptions(picker, 'USD');
    expect(screen.queryByTestId('approximate-price')).not.toBeInTheDocument();
  });

  it('shows USD alone when the chosen currency has no fresh rate', async () => {
    window.localStorage.setItem(DISPLAY_CURRENCY_KEY, 'EUR');
    answerConfig([{ code: 'GBP', perUsd: 0.79, updatedAt: UPDATED_AT }]);
    renderPrice();

    // The config has arrived (the picker lists GBP), and still no EUR amount.
    const picker = await screen.findByRole('combobox', { name: 'Show approximate prices in' });
    expect(picker).toHaveValue('USD');
    expect(screen.queryByTestId('approximate-price')).not.toBeInTheDocument();
    expect(screen.getByText('$28.00')).toBeInTheDocument();
  });

  it('hides the picker and shows USD alone when no rate is available', async () => {
    window.localStorage.setItem(DISPLAY_CURRENCY_KEY, 'EUR');
    answerConfig([]);
    const { container, client } = renderPrice();

    // The config answer has landed before looking for what it would add.
    await waitFor(() => expect(client.getQueryState(queryKeys.publicConfig)?.status).toBe('success'));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(container).toHaveTextContent(/^\$28\.00$/);
  });
});
