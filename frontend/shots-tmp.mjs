// temporary: screenshots of the plan limits (deleted after use)
import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';
const BASE = 'http://127.0.0.1:8080';
const [email, password] = [process.argv[2], process.argv[3]];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [1280, 375]) {
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${BASE}/login`);
    await page.evaluate((t) => localStorage.setItem('app-theme', t), theme);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/onboard|admin/, { timeout: 30000 });
    await page.goto(`${BASE}/onboard/rotating-proxy`);
    const card = page.getByText('Scraper 10').first();
    await card.waitFor({ timeout: 30000 });
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/trial/card-${width}-${theme}.png` });
    await page.goto(`${BASE}/admin/plans`);
    await page.getByText('Scraper 10').first().waitFor({ timeout: 30000 });
    const row = page.getByRole('row').filter({ hasText: 'Scraper 10' }).first();
    if (await row.count()) await row.getByRole('button', { name: /Edit/ }).first().click();
    else await page.getByRole('button', { name: /Edit/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Bandwidth in Mbps (optional)').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/trial/form-${width}-${theme}.png` });
    await page.close();
  }
}
await browser.close();
