// The Premium and Budget generate forms, and copying and downloading what they produce.
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { PROXY, capture, choose, preloadRoutes, signedIn } from './test-support';

beforeAll(preloadRoutes);

describe('budget generator', () => {
  it('maps the form to the budget body, shows the credentials and the proxy in the chosen format', async () => {
    signedIn();
    const bodies = capture('/api/user/generate_budget', () => HttpResponse.json({ proxies: [PROXY], message: 'Proxy generated successfully' }));
    const { user } = renderAt('/onboard/budget-proxy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Residential Proxy' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Dashboard', 'Residential Proxies', 'Residential-Proxy']);

    // before anything: Not Generated and the empty proxy card
    expect(screen.getByTestId('credential-username')).toHaveTextContent('Not Generated');
    expect(screen.getByTestId('credential-password')).toHaveTextContent('Not Generated');
    expect(screen.getByText('No Proxy Generated')).toBeInTheDocument();
    expect(screen.getByText('No proxy generated yet. Please generate a proxy first.')).toBeInTheDocument();

    // the city waits for a country; rotation time only for Rotating, 15 by default
    const city = await screen.findByRole('button', { name: /^City / });
    expect(city).toBeDisabled();
    expect(city).toHaveTextContent('Select Country First');
    expect(screen.queryByRole('button', { name: /^State / })).not.toBeInTheDocument();
    const rotationTime = screen.getByLabelText('Rotation time');
    expect(rotationTime).toHaveValue('15');
    expect(within(rotationTime).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '15 Minutes', '30 Minutes', '1 Hour', '4 Hour', '6 Hour', '12 Hour', '18 Hour', '1 Day',
    ]);
    await user.selectOptions(rotationTime, '60');

    await choose(user, 'Country', 'United States');
    await choose(user, 'City', 'Los Angeles');
    await user.click(screen.getByRole('radio', { name: 'Socks5' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('Proxy generated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ country: 'us', state: '', city: '-city-losangeles', quantity: 1, lifetime: 60, rotation: 'random', port: 'socks5' }]);
    expect(screen.getByTestId('credential-username')).toHaveTextContent('uabc-type-budget-country-us-city-losangeles');
    expect(screen.getByTestId('credential-password')).not.toHaveTextContent('s3cret');
    expect(screen.getByTestId('proxy-string')).toHaveTextContent(PROXY);

    await user.selectOptions(screen.getByLabelText('Output format'), 'user:pass@host:port');
    expect(screen.getByTestId('proxy-string')).toHaveTextContent('uabc-type-budget-country-us-city-losangeles:s3cret@gw.proxyshop.test:8000');
  });

  it('sends lifetime 0 for Sticky and hides the rotation time', async () => {
    signedIn();
    const bodies = capture('/api/user/generate_budget', () => HttpResponse.json({ proxies: [PROXY], message: 'Proxy generated successfully' }));
    const { user } = renderAt('/onboard/budget-proxy');
    await screen.findByRole('button', { name: /^Country / });
    await user.click(screen.getByRole('radio', { name: 'Sticky' }));
    expect(screen.queryByLabelText('Rotation time')).not.toBeInTheDocument();
    await choose(user, 'Country', 'France');
    await choose(user, 'City', 'Paris');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Proxy generated successfully');
    expect(bodies).toEqual([{ country: 'fr', state: '', city: '-city-paris', quantity: 1, lifetime: 0, rotation: 'sticky', port: 'http|https' }]);
  });

  it('generates for any country or a country alone, refuses only an empty quantity, and shows server errors', async () => {
    signedIn();
    const bodies = capture('/api/user/generate_budget', () =>
      HttpResponse.json({ message: 'No traffic left for this plan. Buy a plan first.' }, { status: 402 }),
    );
    const { user } = renderAt('/onboard/budget-proxy');
    const country = await screen.findByRole('button', { name: /^Country / });
    expect(country).toHaveTextContent('Any country');
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Please select all the fields')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(quantity, '1');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('No traffic left for this plan. Buy a plan first.')).toBeInTheDocument();
    expect(bodies).toEqual([{ country: '', state: '', city: '', quantity: 1, lifetime: 15, rotation: 'random', port: 'http|https' }]);

    await choose(user, 'Country', 'United States');
    const city = screen.getByRole('button', { name: /^City / });
    expect(city).toBeEnabled();
    expect(city).toHaveTextContent('Any city');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ country: 'us', state: '', city: '', quantity: 1, lifetime: 15, rotation: 'random', port: 'http|https' });

    // a city, then back to any country: the city goes with it
    await choose(user, 'City', 'Los Angeles');
    await choose(user, 'Country', 'Any country');
    expect(screen.getByRole('button', { name: /^City / })).toHaveTextContent('Select Country First');
    expect(screen.getByTestId('credential-username')).toHaveTextContent('Not Generated');
  });

  it('filters the country list, says Not Found for no match and caps the list at 300 px', async () => {
    signedIn();
    const { user } = renderAt('/onboard/budget-proxy');
    await user.click(await screen.findByRole('button', { name: /^Country / }));
    const list = screen.getByRole('listbox', { name: 'Country' });
    expect(list).toHaveClass('max-h-[300px]');
    const search = screen.getByRole('combobox', { name: 'Search country' });
    expect(search).toHaveFocus();
    await user.type(search, 'fra');
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['France']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(within(list).getByRole('option', { name: 'Not Found' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(search);
    // "Any country" heads the list and is the one chosen at first
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any country', 'United States', 'France']);
    expect(within(list).getByRole('option', { name: 'Any country' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: /^Country / })).toHaveTextContent('France');
    expect(screen.getByRole('button', { name: /^Country / })).toHaveFocus();
  });
});

describe('premium generator', () => {
  it('takes a country alone, needs a state before cities, clears state and city on a new country, and posts the premium body', async () => {
    signedIn();
    const bodies = capture('/api/user/generate', () => HttpResponse.json({ proxies: [PROXY], message: 'Proxy generated successfully' }));
    const { user } = renderAt('/onboard/rotating-proxy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Residential Proxy (Premium)' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Rotation time')).not.toBeInTheDocument();

    expect(await screen.findByRole('button', { name: /^Country / })).toHaveTextContent('Any country');
    expect(screen.getByRole('button', { name: /^State / })).toHaveTextContent('Select Country First');
    await choose(user, 'Country', 'United States');
    expect(screen.getByRole('button', { name: /^State / })).toHaveTextContent('Any state');
    expect(screen.getByRole('button', { name: /^City / })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^City / })).toHaveTextContent('Select State First');
    // a country alone is enough
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Proxy generated successfully');
    expect(bodies).toEqual([{ country: 'us', state: '', city: '', quantity: 1, rotation: 'random', port: 'http|https' }]);

    await choose(user, 'State', 'California');
    expect(screen.getByRole('button', { name: /^City / })).toHaveTextContent('Any city');
    await choose(user, 'City', 'San Francisco');
    await choose(user, 'Country', 'Germany');
    expect(screen.getByRole('button', { name: /^State / })).toHaveTextContent('Any state');
    expect(screen.getByRole('button', { name: /^City / })).toHaveTextContent('Select State First');

    await choose(user, 'Country', 'United States');
    await choose(user, 'State', 'New York');
    await choose(user, 'City', 'New York City');
    await user.click(screen.getByRole('radio', { name: 'Sticky' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ country: 'us', state: 'ny', city: 'newyork', quantity: 1, rotation: 'sticky', port: 'http|https' });
    expect(bodies).toHaveLength(2);
  });

  it('keeps Generate busy while the call is pending', async () => {
    signedIn();
    capture('/api/user/generate', async () => {
      await delay(200);
      return HttpResponse.json({ proxies: [PROXY] });
    });
    const { user } = renderAt('/onboard/rotating-proxy');
    await choose(user, 'Country', 'Germany');
    await choose(user, 'State', 'Berlin');
    await choose(user, 'City', 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    // no message in the answer: the fallback
    expect(await screen.findByText('Proxy generated successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });
});

describe('copy and download', () => {
  // jsdom has no object URLs: each test that downloads puts its own in place, removed afterwards
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  async function generated() {
    signedIn();
    capture('/api/user/generate_budget', () => HttpResponse.json({ proxies: [PROXY], message: 'Proxy generated successfully' }));
    const rendered = renderAt('/onboard/budget-proxy');
    const { user } = rendered;
    await choose(user, 'Country', 'United States');
    await choose(user, 'City', 'Los Angeles');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByTestId('proxy-string');
    return rendered;
  }

  it('copies the username, the password, the proxy and single fields with their confirmations', async () => {
    const { user } = await generated();
    await user.click(screen.getByRole('button', { name: 'Copy username' }));
    expect(await screen.findByText('Username copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('uabc-type-budget-country-us-city-losangeles');

    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(await screen.findByText('Password copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('s3cret');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByTestId('credential-password')).toHaveTextContent('s3cret');

    await user.selectOptions(screen.getByLabelText('Output format'), 'host:port@user:pass');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Proxy copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('gw.proxyshop.test:8000@uabc-type-budget-country-us-city-losangeles:s3cret');

    await user.click(screen.getByRole('button', { name: 'Port: 8000. Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('8000');
  });

  it('downloads proxy_<date>.txt as text/plain', async () => {
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:proxy';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    try {
      const { user } = await generated();
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Proxy file downloaded successfully')).toBeInTheDocument();
      expect(downloads).toEqual([expect.stringMatching(/^proxy_\d{4}-\d{2}-\d{2}\.txt$/)]);
      expect(blobs[0]!.type).toBe('text/plain');
      expect(await blobs[0]!.text()).toBe(`${PROXY}\n`);
    } finally {
      click.mockRestore();
    }
  });

  it('refuses a download before a proxy exists, and says when the download fails', async () => {
    signedIn();
    const { user } = renderAt('/onboard/budget-proxy');
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('No proxy available to download')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy username' })).toBeDisabled();
  });

  it('shows "Failed to download proxy file" when the browser refuses the file', async () => {
    URL.createObjectURL = () => {
      throw new Error('blocked');
    };
    const { user } = await generated();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Failed to download proxy file')).toBeInTheDocument();
  });
});

