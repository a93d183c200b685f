// Visual check (not a test): the Premium generator with its optional targeting ("Any country",
// then a country alone) and the history of a customer who generated 1,000 rotating lines at
// once (one row "×1,000") and 3 sticky lines (3 rows), on the Usage tab and on Generated
// Proxies, at 1280 and 375 px, light and dark, against a real server (the sign-up's free trial
// is the Premium traffic).
// Usage: npm run build && node e2e/generator-history-screenshots.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { frontendDir, readCode, runScreenshots } from './harness.mjs';
import { TIMEOUT } from './helpers.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });

async function setUp(server, page) {
  const { url, dataDir } = server;
  const email = 'ada.lovelace@example.com';
  const request = page.request;
  await request.post(`${url}/api/register_verification`, { data: { email } });
  const registered = await request.post(`${url}/api/register`, {
    data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(dataDir, email) },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  const generate = async (data) => {
    const reply = await request.post(`${url}/api/user/generate`, { data });
    if (!reply.ok()) throw new Error(`generate: ${reply.status()} ${await reply.text()}`);
  };
  await generate({ country: 'us', state: 'ca', city: 'losangeles', quantity: 3, rotation: 'sticky', port: 'socks5' });
  await generate({ country: 'de', quantity: 1000, rotation: 'random', port: 'http|https' });
}

async function shot(locator, name) {
  const file = join(outDir, name);
  await locator.screenshot({ path: file });
  console.log(file);
}

async function shoot(page, url) {
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/onboard/rotating-proxy`);
      await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
      await page.reload();
      const form = page.getByRole('form', { name: 'Generate proxy' });
      const country = form.getByRole('button', { name: /^Country / });
      await country.waitFor({ timeout: TIMEOUT });
      await shot(form, `generator-any-${width}-${theme}.png`);
      await country.click();
      await form.getByRole('option', { name: 'Any country' }).waitFor({ timeout: TIMEOUT });
      await shot(form, `generator-country-list-${width}-${theme}.png`);
      await form.getByRole('combobox', { name: 'Search country' }).fill('united states');
      await form.getByRole('option', { name: 'United States', exact: true }).click();
      await form.getByRole('button', { name: /^State / }).filter({ hasText: 'Any state' }).waitFor({ timeout: TIMEOUT });
      await shot(form, `generator-country-only-${width}-${theme}.png`);

      await page.getByRole('tab', { name: 'Usage' }).click();
      const history = page.getByRole('region', { name: 'Proxy history', exact: true });
      await history.getByTestId('line-count').waitFor({ timeout: TIMEOUT });
      await shot(history, `history-usage-${width}-${theme}.png`);

      await page.goto(`${url}/onboard/proxies`);
      const list = width < 640 ? page.getByTestId('proxy-cards') : page.getByRole('table', { name: 'Generated proxies' });
      await list.getByTestId('line-count').first().waitFor({ timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
      await shot(list, `history-proxies-${width}-${theme}.png`);
    }
  }
}

await runScreenshots(setUp, shoot);
