// The operator's journey against the real server: the first-start admin signs in and sees the
// overview, finds a new customer, credits $5 with a reason (which the customer then sees in their
// wallet history), disables them (their session ends), creates a plan, lowers a stock entry's
// capacity and reads all of it back in the audit log; axe (WCAG 2 A/AA) on every console screen
// it passes, and in a second test on each at 375 px and in dark theme too.
import { join } from 'node:path';
import { checkScreens } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { readCode, readInitialAdmin } from './harness.mjs';
import { TIMEOUT, expectAccessible, toast } from './helpers.mjs';

const PASSWORD = 'Secret1!';

/** Registers a customer in its own browser context, which registering signs in. */
async function newCustomer(browser, url, dataDir, email) {
  const context = await browser.newContext();
  const request = context.request;
  const headers = { Origin: url };
  const sent = await request.post(`${url}/api/register_verification`, { headers, data: { email } });
  if (!sent.ok()) throw new Error(`code request: ${sent.status()}`);
  const body = { email, password: PASSWORD, confirmPassword: PASSWORD, code: readCode(dataDir, email) };
  const registered = await request.post(`${url}/api/register`, { headers, data: body });
  if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  return context;
}

/** Signs in through the login form as the admin the server made on its first start. */
async function signInAsAdmin(page, url, dataDir) {
  const admin = readInitialAdmin(dataDir);
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${url}/admin`, { timeout: TIMEOUT });
}

test('an operator credits, disables, adds a plan, lowers stock and reads the audit log', async ({ page, browser, url, dataDir, shot }) => {
  const stamp = Date.now();
  const email = `ops-${stamp}@example.com`;
  const reason = `E2E goodwill credit ${stamp}`;
  const customer = await newCustomer(browser, url, dataDir, email);

  await signInAsAdmin(page, url, dataDir);
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('heading', { name: 'Needs attention' }).waitFor({ timeout: TIMEOUT });
  await page.getByText('New customers per day').waitFor({ timeout: TIMEOUT });
  await shot('01-overview');
  await expectAccessible(page, 'overview');

  // find the customer
  await page.getByRole('navigation', { name: 'Admin navigation' }).first().getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = page.getByRole('link', { name: email });
  await row.waitFor({ timeout: TIMEOUT });
  await shot('02-customers-search');
  await expectAccessible(page, 'customers');
  await row.click();
  await page.getByRole('heading', { level: 1, name: email }).waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, 'customer detail');

  // credit $5 with a reason
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
  await dialog.getByLabel('Amount (USD)').fill('5');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByText(`Credit $5.00 to ${email}: balance $0.00 → $5.00`).waitFor({ timeout: TIMEOUT });
  await shot('03-credit-confirmation');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'Credited $5.00: balance now $5.00');
  await page.getByTestId('customer-balance').getByText('$5.00').waitFor({ timeout: TIMEOUT });
  await page.getByRole('region', { name: 'Wallet history' }).getByText(reason).waitFor({ timeout: TIMEOUT });

  // the customer (signed in since registering) sees it in their wallet history
  const customerPage = await customer.newPage();
  await customerPage.goto(`${url}/onboard/wallet`);
  const activity = customerPage.getByRole('region', { name: 'Wallet activity' });
  await activity.getByText(reason).waitFor({ timeout: TIMEOUT });
  await activity.getByText('+$5.00').waitFor({ timeout: TIMEOUT });
  await customerPage.screenshot({ path: join(dataDir, 'customer-wallet.png') });

  // disable them: their session ends
  await page.getByRole('button', { name: 'Disable' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable account' });
  await disable.getByLabel('Reason').fill('E2E: account closed on request');
  await disable.getByRole('button', { name: 'Review' }).click();
  await disable.getByText(`Disable ${email}: they are signed out now and cannot sign in until enabled again.`).waitFor({ timeout: TIMEOUT });
  await disable.getByRole('button', { name: 'Disable' }).click();
  await toast(page, `${email} is disabled`);
  await page.getByRole('button', { name: 'Enable' }).waitFor({ timeout: TIMEOUT });
  await customerPage.reload();
  await customerPage.waitForURL(`${url}/login`, { timeout: TIMEOUT });
  await customer.close();

  // a new plan
  const planName = `E2E plan ${stamp}`;
  await page.goto(`${url}/admin/plans`);
  await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'New plan' }).click();
  const planForm = page.getByRole('dialog', { name: 'New plan' });
  await planForm.getByLabel('Name').fill(planName);
  await planForm.getByLabel('Price (USD)').fill('9.99');
  await planForm.getByLabel('Amount (GB)').fill('3');
  await planForm.getByLabel('Regions (comma-separated)').fill('US, DE');
  await planForm.getByRole('button', { name: 'Create plan' }).click();
  await toast(page, `Plan "${planName}" created`);
  await page.getByText(planName, { exact: true }).waitFor({ timeout: TIMEOUT });
  await shot('04-plans');
  await expectAccessible(page, 'plans');

  // a stock entry, then its capacity lowered (a static one in a country already sold: the other
  // journeys check the IPv6 countries against the shipped plans)
  const city = `E2E City ${stamp}`;
  await page.goto(`${url}/admin/stock?type=static`);
  await page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Add entry' }).click();
  const stockForm = page.getByRole('dialog', { name: 'Add stock entry' });
  await stockForm.getByLabel('Country').fill('DE');
  await stockForm.getByLabel('Code (optional)').fill(`e2e-${stamp}`);
  await stockForm.getByLabel('City (optional)').fill(city);
  await stockForm.getByLabel('Capacity').fill('10');
  await stockForm.getByRole('button', { name: 'Add entry' }).click();
  await toast(page, 'Stock entry added: Static Residential DE, capacity 10');
  const stockRow = page.getByRole('row').filter({ hasText: city });
  await stockRow.getByRole('button', { name: /^Edit stock entry/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit stock entry' });
  await edit.getByLabel('Capacity').fill('4');
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Stock entry saved: capacity 4, active');
  await stockRow.getByRole('cell', { name: '4', exact: true }).first().waitFor({ timeout: TIMEOUT });
  await shot('05-stock');
  await expectAccessible(page, 'stock');

  // orders and payments lists
  await page.goto(`${url}/admin/orders`);
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, 'orders');
  await page.goto(`${url}/admin/payments`);
  await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, 'payments');

  // the audit log has every change, with the reasons
  await page.goto(`${url}/admin/audit`);
  const log = page.getByRole('region', { name: 'Audit log' });
  await log.getByText(reason).waitFor({ timeout: TIMEOUT });
  await log.getByText('E2E: account closed on request').waitFor({ timeout: TIMEOUT });
  for (const action of ['user.balance', 'user.disable', 'plan.create', 'stock.create', 'stock.update']) {
    await log.getByText(action, { exact: true }).first().waitFor({ timeout: TIMEOUT });
  }
  await page.getByLabel('Action').selectOption('user.balance');
  await page.waitForURL(/action=user\.balance/, { timeout: TIMEOUT });
  await log.getByText(reason).waitFor({ timeout: TIMEOUT });
  await shot('06-audit');
  await expectAccessible(page, 'audit log');
});

// Tests of their own, so that other workers take them while the journey above runs (the three
// together took 2.3 minutes).
const CONSOLE = {
  'overview, customers, plans, coupons and stock': ['/admin', '/admin/customers', '/admin/plans', '/admin/coupons', '/admin/stock'],
  'orders, payments and the audit log': ['/admin/orders', '/admin/payments', '/admin/audit'],
};

for (const [group, routes] of Object.entries(CONSOLE)) {
  test(`console screens (${group}) pass axe, wide and narrow, light and dark`, async ({ page, url, dataDir }) => {
    await signInAsAdmin(page, url, dataDir);
    const problems = await checkScreens(page, url, routes);
    if (problems.length > 0) throw new Error(problems.join('\n  '));
  });
}
