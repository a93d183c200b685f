import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
const out = '/tmp/shots';
const [,, which] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function login(url, email, password) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/onboard|admin/);
  return page;
}
async function shots(page, url, path, name, prep) {
  for (const theme of ['light', 'dark']) for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${url}${path}`);
    await page.evaluate((t) => localStorage.setItem('app-theme', t), theme);
    if (prep) await prep(page, 'before');
    await page.reload();
    await page.waitForLoadState('networkidle');
    if (prep) await prep(page, 'after');
    await page.screenshot({ path: `${out}/${name}-${theme}-${width}.png`, fullPage: width === 375 ? false : true });
    if (width === 375 && name === 'currency') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/${name}-drawer-${theme}-${width}.png` });
    }
  }
}
const cred = (dir) => { const t = readFileSync(`${dir}/initial-admin-password`, 'utf8'); return [t.match(/email: (\S+)/)[1], t.match(/password: (\S+)/)[1]]; };
if (which === 'a') {
  const url = 'http://127.0.0.1:8080';
  const refEmail = process.argv[3];
  const cust = await login(url, refEmail, 'Trial@Pass2026x');
  await shots(cust, url, '/onboard/referral', 'referral');
  const admin = await login(url, ...cred('/tmp/trial/a'));
  await shots(admin, url, '/admin/payouts', 'payouts');
} else {
  const url = 'http://127.0.0.1:8081';
  const email = process.argv[3];
  const cust = await login(url, email, 'Trial@Pass2026x');
  await shots(cust, url, '/onboard/rotating-proxy', 'currency', async (page, when) => {
    if (when === 'before') await page.evaluate(() => localStorage.setItem('display-currency', 'EUR'));
    else await page.getByRole('tab', { name: 'Plans' }).first().click().then(() => page.waitForTimeout(500));
  });
}
await browser.close();
