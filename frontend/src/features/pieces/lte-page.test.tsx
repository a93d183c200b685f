// The LTE page: protocol, country → city → ISP, the price of the cheapest plan, Generate's rules.
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { capture, FIRST, PLANS, preloadRoutes, signedIn, withHistory, withLte, withPlans } from './test-support';

beforeAll(preloadRoutes);

const LTE_PROXY = 'lte.gw.test:7000:lte-user:lte-pass';
const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

async function ready(plans = PLANS) {
  signedIn(40);
  withPlans(plans);
  withLte();
  const history = withHistory([]);
  const rendered = renderAt('/onboard/lte-proxy');
  expect(await screen.findByRole('heading', { level: 1, name: 'Get LTE Proxy' }, FIRST)).toBeInTheDocument();
  const field = (name: string) => screen.getByRole('combobox', { name });
  await waitFor(() => expect(field('Country')).toBeEnabled());
  return { ...rendered, field, history };
}

describe('LTE page', () => {
  it('lists the countries by name, the cities of the chosen country and clears city and ISP on a new country', async () => {
    const { user, field } = await ready();
    expect(optionTexts(field('Country'))).toEqual(['Select Country', 'Germany', 'United States']);
    expect(field('City')).toBeDisabled();
    expect(field('City')).toHaveDisplayValue('Select Country First');
    expect(field('ISP')).toBeDisabled();

    await user.selectOptions(field('Country'), 'us');
    await waitFor(() => expect(field('City')).toBeEnabled());
    expect(optionTexts(field('City'))).toEqual(['Select City', 'Miami', 'New York']);
    expect(field('ISP')).toHaveDisplayValue('Select City First');
    await user.selectOptions(field('City'), 'New York');
    await user.selectOptions(field('ISP'), 'lte-us-ny-tmobile-https');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();

    await user.selectOptions(field('Country'), 'de');
    expect(field('City')).toHaveValue('');
    expect(field('ISP')).toHaveValue('');
    expect(field('ISP')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await waitFor(() => expect(optionTexts(field('City'))).toEqual(['Select City', 'Berlin']));
  });

  it('offers HTTPS and WIFI records for Http/s and the SOCKS5 kinds for Socks5, out of stock disabled', async () => {
    const { user, field } = await ready();
    await user.selectOptions(field('Country'), 'us');
    await waitFor(() => expect(field('City')).toBeEnabled());
    await user.selectOptions(field('City'), 'New York');
    expect(optionTexts(field('ISP'))).toEqual(['Select ISP', 'T-Mobile · HTTPS (3 in stock)', 'Verizon · WIFI (1 in stock)']);
    await user.selectOptions(field('ISP'), 'lte-us-ny-verizon-wifi');

    await user.click(screen.getByRole('radio', { name: 'Socks5' }));
    expect(field('ISP')).toHaveValue('');
    expect(optionTexts(field('ISP'))).toEqual(['Select ISP', 'AT&T · SOCKS5-WIFI (out of stock)', 'T-Mobile · SOCKS5 (2 in stock)']);
    expect(within(field('ISP')).getByRole('option', { name: /AT&T/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();

    await user.selectOptions(field('City'), 'Miami');
    expect(optionTexts(field('ISP'))).toEqual(['No ISPs for this protocol']);
    expect(field('ISP')).toBeDisabled();
  });

  it('prices by the cheapest plan, lets another plan be picked and posts type, plan and the record id', async () => {
    const bodies = capture('/api/user/get_proxy', async () => {
      await delay(150);
      return HttpResponse.json({ success: true, proxies: [LTE_PROXY], message: 'Proxy Generated Successfully', user: makeUser({ balance: 30.01 }) });
    });
    const { user, field, history } = await ready();
    history.later(() => [{ proxy: LTE_PROXY, createdAt: Math.floor(Date.now() / 1000), type: 'lte', expiresAt: null, quantity: 1 }]);
    await waitFor(() => expect(screen.getByTestId('lte-price')).toHaveTextContent('$3.30'));
    expect(field('Plan')).toHaveDisplayValue('LTE 1 day · $3.30 per piece');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();

    await user.selectOptions(field('Country'), 'us');
    await waitFor(() => expect(field('City')).toBeEnabled());
    await user.selectOptions(field('City'), 'New York');
    await user.click(screen.getByRole('radio', { name: 'Socks5' }));
    await user.selectOptions(field('ISP'), 'lte-us-ny-tmobile-socks');
    await user.selectOptions(field('Plan'), '41');
    expect(screen.getByTestId('lte-price')).toHaveTextContent('$9.99');

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Proxies' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to buy this proxy?');
    expect(within(dialog).getByTestId('purchase-summary')).toHaveTextContent(
      '1 × LTE 7 days (New York, T-Mobile · SOCKS5) for $9.99, paid from your wallet balance.',
    );
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(await screen.findByText('Proxy Generated Successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'lte', plan: 41, location: 'lte-us-ny-tmobile-socks' }]);
    expect(await within(screen.getByRole('table', { name: 'Proxy history' })).findByText(LTE_PROXY)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Balance \$30\.01/ })).toBeInTheDocument();
  });

  it('keeps Generate disabled without any LTE plan', async () => {
    const { user, field } = await ready({ ...PLANS, lte: [] });
    await waitFor(() => expect(screen.getByTestId('lte-price')).toHaveTextContent('No plans available'));
    expect(screen.queryByRole('combobox', { name: 'Plan' })).not.toBeInTheDocument();
    await user.selectOptions(field('Country'), 'de');
    await waitFor(() => expect(field('City')).toBeEnabled());
    await user.selectOptions(field('City'), 'Berlin');
    await user.selectOptions(field('ISP'), 'lte-de-berlin-vodafone-https');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('has no plan selector with a single plan, and shows the server refusal', async () => {
    capture('/api/user/get_proxy', () => HttpResponse.json({ message: 'Insufficient balance' }, { status: 402 }));
    const { user, field } = await ready({ ...PLANS, lte: [PLANS.lte[0]!] });
    expect(screen.queryByRole('combobox', { name: 'Plan' })).not.toBeInTheDocument();
    await user.selectOptions(field('Country'), 'de');
    await waitFor(() => expect(field('City')).toBeEnabled());
    await user.selectOptions(field('City'), 'Berlin');
    await user.selectOptions(field('ISP'), 'lte-de-berlin-vodafone-https');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Buy Proxies' })).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
  });
});
