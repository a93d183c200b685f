// Visual check (not a test): the Generated Proxies page of a customer with three bought pieces
// (two Static Residential on the same gateway address, one Datacenter IPv4), one of them checked
// through the real gateway against a local IP-echo server, and a generated Premium line: the whole
// page and the "Your proxies" card at 1280 and 375 px, light and dark, against a real server, with
// axe's findings printed.
// Usage: npm run build && node e2e/pieces-screenshots.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { axeViolations } from './accessibility.mjs';
import { TIMEOUT, topUp } from './helpers.mjs';
import { frontendDir, launchBrowser, readCode, startServer } from './harness.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });

/** An IP-echo service on a free port: `{"ip": <caller>}` (the gateway, here 127.0.0.1). */
async function echoServer() {
  const echo = createServer((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ ip: request.socket.remoteAddress?.replace(/^::ffff:/, '') }));
  });
  await new Promise((done) => echo.listen(0, '127.0.0.1', done));
  return echo;
}

async function setUp(url, dataDir, page) {
  const email = 'grace.hopper@example.com';
  const request = page.context().request;
  const headers = { Origin: url };
  await request.post(`${url}/api/register_verification`, { headers, data: { email } });
  const registered = await request.post(`${url}/api/register`, {
    headers,
    data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(dataDir, email) },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  await topUp(page, url, 30);
  const buy = async (type, location, quantity) => {
    const { plan } = await (await request.get(`${url}/api/user/plan?type=${type}`)).json();
    const data = { type, plan: plan.plans[0].id, country: 'us', location, quantity };
    const bought = await request.post(`${url}/api/user/get_proxy`, { headers, data });
    if (!bought.ok()) throw new Error(`buy ${type}: ${bought.status()} ${await bought.text()}`);
  };
  await buy('static', 'us-comcast', 2);
  await buy('ipv4', 'ipv4-us', 1);
  const generated = await request.post(`${url}/api/user/generate`, {
    headers,
    data: { country: 'us', state: 'ca', city: 'losangeles', quantity: 1, rotation: 'sticky', port: 'http|https' },
  });
  if (!generated.ok()) console.log(`generate: ${generated.status()} ${await generated.text()} (no traffic line)`);
  const { items } = await (await request.get(`${url}/api/user/pieces`)).json();
  const checked = await request.post(`${url}/api/user/pieces/${items[0].id}/check`, { headers, data: {} });
  console.log('check of piece', items[0].id, checked.status(), await checked.text());
}

async function shoot(page, url) {
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/onboard/proxies`);
      await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
      await page.reload();
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your proxies', exact: true }) });
      await card.getByTestId('piece-row').first().waitFor({ timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
      let file = join(outDir, `proxies-page-${width}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const problems = await axeViolations(page);
      console.log(file, problems.length ? `\n  axe: ${problems.join('\n  axe: ')}` : '');
      const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
      if (overflow > 0) console.log(`  scrolls sideways by ${overflow} px`);
      file = join(outDir, `your-proxies-${width}-${theme}.png`);
      await card.screenshot({ path: file });
      console.log(file);
    }
  }
}

const echo = await echoServer();
const server = await startServer({
  env: { PROXYSHOP_CHECK_URL: `http://127.0.0.1:${echo.address().port}/ip`, PROXYSHOP_GATEWAY_ALLOW_PRIVATE: 'true' },
});
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  await setUp(server.url, server.dataDir, page);
  await shoot(page, server.url);
} finally {
  await browser.close();
  await server.stop();
  echo.close();
}
