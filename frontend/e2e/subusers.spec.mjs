// Sub-users: a new customer (with the free trial's Premium traffic) adds a Premium sub-user in
// Settings, sees it listed with its username, then generates a Premium line with it as the
// credential: the line carries `<user>-sub-<name>-type-premium-…` and the sub-user's password.
// axe on the card and the form.
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { expectAccessible, toast } from './helpers.mjs';

const TIMEOUT = 15_000;
const card = (page, title) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function choose(page, label, search, option) {
  await page.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  await page.getByRole('combobox', { name: `Search ${label.toLowerCase()}` }).fill(search);
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
}

test('add a Premium sub-user and generate a line with its credential', async ({ page, url, dataDir, shot }) => {
  await signUp(page, url, dataDir, `subusers-${Date.now()}@example.com`);
  const name = `team${Date.now() % 100000}`;

  await page.goto(`${url}/onboard/settings`);
  const subusers = card(page, 'Sub-users');
  await subusers.getByText('No sub-users').waitFor({ timeout: TIMEOUT });
  await subusers.getByRole('button', { name: 'Add sub-user' }).click();
  const form = page.getByRole('dialog', { name: 'Add sub-user' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Traffic cap in GB (optional)').fill('0.05');
  await form.getByLabel('Max connections (optional)').fill('10');
  await expectAccessible(page, 'the sub-user form');
  await form.getByRole('button', { name: 'Add sub-user' }).click();
  await toast(page, `Sub-user ${name} added`);
  const row = subusers.getByTestId('subuser-row');
  await row.getByText(`-sub-${name}`).waitFor({ timeout: TIMEOUT });
  await row.getByText('0.00 GB of 0.05 GB').waitFor({ timeout: TIMEOUT });
  const password = (await row.locator('.font-mono').nth(1).textContent()).trim();
  await shot('subuser-added');
  await expectAccessible(page, 'the sub-users card');

  await page.goto(`${url}/onboard/rotating-proxy`);
  await page.getByRole('heading', { level: 1, name: 'Create Residential Proxy (Premium)' }).waitFor({ timeout: TIMEOUT });
  const credential = page.getByLabel('Credential', { exact: true });
  await credential.waitFor({ timeout: TIMEOUT });
  await credential.selectOption({ label: `Sub-user ${name}` });
  await choose(page, 'Country', 'united st', 'United States');
  await choose(page, 'State', 'calif', 'California');
  await choose(page, 'City', 'los', 'Los Angeles');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await toast(page, 'Proxy generated successfully');
  const proxy = (await page.getByTestId('proxy-string').textContent()).trim();
  const [, , username, linePassword] = proxy.split(':');
  if (!new RegExp(`^u[a-z0-9]+-sub-${name}-type-premium-country-us-state-ca-city-losangeles$`).test(username)) {
    throw new Error(`the line does not carry the sub-user: ${proxy}`);
  }
  if (linePassword !== password) throw new Error(`the line carries another password than the sub-user's: ${proxy}`);
  await shot('generated-with-subuser');
});
