// A coupon at checkout in the browser: the operator makes a 20 % Premium coupon (through the
// API: the console's own form is covered by its unit tests), a customer types it in the plan
// dialog in lower case, sees the discount and the total before buying, pays that total, sees the
// coupon on the wallet history, and is told why when they try it a second time.
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { readInitialAdmin } from './harness.mjs';
import { TIMEOUT, expectAccessible, toast, topUp } from './helpers.mjs';

test('a customer applies a coupon at checkout and pays the discounted price', async ({ page, browser, url, dataDir, shot }) => {
  const code = `SPRING${Date.now() % 1_000_000}`;
  const operator = await browser.newContext();
  try {
    const headers = { Origin: url };
    const login = await operator.request.post(`${url}/api/login`, { headers, data: readInitialAdmin(dataDir) });
    if (!login.ok()) throw new Error(`admin login: ${login.status()}`);
    const made = await operator.request.post(`${url}/api/admin/coupons`, {
      headers,
      data: { code, percentOff: 20, kinds: ['premium'], maxUses: 3 },
    });
    if (made.status() !== 201) throw new Error(`coupon: ${made.status()} ${await made.text()}`);
  } finally {
    await operator.close();
  }

  await signUp(page, url, dataDir, `coupon-${Date.now()}@example.com`);
  await topUp(page, url, 20);
  await page.getByRole('button', { name: /^Balance \$20\.00/ }).waitFor({ timeout: TIMEOUT });
  await page.goto(`${url}/onboard/rotating-proxy`);
  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'Buy now: Starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Plan' });
  await dialog.getByLabel('Coupon code').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await dialog.getByText('Coupon applied: $3.00 off, $12.00 to pay.').waitFor({ timeout: TIMEOUT });
  await dialog.getByTestId('purchase-summary').getByText('$12.00').waitFor({ timeout: TIMEOUT });
  await shot('01-coupon-applied');
  await expectAccessible(page, 'coupon applied');
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
  await toast(page, 'Plan purchased successfully');
  await page.getByRole('button', { name: /^Balance \$8\.00/ }).waitFor({ timeout: TIMEOUT });

  await page.goto(`${url}/onboard/wallet`);
  await page.getByText(`List $15.00 · coupon ${code} −$3.00`).first().waitFor({ timeout: TIMEOUT });
  await shot('02-wallet');

  // Once per customer.
  await page.goto(`${url}/onboard/rotating-proxy`);
  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'Buy now: Starter' }).click();
  await dialog.getByLabel('Coupon code').fill(code);
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await dialog.getByText('You have already used this coupon').waitFor({ timeout: TIMEOUT });
});
