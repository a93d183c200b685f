// The static and IPv4 pages: plan list → buy form → get_proxy, and the history below.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { capture, FIRST, OLD_PROXY, preloadRoutes, signedIn, withHistory, withPlans, withStock } from './test-support';

beforeAll(preloadRoutes);

const NEW_PROXIES = ['static.gw.test:9001:u1:p1', 'static.gw.test:9002:u2:p2'];
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => `${option.textContent}${(option as HTMLOptionElement).disabled ? ' [disabled]' : ''}`);

function setUp() {
  signedIn(40);
  withPlans();
  withStock();
}

/** Confirms the purchase in the "Buy Proxies" dialog; returns the dialog's text. */
async function confirmBuy(user: ReturnType<typeof renderAt>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Buy Proxies' });
  const text = dialog.textContent;
  await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
  return text;
}

async function openForm(path: string, planName: string) {
  const rendered = renderAt(path);
  await rendered.user.click(await screen.findByRole('button', { name: `Buy now: ${planName}` }, FIRST));
  await screen.findByRole('form', { name: 'Buy proxies' });
  return rendered;
}

describe('static buy form', () => {
  it('lists plans per piece, opens the form and goes Back to the list', async () => {
    setUp();
    withHistory();
    const { user } = renderAt('/onboard/static-proxy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Static Residential Proxy' }, FIRST)).toBeInTheDocument();
    expect(await screen.findByText('/piece')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy now: Static 30 days' }));
    expect(await screen.findByRole('heading', { name: 'Buy Static 30 days' })).toHaveFocus();
    expect(screen.getByTestId('piece-price')).toHaveTextContent('$2.50 per piece');
    expect(screen.queryByRole('button', { name: /^Buy now/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Buy now: Static 30 days' })).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Buy proxies' })).not.toBeInTheDocument();
  });

  it('offers the ISPs of the chosen country, disables out-of-stock options and clears the ISP on a new country', async () => {
    setUp();
    withHistory();
    const bodies = capture('/api/user/get_proxy', () => HttpResponse.json({ success: true, proxies: NEW_PROXIES, message: 'ok' }));
    const { user } = await openForm('/onboard/static-proxy', 'Static 30 days');
    const country = await screen.findByRole('combobox', { name: 'Country' });
    const isp = screen.getByRole('combobox', { name: 'ISP' });
    expect(options(country)).toEqual(['Select Country', 'United States (118 in stock)', 'Germany (7 in stock)', 'France (out of stock) [disabled]']);
    expect(isp).toBeDisabled();
    expect(isp).toHaveDisplayValue('Select Country First');

    await user.selectOptions(country, 'us');
    expect(options(isp)).toEqual(['Select ISP', 'Comcast (40 in stock)', 'AT&T (out of stock) [disabled]']);
    await user.selectOptions(isp, 'us-comcast');
    expect(isp).toHaveValue('us-comcast');

    await user.selectOptions(country, 'de');
    expect(isp).toHaveValue('');
    expect(options(isp)).toEqual(['Select ISP', 'Telekom (7 in stock)']);
    // the form's own value is cleared too, not only what the select shows
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Please select all the fields')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('validates the quantity with the SPEC messages and shows the live total', async () => {
    setUp();
    withHistory();
    const { user } = await openForm('/onboard/static-proxy', 'Static 30 days');
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    expect(quantity).toHaveValue('1');
    expect(screen.getByTestId('total-price')).toHaveTextContent('$2.50');

    await user.clear(quantity);
    expect(await screen.findByText('Please enter a valid number')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('total-price')).toHaveTextContent('$0.00');

    await user.type(quantity, '0');
    expect(await screen.findByText('Please enter a valid quantity')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    expect(await screen.findByText('Please enter a valid quantity')).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '1x2');
    expect(quantity).toHaveValue('12');
    await waitFor(() => expect(screen.queryByText('Please enter a valid quantity')).not.toBeInTheDocument());
    expect(screen.getByTestId('total-price')).toHaveTextContent('$30.00');
  });

  it('refuses a missing country or ISP with "Please select all the fields"', async () => {
    setUp();
    withHistory();
    const bodies = capture('/api/user/get_proxy', () => HttpResponse.json({ success: true, proxies: NEW_PROXIES, message: 'ok' }));
    const { user } = await openForm('/onboard/static-proxy', 'Static 30 days');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'us');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Please select all the fields')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('posts the static body, puts the new proxies at the front of the history, replaces the user and toasts', async () => {
    setUp();
    const history = withHistory();
    const bodies = capture('/api/user/get_proxy', () =>
      HttpResponse.json({ success: true, proxies: NEW_PROXIES, message: 'Proxy Generated Successfully', user: makeUser({ balance: 35 }) }),
    );
    const { user } = await openForm('/onboard/static-proxy', 'Static 30 days');
    const table = screen.getByRole('table', { name: 'Proxy history' });
    expect(await within(table).findByText(OLD_PROXY)).toBeInTheDocument();
    // the refetch after the purchase never answers: only the cache update can show the new proxies
    let release: () => void = () => undefined;
    history.later(() => new Promise((resolve) => (release = () => resolve([]))));

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'us');
    await user.selectOptions(screen.getByRole('combobox', { name: 'ISP' }), 'us-comcast');
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(screen.getByTestId('total-price')).toHaveTextContent('$5.00');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Proxies' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to buy these 2 proxies?');
    expect(within(dialog).getByTestId('purchase-summary')).toHaveTextContent(
      '2 × Static 30 days (United States, Comcast) at $2.50 each: $5.00 in total, paid from your wallet balance.',
    );
    expect(bodies).toHaveLength(0);
    await confirmBuy(user);

    expect(await screen.findByText('Proxy Generated Successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'static', plan: 21, country: 'us', location: 'us-comcast', quantity: 2 }]);
    await waitFor(() => {
      const proxies = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.firstChild!.textContent);
      expect(proxies).toEqual([...NEW_PROXIES, OLD_PROXY]);
    });
    expect(await screen.findByRole('button', { name: /^Balance \$35\.00/ })).toBeInTheDocument();
    expect(history.types.every((type) => type === 'static')).toBe(true);
    release();
  });

  it('shows the server refusal, and the delayed delivery as information', async () => {
    setUp();
    withHistory();
    let status = 409;
    capture('/api/user/get_proxy', () =>
      status === 409
        ? HttpResponse.json({ message: 'Not enough proxies in stock' }, { status: 409 })
        : HttpResponse.json({ success: true, proxies: [], message: 'Your proxies will be ready in a few minutes' }, { status: 202 }),
    );
    const { user } = await openForm('/onboard/static-proxy', 'Static 30 days');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'de');
    await user.selectOptions(screen.getByRole('combobox', { name: 'ISP' }), 'de-telekom');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await confirmBuy(user);
    expect(await screen.findByText('Not enough proxies in stock')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    status = 202;
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await confirmBuy(user);
    expect(await screen.findByText('Your proxies will be ready in a few minutes')).toBeInTheDocument();
  });

  it('shows the history with its expiry, copies a proxy and fits narrow screens', async () => {
    setUp();
    withHistory();
    const { user } = renderAt('/onboard/static-proxy');
    const table = await screen.findByRole('table', { name: 'Proxy history' }, FIRST);
    await within(table).findByText(OLD_PROXY);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(table).getByRole('columnheader', { name: 'Expires' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Plan' })).not.toBeInTheDocument();
    expect(within(row).getByText('12 Mar 2025')).toBeInTheDocument();
    expect(within(row).getAllByText('Expired')).toHaveLength(2); // the Expires column and the narrow-screen line
    expect(within(row).getByText('Static Residential')).toBeInTheDocument();
    // under 640 px only Ip and Action stay as columns; the rest folds under the proxy
    expect(within(table).getByRole('columnheader', { name: 'Date' })).toHaveClass('hidden', 'sm:table-cell');
    expect(within(row).getByText('12 Mar 2025 · Static Residential')).toHaveClass('sm:hidden');
    expect(within(row).getByTestId('narrow-expiry')).toHaveTextContent('Expired');
    expect(screen.getByRole('region', { name: 'Proxy history table' })).toHaveAttribute('tabindex', '0');
    await user.click(within(row).getByRole('button', { name: 'Copy proxy' }));
    expect(await screen.findByText('Proxy copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(OLD_PROXY);
  });
});

describe('piece purchase confirmation', () => {
  it('asks before buying; Cancel buys nothing and keeps the form', async () => {
    setUp();
    withHistory([]);
    const bodies = capture('/api/user/get_proxy', () => HttpResponse.json({ success: true, proxies: NEW_PROXIES }));
    const { user } = await openForm('/onboard/static-proxy', 'Static 30 days');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'us');
    await user.selectOptions(screen.getByRole('combobox', { name: 'ISP' }), 'us-comcast');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Proxies' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to buy this proxy?');
    expect(within(dialog).getByTestId('purchase-summary')).toHaveTextContent('1 × Static 30 days (United States, Comcast) at $2.50 each: $2.50 in total');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'ISP' })).toHaveValue('us-comcast');
  });
});

describe('IPv4 buy form', () => {
  it('picks the country id as location and posts type, plan, location and quantity', async () => {
    setUp();
    withHistory([]);
    const bodies = capture('/api/user/get_proxy', () => HttpResponse.json({ success: true, proxies: ['10.0.0.1:8000:u:p'] }));
    const { user } = await openForm('/onboard/ipv4-proxy', 'IPv4 30 days');
    expect(screen.getByRole('heading', { level: 1, name: 'Get IPv4 Proxy' })).toBeInTheDocument();
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(options(country)).toEqual(['Select Country', 'United States (480 in stock)', 'Japan (out of stock) [disabled]']);
    expect(screen.queryByRole('combobox', { name: 'ISP' })).not.toBeInTheDocument();
    await user.selectOptions(country, 'ipv4-us');
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByTestId('total-price')).toHaveTextContent('$3.60');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await confirmBuy(user)).toContain('3 × IPv4 30 days (United States) at $1.20 each: $3.60 in total');
    // no message in the answer: the fallback
    expect(await screen.findByText('Proxy Generated Successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'ipv4', plan: 31, location: 'ipv4-us', quantity: 3 }]);
  });
});
