// Visual check (not a test): the Settings → Sub-users card of a customer with four sub-users
// (capped and partly used, capped and used up, uncapped, switched off) and a main connection cap,
// and the Premium generator's Credential choice, at 1280 and 390 px, light and dark, against a
// real server. The used bytes are written straight into the SQLite file with the sqlite3 tool
// (only the gateway settles them otherwise); without it the bars show nothing used.
// Usage: npm run build && node e2e/subusers-screenshots.mjs [output dir]
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { frontendDir, readCode, runScreenshots } from './harness.mjs';
import { TIMEOUT } from './helpers.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });

async function setUp(server, page) {
  const { url, dataDir } = server;
  const email = 'grace.hopper@example.com';
  const request = page.request;
  await request.post(`${url}/api/register_verification`, { data: { email } });
  const registered = await request.post(`${url}/api/register`, {
    data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(dataDir, email) },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  const add = async (data) => {
    const reply = await request.post(`${url}/api/user/subusers`, { data });
    if (!reply.ok()) throw new Error(`add ${data.name}: ${reply.status()} ${await reply.text()}`);
    return reply.json();
  };
  const scraper = await add({ name: 'scraper1', type: 'premium', limitGb: 2.5, maxConnections: 20 });
  const full = await add({ name: 'teamberlin', type: 'budget', limitGb: 0.5 });
  await add({ name: 'monitoring', type: 'premium' });
  const off = await add({ name: 'oldbot', type: 'budget', limitGb: 10, maxConnections: 5 });
  await request.patch(`${url}/api/user/subusers/${off.id}`, { data: { enabled: false } });
  await request.put(`${url}/api/user/proxy_settings`, { data: { maxConnections: 100 } });
  try {
    const db = join(dataDir, 'proxyshop.db');
    const sql = `UPDATE subusers SET used_bytes = 1640000000 WHERE id = ${scraper.id}; UPDATE subusers SET used_bytes = 500000000 WHERE id = ${full.id};`;
    execFileSync('sqlite3', [db, sql]);
  } catch (error) {
    console.warn(`no used bytes written: ${error.message}`);
  }
}

async function shoot(page, url) {
  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/onboard/settings/access`);
      await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
      await page.reload();
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Sub-users', exact: true }) });
      await card.getByTestId('subuser-row').first().waitFor({ timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
      const file = join(outDir, `subusers-${width}-${theme}.png`);
      // the page's own coordinates, unscrolled: the sticky top bar stays above the card
      const box = await card.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.left + globalThis.scrollX, y: rect.top + globalThis.scrollY, width: rect.width, height: rect.height };
      });
      await page.evaluate(() => globalThis.scrollTo(0, 0));
      await page.screenshot({ path: file, fullPage: true, clip: box });
      console.log(file);

      await page.goto(`${url}/onboard/rotating-proxy`);
      const form = page.getByRole('form', { name: 'Generate proxy' });
      await form.getByLabel('Credential', { exact: true }).waitFor({ timeout: TIMEOUT });
      await form.getByLabel('Credential', { exact: true }).selectOption({ label: 'Sub-user scraper1' });
      const generator = join(outDir, `generator-credential-${width}-${theme}.png`);
      await form.screenshot({ path: generator });
      console.log(generator);
    }
  }
}

await runScreenshots(setUp, shoot);
