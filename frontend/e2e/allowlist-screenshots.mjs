// Visual check (not a test): the Settings → IP allowlist card of a customer with two static
// proxies, a Premium entry and an entry for one of the pieces, and its Add dialog with Static
// Residential chosen (the piece choice in place of the targeting) and with LTE Mobile chosen (no
// LTE proxy: the empty note), at 1280 and 390 px, light and dark, against a real server.
// Usage: npm run build && node e2e/allowlist-screenshots.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TIMEOUT, topUp } from './helpers.mjs';
import { frontendDir, readCode, runScreenshots } from './harness.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });

async function setUp(server, page) {
  const { url, dataDir } = server;
  const email = 'alan.turing@example.com';
  const request = page.request;
  await request.post(`${url}/api/register_verification`, { data: { email } });
  const registered = await request.post(`${url}/api/register`, {
    data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(dataDir, email) },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  await topUp(page, url, 20);
  const { plan } = await (await request.get(`${url}/api/user/plan?type=static`)).json();
  const bought = await request.post(`${url}/api/user/get_proxy`, {
    headers: { Origin: url },
    data: { type: 'static', plan: plan.plans[0].id, country: 'us', location: 'us-comcast', quantity: 2 },
  });
  if (!bought.ok()) throw new Error(`buy: ${bought.status()} ${await bought.text()}`);
  const office = await request.post(`${url}/api/user/allowlist`, { data: { ip: '203.0.113.0/24', type: 'premium', country: 'us', rotation: 'sticky' } });
  if (!office.ok()) throw new Error(`allowlist: ${office.status()} ${await office.text()}`);
}

/** Settings with the Add dialog open, the address typed and `kind` chosen. */
async function openDialog(page, url, width, theme, kind) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${url}/onboard/settings/access`);
  await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
  await page.reload();
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'IP allowlist', exact: true }) });
  await card.getByTestId('allowlist-row').first().waitFor({ timeout: TIMEOUT });
  await card.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Allowlist an address' });
  await dialog.getByLabel('IP address or range').fill('198.51.100.7');
  await dialog.getByLabel('Proxy type').selectOption(kind);
  return { card, dialog };
}

async function shoot(page, url) {
  // the piece entry, added through the dialog
  {
    const { card, dialog } = await openDialog(page, url, 1280, 'light', 'static');
    const choice = dialog.getByLabel('Proxy', { exact: true });
    await choice.locator('option').nth(1).waitFor({ state: 'attached', timeout: TIMEOUT });
    await choice.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await card.getByTestId('allowlist-row').nth(1).waitFor({ timeout: TIMEOUT });
  }
  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark']) {
      const { card, dialog } = await openDialog(page, url, width, theme, 'static');
      const choice = dialog.getByLabel('Proxy', { exact: true });
      await choice.locator('option').nth(1).waitFor({ state: 'attached', timeout: TIMEOUT });
      await choice.selectOption({ index: 2 });
      await page.waitForLoadState('networkidle');
      let file = join(outDir, `allowlist-piece-${width}-${theme}.png`);
      await page.screenshot({ path: file });
      console.log(file);

      await dialog.getByLabel('Proxy type').selectOption('lte');
      await dialog.getByTestId('allowlist-no-pieces').waitFor({ timeout: TIMEOUT });
      file = join(outDir, `allowlist-no-pieces-${width}-${theme}.png`);
      await page.screenshot({ path: file });
      console.log(file);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT });
      file = join(outDir, `allowlist-card-${width}-${theme}.png`);
      await card.screenshot({ path: file });
      console.log(file);
    }
  }
}

await runScreenshots(setUp, shoot);
