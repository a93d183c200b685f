// Visual check of the operator console (not a test): screenshots of its screens at 1280 and 375 px
// in light and dark, signed in as the server's first-start admin. With `--fixtures` the browser
// answers /api/admin/* with the made-up data of e2e/admin-fixtures.mjs (for a server without the
// admin routes); otherwise the server answers, after a little seeding through the API.
// Usage: npm run build && node e2e/admin-screenshots.mjs [--fixtures] [route-filter]
//        (SHOTS_DIR=<folder> to write elsewhere than e2e/screenshots/admin)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations } from './accessibility.mjs';
import { answer } from './admin-fixtures.mjs';
import { frontendDir, launchBrowser, readCode, readInitialAdmin, startServer } from './harness.mjs';

const args = process.argv.slice(2);
const fixtures = args.includes('--fixtures');
const filter = args.find((arg) => !arg.startsWith('--')) ?? '';
const outDir = process.env.SHOTS_DIR ?? join(frontendDir, 'e2e/screenshots/admin');
mkdirSync(outDir, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  const headers = { Origin: server.url };
  const login = await page.request.post(`${server.url}/api/login`, { headers, data: readInitialAdmin(server.dataDir) });
  if (!login.ok()) throw new Error(`admin login: ${login.status()}`);

  let customerId = 100;
  let paymentId = null;
  if (fixtures) {
    await page.route('**/api/admin/**', (route) => {
      const body = answer(new URL(route.request().url()));
      return body ? route.fulfill({ json: body }) : route.fulfill({ status: 404, json: { message: 'Not found' } });
    });
    paymentId = 'pay_' + (0x5f3a9 + 977).toString(36);
  } else {
    // one customer with a top-up, a credit and a pending payment
    const customer = await browser.context.browser()?.newContext();
    const request = customer ? customer.request : page.request;
    const email = `shots-${Date.now()}@example.com`;
    await request.post(`${server.url}/api/register_verification`, { headers, data: { email } });
    await request.post(`${server.url}/api/register`, { headers, data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(server.dataDir, email) } });
    const created = await request.post(`${server.url}/api/payment`, { headers, data: { amount: 10, method: 'cryptomous', currency: 'USDT' } });
    paymentId = (await created.json()).paymentId;
    // the admin routes a server may not have yet are skipped, with a note
    const step = async (what, call) => {
      const response = await call();
      if (!response.ok()) console.log(`seeding: ${what} answered ${response.status()}, skipped`);
      return response.ok() ? response.json() : null;
    };
    const found = await step('customer search', () => page.request.get(`${server.url}/api/admin/users?q=${encodeURIComponent(email)}`));
    customerId = found?.items?.[0]?.id ?? customerId;
    await step('balance', () => page.request.post(`${server.url}/api/admin/users/${customerId}/balance`, { headers, data: { amount: 5, reason: 'Goodwill credit after outage' } }));
    await step('traffic', () => page.request.post(`${server.url}/api/admin/users/${customerId}/traffic`, { headers, data: { type: 'premium', gb: 2.5, reason: 'Trial extension' } }));
    // a generated line (shown masked in the view as customer) and two notes
    await step('generate', () => request.post(`${server.url}/api/user/generate`, { headers, data: { country: 'us', state: 'ca', city: 'losangeles', quantity: 2, rotation: 'sticky', port: 'http|https' } }));
    await step('note', () => page.request.post(`${server.url}/api/admin/users/${customerId}/notes`, { headers, data: { text: 'Asked about refunds for the outage on 20 Nov.\nCredited $5 as goodwill.' } }));
    await step('note', () => page.request.post(`${server.url}/api/admin/users/${customerId}/notes`, { headers, data: { text: 'Prefers email over chat.' } }));
    await customer?.close();
  }

  const routes = ['/admin', '/admin?period=90d', '/admin/customers', `/admin/customers/${customerId}`, `/admin/customers/${customerId}/view`, '/admin/plans', '/admin/stock', '/admin/orders', '/admin/payments', `/admin/payments/${paymentId}`, '/admin/audit'];
  const name = (route, width, theme, extra = '') => `${route.replace(/[^a-z0-9]+/gi, '_').replace(/_\d+$|_\d+_view$|_pay_\w+$/, (m) => (m.endsWith('_view') ? '_id_view' : '_id'))}${extra}-${width}-${theme}.png`;
  const open = async (route, width, theme) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(server.url + route);
    await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
    await page.reload();
    await page.waitForSelector('main h1');
    await page.waitForLoadState('networkidle');
  };
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      for (const route of routes.filter((r) => r.includes(filter))) {
        await open(route, width, theme);
        const file = name(route, width, theme);
        await page.screenshot({ path: join(outDir, file), fullPage: true });
        const problems = await axeViolations(page);
        console.log(file, problems.length ? `\n  axe: ${problems.join('\n  axe: ')}` : '');
      }
      if (!filter || 'dialogs'.includes(filter)) {
        await open(`/admin/customers/${customerId}`, width, theme);
        await page.getByRole('button', { name: 'Adjust balance' }).click();
        const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
        await dialog.getByLabel('Amount (USD)').fill('5');
        await dialog.getByLabel('Reason').fill('Goodwill credit after outage');
        await dialog.getByRole('button', { name: 'Review' }).click();
        await dialog.getByTestId('confirm-statement').waitFor();
        await page.screenshot({ path: join(outDir, name('/admin/customers/1', width, theme, '_balance_confirm')) });
        await open(`/admin/customers/${customerId}`, width, theme);
        await page.getByRole('button', { name: 'Force password reset' }).click();
        const reset = page.getByRole('dialog', { name: 'Force password reset' });
        await reset.getByLabel('Reason').fill('Account taken over, customer asked');
        await reset.getByRole('button', { name: 'Review' }).click();
        await reset.getByTestId('confirm-statement').waitFor();
        await page.screenshot({ path: join(outDir, name('/admin/customers/1', width, theme, '_reset_confirm')) });
        await open('/admin/plans', width, theme);
        await page.getByRole('button', { name: 'New plan' }).click();
        await page.getByRole('dialog', { name: 'New plan' }).getByRole('button', { name: 'Create plan' }).click();
        await page.getByRole('dialog', { name: 'New plan' }).getByText('Please enter a plan name (1–80 characters)').waitFor();
        await page.screenshot({ path: join(outDir, name('/admin/plans', width, theme, '_form_errors')) });
        await open('/admin/orders?status=unknown', width, theme);
        const resolve = page.getByRole('button', { name: /^Resolve order/ }).first();
        if (await resolve.count()) {
          await resolve.click();
          await page.getByRole('radio', { name: 'Delivered: record the proxies' }).check();
          await page.screenshot({ path: join(outDir, name('/admin/orders', width, theme, '_resolve')) });
        }
        console.log('dialogs', width, theme);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
