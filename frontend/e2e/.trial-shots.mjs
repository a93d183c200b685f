// One-off visual check of the Usage tab after the issue-38 trial (not committed).
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const url = 'http://127.0.0.1:8080';
const { email } = JSON.parse(readFileSync('/tmp/tryout/customer.json', 'utf8'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext();
const page = await context.newPage();
const login = await page.request.post(`${url}/api/login`, { data: { email, password: 'Hunter22x!' }, headers: { Origin: url } });
console.log('login', login.status());
for (const width of [1280, 375]) {
  for (const theme of ['light', 'dark']) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${url}/onboard/rotating-proxy`);
    await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
    await page.reload();
    await page.getByRole('tab', { name: 'Usage' }).click();
    const total = page.getByTestId('host-breakdown-not-charged');
    await total.waitFor({ timeout: 20000 });
    await total.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/tryout/shots/usage-not-charged-${width}-${theme}.png` });
    const badge = page.getByTestId('not-charged').first();
    await badge.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/tryout/shots/usage-request-not-charged-${width}-${theme}.png` });
  }
}
await browser.close();
