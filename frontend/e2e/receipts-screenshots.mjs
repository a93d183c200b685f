// Visual check (not a test): the Settings → Billing details card (filled in) and the wallet
// history with its Receipt links, at 1280 and 390 px, light and dark, against a real server, and
// the receipts themselves saved as PDF files next to the pictures (`pdftoppm -png` shows them).
// Usage: npm run build && node e2e/receipts-screenshots.mjs [output dir]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { frontendDir, readCode, runScreenshots } from './harness.mjs';
import { TIMEOUT, topUp } from './helpers.mjs';

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
  const billing = { company: 'Hopper Data Systems Ltd', address: '221B Market Street, Manchester M1 1AA, United Kingdom', vatId: 'GB123456789' };
  const saved = await request.put(`${url}/api/user/billing`, { headers: { Origin: url }, data: billing });
  if (!saved.ok()) throw new Error(`billing: ${saved.status()} ${await saved.text()}`);
  await topUp(page, url, 50);
  const plan = await request.post(`${url}/api/user/get_plan`, { headers: { Origin: url }, data: { type: 'premium', amount: 5 } });
  if (!plan.ok()) throw new Error(`plan: ${plan.status()} ${await plan.text()}`);
  const entries = (await (await request.get(`${url}/api/user/wallet`)).json()).entries;
  for (const entry of entries) {
    const pdf = await request.get(`${url}/api/user/receipts/${entry.id}.pdf`);
    const file = join(outDir, `receipt-${entry.kind}.pdf`);
    writeFileSync(file, await pdf.body());
    console.log(file);
  }
}

async function clip(page, locator, file) {
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + globalThis.scrollX, y: rect.top + globalThis.scrollY, width: rect.width, height: rect.height };
  });
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true, clip: box });
  console.log(file);
}

async function shoot(page, url) {
  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/onboard/settings/billing`);
      await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
      await page.reload();
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Billing details', exact: true }) });
      await card.getByLabel('Company (optional)').waitFor({ timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
      await clip(page, card, join(outDir, `billing-${width}-${theme}.png`));

      await page.goto(`${url}/onboard/wallet`);
      const ledger = page.getByRole('table', { name: 'Wallet activity' });
      await ledger.getByText('Purchase', { exact: true }).first().waitFor({ timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
      const file = join(outDir, `wallet-receipts-${width}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  }
}

await runScreenshots(setUp, shoot);
