// Bulk generation (issue 15): the quantity field, the list of lines with Copy all and Download,
// the Test button per line (POST /api/user/check) and the code snippets of the selected line.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { capture, choose, preloadRoutes, signedIn } from './test-support';

beforeAll(preloadRoutes);

const line = (n: number) => `gw.proxyshop.test:8000:uabc-type-premium-country-us-state-ca-city-losangeles-session-s${n}-lifetime-30:s3cret`;
const LINES = [line(1), line(2), line(3)];

async function generateThree() {
  signedIn();
  const bodies = capture('/api/user/generate', () => HttpResponse.json({ proxies: LINES, message: 'Proxy generated successfully' }));
  const rendered = renderAt('/onboard/rotating-proxy');
  const { user } = rendered;
  await screen.findByRole('button', { name: /^Country / });
  await choose(user, 'Country', 'United States');
  await choose(user, 'State', 'California');
  await choose(user, 'City', 'Los Angeles');
  await user.click(screen.getByRole('radio', { name: 'Sticky' }));
  const quantity = screen.getByLabelText('Quantity');
  expect(quantity).toHaveValue('1');
  await user.clear(quantity);
  await user.type(quantity, '3');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await screen.findByText('Proxy generated successfully');
  return { ...rendered, bodies };
}

describe('bulk generation', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('sends the quantity, lists every line, copies them all and downloads them in one file', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:proxy';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const { user, bodies } = await generateThree();
      expect(bodies).toEqual([{ country: 'us', state: 'ca', city: 'losangeles', quantity: 3, rotation: 'sticky', port: 'http|https' }]);
      const list = screen.getByRole('list', { name: 'Generated lines' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
      expect(screen.getByRole('heading', { name: 'Lines (3)' })).toBeInTheDocument();

      // the cards follow the selected line
      expect(screen.getByTestId('proxy-string')).toHaveTextContent(LINES[0]!);
      await user.click(screen.getByRole('button', { name: 'Select line 2' }));
      expect(screen.getByTestId('proxy-string')).toHaveTextContent(LINES[1]!);
      expect(screen.getByTestId('credential-username')).toHaveTextContent('session-s2');

      await user.click(screen.getByRole('button', { name: 'Copy all' }));
      expect(await screen.findByText('Copied Successfully')).toBeInTheDocument();
      expect(await navigator.clipboard.readText()).toBe(LINES.join('\n'));

      // the chosen output format applies to every line
      await user.selectOptions(screen.getByLabelText('Output format'), 'user:pass@host:port');
      expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('uabc-type-premium-country-us-state-ca-city-losangeles-session-s3-lifetime-30:s3cret@gw.proxyshop.test:8000');

      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Proxy file downloaded successfully')).toBeInTheDocument();
      const text = await blobs[0]!.text();
      expect(text.trimEnd().split('\n')).toHaveLength(3);
      expect(text).toContain('session-s1-lifetime-30:s3cret@gw.proxyshop.test:8000\n');
    } finally {
      click.mockRestore();
    }
  });

  it('refuses a quantity outside 1 to 1000 with its own message, and an empty one as a missing field', async () => {
    signedIn();
    const bodies = capture('/api/user/generate', () => HttpResponse.json({ proxies: LINES }));
    const { user } = renderAt('/onboard/rotating-proxy');
    await screen.findByRole('button', { name: /^Country / });
    await choose(user, 'Country', 'United States');
    await choose(user, 'State', 'California');
    await choose(user, 'City', 'Los Angeles');
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '1001');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Quantity must be between 1 and 1000')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findAllByText('Quantity must be between 1 and 1000')).not.toHaveLength(0);
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Please select all the fields')).toBeInTheDocument();
    // letters never reach the field
    await user.type(quantity, '2x5');
    expect(quantity).toHaveValue('25');
    expect(bodies).toHaveLength(0);
  });
});

describe('the checker', () => {
  it('tests a line and shows the exit IP and latency, or the reason in words', async () => {
    const checked: Array<{ proxy: string }> = [];
    server.use(
      http.post('*/api/user/check', async ({ request }) => {
        const body = (await request.json()) as { proxy: string };
        checked.push(body);
        return body.proxy.includes('session-s1')
          ? HttpResponse.json({ ok: true, exitIp: '203.0.113.9', latencyMs: 84, error: null })
          : HttpResponse.json({ ok: false, exitIp: null, latencyMs: null, error: 'No traffic left' });
      }),
    );
    const { user } = await generateThree();
    await user.click(screen.getByRole('button', { name: 'Test line 1' }));
    expect(await screen.findByRole('status', { name: 'Line 1 test' })).toHaveTextContent('Works · exit IP 203.0.113.9 · 84 ms');
    await user.click(screen.getByRole('button', { name: 'Test line 3' }));
    expect(await screen.findByRole('status', { name: 'Line 3 test' })).toHaveTextContent('Failed: No traffic left');
    expect(screen.queryByRole('status', { name: 'Line 2 test' })).not.toBeInTheDocument();
    expect(checked).toEqual([{ proxy: LINES[0] }, { proxy: LINES[2] }]);
  });

  it('emits host:port lines for IP allowlist authentication and still tests with the credentials', async () => {
    const checked: Array<{ proxy: string }> = [];
    server.use(
      http.post('*/api/user/check', async ({ request }) => {
        checked.push((await request.json()) as { proxy: string });
        return HttpResponse.json({ ok: true, exitIp: '203.0.113.9', latencyMs: 5, error: null });
      }),
    );
    const { user } = await generateThree();
    await user.click(screen.getByRole('radio', { name: 'IP allowlist' }));
    expect(screen.queryByLabelText('Output format')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings → IP allowlist' })).toHaveAttribute('href', '/onboard/settings/access');
    const list = screen.getByRole('list', { name: 'Generated lines' });
    for (const item of within(list).getAllByRole('listitem')) {
      expect(within(item).getByRole('button', { name: /^Select line/ })).toHaveTextContent(/^gw\.proxyshop\.test:8000$/);
    }
    expect(screen.getByTestId('proxy-string')).toHaveTextContent(/^gw\.proxyshop\.test:8000$/);
    await user.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(await navigator.clipboard.readText()).toBe(Array(3).fill('gw.proxyshop.test:8000').join('\n'));
    await user.click(screen.getByRole('button', { name: 'Test line 2' }));
    expect(await screen.findByRole('status', { name: 'Line 2 test' })).toHaveTextContent('Works');
    expect(checked).toEqual([{ proxy: LINES[1] }]);
    // back to credentials: the default output format again
    await user.click(screen.getByRole('radio', { name: 'Credentials' }));
    expect(screen.getByLabelText('Output format')).toHaveValue('host:port:user:pass');
  });

  it('shows a refusal of the check itself', async () => {
    capture('/api/user/check', () => HttpResponse.json({ message: 'Too many requests. Please try again later' }, { status: 429 }));
    const { user } = await generateThree();
    await user.click(screen.getByRole('button', { name: 'Test line 2' }));
    expect(await screen.findByRole('status', { name: 'Line 2 test' })).toHaveTextContent('Too many requests. Please try again later');
  });
});

describe('snippets', () => {
  it('fills curl, Python, Node, Playwright and Puppeteer with the selected line', async () => {
    const { user } = await generateThree();
    const code = () => screen.getByTestId('snippet').textContent;
    expect(code()).toBe(
      "curl --proxy 'http://gw.proxyshop.test:8000' --proxy-user 'uabc-type-premium-country-us-state-ca-city-losangeles-session-s1-lifetime-30:s3cret' 'https://api.ipify.org?format=json'",
    );
    await user.click(screen.getByRole('button', { name: 'Select line 2' }));
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    expect(screen.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'false');
    expect(code()).toContain('proxy = "http://uabc-type-premium-country-us-state-ca-city-losangeles-session-s2-lifetime-30:s3cret@gw.proxyshop.test:8000"');
    await user.click(screen.getByRole('tab', { name: 'Node' }));
    expect(code()).toContain("new ProxyAgent('http://uabc-type-premium");
    await user.click(screen.getByRole('tab', { name: 'Playwright' }));
    expect(code()).toContain("proxy: { server: 'http://gw.proxyshop.test:8000', username: 'uabc-type-premium-country-us-state-ca-city-losangeles-session-s2-lifetime-30', password: 's3cret' }");
    await user.click(screen.getByRole('tab', { name: 'Puppeteer' }));
    expect(code()).toContain("'--proxy-server=http://gw.proxyshop.test:8000'");
    expect(code()).toContain("page.authenticate({ username: 'uabc-type-premium-country-us-state-ca-city-losangeles-session-s2-lifetime-30', password: 's3cret' })");
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe(code());
  });
});
