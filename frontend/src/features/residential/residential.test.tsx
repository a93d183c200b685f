import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { statsQueryOptions } from '@/features/dashboard/api/get-stats';

// the lazily loaded route modules compile on first use; load them once up front so the first
// test's lookups do not time out
beforeAll(async () => {
  await Promise.all([
    import('@/features/dashboard/components/dashboard-layout'),
    import('@/features/dashboard/routes/budget-proxy'),
    import('@/features/dashboard/routes/premium-proxy'),
  ]);
});

const PROXY = 'gw.proxyshop.test:8000:uabc-type-budget-country-us-city-losangeles:s3cret';

const premiumLocations = {
  locations: [
    {
      code: 'us',
      name: 'United States',
      states: [
        { code: 'ca', name: 'California', cities: [{ code: 'losangeles', name: 'Los Angeles' }, { code: 'sanfrancisco', name: 'San Francisco' }] },
        { code: 'ny', name: 'New York', cities: [{ code: 'newyork', name: 'New York City' }] },
      ],
    },
    { code: 'de', name: 'Germany', states: [{ code: 'be', name: 'Berlin', cities: [{ code: 'berlin', name: 'Berlin' }] }] },
  ],
};
const budgetLocations = {
  locations: [
    { code: 'us', name: 'United States', cities: [{ code: 'losangeles', name: 'Los Angeles' }] },
    { code: 'fr', name: 'France', cities: [{ code: 'paris', name: 'Paris' }] },
  ],
};

function signedIn(balance = 40) {
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance }) })),
    http.get('*/api/user/residential_location', () => HttpResponse.json(premiumLocations)),
    http.get('*/api/user/budget_residential_location', () => HttpResponse.json(budgetLocations)),
  );
}

/** Captures the JSON bodies posted to `path` and answers with `reply`. */
function capture(path: string, reply: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

async function choose(user: ReturnType<typeof renderAt>['user'], label: string, option: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${label} `) }));
  await user.click(within(screen.getByRole('listbox', { name: label })).getByRole('option', { name: option }));
}

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

  it('refuses an incomplete form with "Please select all the fields" and shows server errors', async () => {
    signedIn();
    const bodies = capture('/api/user/generate_budget', () =>
      HttpResponse.json({ message: 'No traffic left for this plan. Buy a plan first.' }, { status: 402 }),
    );
    const { user } = renderAt('/onboard/budget-proxy');
    await screen.findByRole('button', { name: /^Country / });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Please select all the fields')).toBeInTheDocument();
    await choose(user, 'Country', 'United States');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(bodies).toHaveLength(0);
    await choose(user, 'City', 'Los Angeles');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('No traffic left for this plan. Buy a plan first.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
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
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: /^Country / })).toHaveTextContent('France');
    expect(screen.getByRole('button', { name: /^Country / })).toHaveFocus();
  });
});

describe('premium generator', () => {
  it('needs a state before cities, clears state and city on a new country, and posts the premium body', async () => {
    signedIn();
    const bodies = capture('/api/user/generate', () => HttpResponse.json({ proxies: [PROXY], message: 'Proxy generated successfully' }));
    const { user } = renderAt('/onboard/rotating-proxy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Residential Proxy (Premium)' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Rotation time')).not.toBeInTheDocument();

    await choose(user, 'Country', 'United States');
    expect(screen.getByRole('button', { name: /^City / })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^City / })).toHaveTextContent('Select State First');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Please select all the fields')).toBeInTheDocument();

    await choose(user, 'State', 'California');
    await choose(user, 'City', 'San Francisco');
    await choose(user, 'Country', 'Germany');
    expect(screen.getByRole('button', { name: /^State / })).toHaveTextContent('Select State');
    expect(screen.getByRole('button', { name: /^City / })).toHaveTextContent('Select State First');

    await choose(user, 'Country', 'United States');
    await choose(user, 'State', 'New York');
    await choose(user, 'City', 'New York City');
    await user.click(screen.getByRole('radio', { name: 'Sticky' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Proxy generated successfully');
    expect(bodies).toEqual([{ country: 'us', state: 'ny', city: 'newyork', quantity: 1, rotation: 'sticky', port: 'http|https' }]);
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

const plans = {
  plan: {
    name: 'premium',
    plans: [
      { id: 7, tag: null, name: '5GB', note: null, size: '5GB', price: 15, amount: 5, validityPeriod: '30 days', regions: ['US'], countrySelection: 'City-level', protocols: true, ipDuration: '1~240 minutes', availability: '99.7%' },
      { id: 8, tag: 'Popular', name: '40GB', note: null, size: '40GB', price: 96, amount: 40, validityPeriod: '30 days', regions: ['US'], countrySelection: 'City-level', protocols: true, ipDuration: '1~240 minutes', availability: '99.7%' },
    ],
  },
};

describe('plans tab', () => {
  it('confirms, buys the plan, replaces the user (balance) and refetches the stats', async () => {
    signedIn(40);
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/user/plan', () => HttpResponse.json(plans)),
      http.get('*/api/user/get_starts', () => {
        return HttpResponse.json({ success: true, premiumStat: { availableTraffic: bodies.length > 0 ? 5 : 0, usedTraffic: 0 }, budgetStat: { availableTraffic: 0, usedTraffic: 0 } });
      }),
      http.get('*/api/user/usage', () => HttpResponse.json({ type: 'premium', days: [] })),
      http.get('*/api/user/proxy_history', () => HttpResponse.json({ history: [] })),
    );
    server.use(
      http.post('*/api/user/get_plan', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Plan purchased successfully', user: makeUser({ balance: 25 }) });
      }),
    );
    const { user, client } = renderAt('/onboard/rotating-proxy');
    // the stats were loaded before (e.g. on the overview): the purchase must refresh them
    await client.query(statsQueryOptions);
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    expect(await screen.findByText('5 GB', { selector: 'dd' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy now: 5GB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Plan' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to buy this plan?');
    expect(within(dialog).getByTestId('buy-plan-summary')).toHaveTextContent('5 GB for $15.00');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Plan purchased successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'premium', planId: 7 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /^Balance \$25\.00/ })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Usage' }));
    await waitFor(() => expect(screen.getByTestId('usage-remaining')).toHaveTextContent('5.00 GB'));
  });

  it('shows the server refusal and keeps the dialog open', async () => {
    signedIn(1);
    server.use(http.get('*/api/user/plan', () => HttpResponse.json(plans)));
    capture('/api/user/get_plan', () => HttpResponse.json({ message: 'Insufficient balance' }, { status: 402 }));
    const { user } = renderAt('/onboard/budget-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    await user.click(await screen.findByRole('button', { name: 'Buy now: 40GB' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Buy Plan' })).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Buy Plan' })).toBeInTheDocument();
  });

  it('says No plans available when there are none', async () => {
    signedIn();
    const { user } = renderAt('/onboard/budget-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    expect(await screen.findByText('No plans available')).toBeInTheDocument();
  });
});

const isoDay = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

describe('usage tab', () => {
  function usage(days: Array<{ day: string; bytes: number }>, history: unknown[] = []) {
    server.use(
      http.get('*/api/user/get_starts', () =>
        HttpResponse.json({ success: true, premiumStat: { availableTraffic: 3.456, usedTraffic: 1.5 }, budgetStat: { availableTraffic: 0, usedTraffic: 0 } }),
      ),
      http.get('*/api/user/usage', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('type')).toBe('premium');
        expect(url.searchParams.get('days')).toBe('30');
        return HttpResponse.json({ type: 'premium', days });
      }),
      http.get('*/api/user/proxy_history', ({ request }) => {
        expect(new URL(request.url).searchParams.get('type')).toBe('premium');
        return HttpResponse.json({ history });
      }),
    );
  }

  it('charts 30 days of usage with GB tooltips, totals and the proxy history', async () => {
    signedIn();
    // 12 Mar 2025 12:05 UTC
    usage([{ day: isoDay(3), bytes: 1_234_000_000 }, { day: isoDay(0), bytes: 250_000_000 }], [
      { proxy: PROXY, createdAt: 1741781100, type: 'premium' },
    ]);
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Usage' }));

    expect(await screen.findByTestId('usage-remaining')).toHaveTextContent('3.46 GB');
    expect(screen.getByTestId('usage-used')).toHaveTextContent('1.50 GB');
    expect(screen.getByTestId('usage-total')).toHaveTextContent('4.96 GB');

    const chart = await screen.findByTestId('usage-chart');
    const bars = within(chart).getAllByTestId('usage-bar');
    expect(bars).toHaveLength(30);
    expect(bars[26]).toHaveAttribute('data-gb', '1.23');
    expect(bars[29]).toHaveAttribute('data-gb', '0.25');
    expect(bars[0]).toHaveAttribute('data-gb', '0.00');
    expect(chart).toHaveTextContent('Total 1.48 GB');

    const group = within(chart).getByRole('group');
    group.focus();
    await user.keyboard('{End}');
    expect(within(chart).getByTestId('usage-tooltip')).toHaveTextContent(/^\d{1,2} \w{3}: 0\.25 GB$/);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(within(chart).getByTestId('usage-tooltip')).toHaveTextContent('1.23 GB');

    const table = screen.getByRole('table', { name: 'Proxy history' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('12 Mar 2025')).toBeInTheDocument();
    expect(within(row).getByText('24h')).toBeInTheDocument();
    expect(within(row).getByText('Premium Residential')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Copy proxy' }));
    expect(await screen.findByText('Proxy Copied Successfully')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(PROXY);
  });

  it('shows empty states with no usage and no history', async () => {
    signedIn();
    usage([]);
    const { user } = renderAt('/onboard/rotating-proxy');
    await user.click(await screen.findByRole('tab', { name: 'Usage' }));
    expect(await screen.findByText('No usage yet')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-chart')).not.toBeInTheDocument();
    expect(await within(screen.getByRole('table', { name: 'Proxy history' })).findByText('No Proxy Generated')).toBeInTheDocument();
  });
});
