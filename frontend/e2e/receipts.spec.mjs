// Billing details and receipts: a new customer saves their company, address and VAT id in
// Settings (a one-line rule checked in the form first), tops up through the local checkout and
// buys a Premium plan, then downloads both receipts from the wallet history: PDF files named
// after their ledger entries. axe on the billing card and on the wallet page. (What the PDF says
// is checked against the ledger in crates/api/tests/it/receipts.rs.)
import { readFileSync } from 'node:fs';
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { TIMEOUT, expectAccessible, toast, topUp } from './helpers.mjs';

const card = (page, title) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('a customer saves billing details and downloads the receipts of a top-up and a purchase', async ({ page, url, dataDir, shot }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, url, dataDir, `receipts-${Date.now()}@example.com`);

  await page.goto(`${url}/onboard/settings/billing`);
  const billing = card(page, 'Billing details');
  const company = billing.getByLabel('Company (optional)');
  await company.waitFor({ timeout: TIMEOUT });
  await company.fill('x'.repeat(101));
  await billing.getByRole('button', { name: 'Save billing details' }).click();
  await billing.getByText('Company must be at most 100 characters, on one line').waitFor({ timeout: TIMEOUT });
  await company.fill('  Acme Analytics GmbH ');
  await billing.getByLabel('Address (optional)').fill('Hauptstraße 5, 10115 Berlin, Germany');
  await billing.getByLabel('VAT ID (optional)').fill('DE123456789');
  await billing.getByRole('button', { name: 'Save billing details' }).click();
  await toast(page, 'Billing details saved');
  const saved = await page.context().request.get(`${url}/api/user/billing`);
  const details = await saved.json();
  if (details.company !== 'Acme Analytics GmbH' || details.vatId !== 'DE123456789') throw new Error(`saved ${JSON.stringify(details)}`);
  await billing.scrollIntoViewIfNeeded();
  await shot('01-billing-details');
  await expectAccessible(page, 'settings with the billing card');

  await topUp(page, url, 20);
  const bought = await page.context().request.post(`${url}/api/user/get_plan`, { headers: { Origin: url }, data: { type: 'premium', amount: 5 } });
  if (!bought.ok()) throw new Error(`plan: ${bought.status()} ${await bought.text()}`);
  await page.goto(`${url}/onboard/wallet`);
  const ledger = page.getByRole('table', { name: 'Wallet activity' });
  await ledger.getByText('Purchase', { exact: true }).first().waitFor({ timeout: TIMEOUT });
  const entries = (await (await page.context().request.get(`${url}/api/user/wallet`)).json()).entries;
  const links = ledger.getByRole('link', { name: /^Receipt/ });
  // one visible link per top-up and purchase (the narrow layout's copies are hidden)
  const visible = links.filter({ visible: true });
  if ((await visible.count()) !== 2) throw new Error(`${await visible.count()} receipt links shown`);
  await shot('02-wallet-receipts');

  for (const [index, entry] of entries.entries()) {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), visible.nth(index).click()]);
    if (download.suggestedFilename() !== `receipt-${entry.id}.pdf`) throw new Error(`downloaded ${download.suggestedFilename()}`);
    const bytes = readFileSync(await download.path());
    if (bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`receipt ${entry.id} is not a PDF`);
  }
  // another customer's receipt is not found
  await page.context().clearCookies();
  await signUp(page, url, dataDir, `other-${Date.now()}@example.com`);
  const theirs = await page.context().request.get(`${url}/api/user/receipts/${entries[0].id}.pdf`);
  if (theirs.status() !== 404) throw new Error(`another customer's receipt answered ${theirs.status()}`);
  await page.goto(`${url}/onboard/wallet`);
  await page.getByText('No wallet activity yet.').waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, 'the wallet page');
});
