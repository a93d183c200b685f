// The premium journey: a customer tops up $20 on the local checkout, buys the 5 GB Premium plan
// from the Plans tab, generates a sticky US proxy, copies it and downloads proxy_<date>.txt.
import { readFileSync } from 'node:fs';
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { TIMEOUT, expectAccessible, toast, topUp } from './helpers.mjs';

async function choose(page, label, search, option) {
  await page.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  await page.getByRole('combobox', { name: `Search ${label.toLowerCase()}` }).fill(search);
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
}

test('a customer buys 5 GB of Premium, generates a sticky US proxy, copies and downloads it', async ({ page, url, dataDir, shot }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  await signUp(page, url, dataDir);
  await topUp(page, url, 20);
  await page.getByRole('button', { name: /^Balance \$20\.00/ }).waitFor({ timeout: TIMEOUT });

  await page.goto(`${url}/onboard/rotating-proxy`);
  await page.getByRole('heading', { level: 1, name: 'Create Residential Proxy (Premium)' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'Buy now: Starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Plan' });
  await dialog.getByText('Are you sure you want to buy this plan?').waitFor({ timeout: TIMEOUT });
  await shot('01-buy-plan');
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
  await toast(page, 'Plan purchased successfully');
  // the returned user replaced the cached one: $20 − $15
  await page.getByRole('button', { name: /^Balance \$5\.00/ }).waitFor({ timeout: TIMEOUT });

  await page.getByRole('tab', { name: 'Usage' }).click();
  // the 5 GB bought plus the 0.10 GB free trial
  await page.getByTestId('usage-remaining').getByText('5.10 GB').waitFor({ timeout: TIMEOUT });

  await page.getByRole('tab', { name: 'Generate' }).click();
  await page.getByRole('button', { name: /^Country / }).click();
  await page.getByRole('listbox', { name: 'Country' }).waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, 'open country list');
  await page.keyboard.press('Escape');
  await page.locator('label').filter({ hasText: /^Sticky$/ }).click();
  if (!(await page.getByRole('radio', { name: 'Sticky' }).isChecked())) throw new Error('Sticky is not selected');
  await choose(page, 'Country', 'united st', 'United States');
  await choose(page, 'State', 'calif', 'California');
  await choose(page, 'City', 'los', 'Los Angeles');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await toast(page, 'Proxy generated successfully');
  const proxy = (await page.getByTestId('proxy-string').textContent()).trim();
  const [host, port, username, password] = proxy.split(':');
  if (!host || !/^\d+$/.test(port) || !password) throw new Error(`unexpected proxy ${proxy}`);
  if (!/-type-premium-country-us-state-ca-city-losangeles-session-[a-z0-9]+-lifetime-\d+$/.test(username)) {
    throw new Error(`the username carries no sticky US targeting: ${username}`);
  }
  await shot('02-generated');
  await expectAccessible(page, 'generated proxy');

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await toast(page, 'Proxy copied to clipboard');
  const copied = await page.evaluate(() => globalThis.navigator.clipboard.readText());
  if (copied !== proxy) throw new Error(`clipboard holds ${copied}, not ${proxy}`);

  const download = page.waitForEvent('download', { timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await download;
  if (!/^proxy_\d{4}-\d{2}-\d{2}\.txt$/.test(file.suggestedFilename())) throw new Error(`file name ${file.suggestedFilename()}`);
  const text = readFileSync(await file.path(), 'utf8');
  if (text.trim() !== proxy) throw new Error(`downloaded ${text}, not ${proxy}`);
  await toast(page, 'Proxy file downloaded successfully');

  // the proxy is in the history of the Usage tab
  await page.getByRole('tab', { name: 'Usage' }).click();
  await page.getByRole('table', { name: 'Proxy history' }).getByText('24h', { exact: true }).first().waitFor({ timeout: TIMEOUT });
  await shot('03-usage');
  await expectAccessible(page, 'usage tab');
});

test('a customer refunds the Premium they just bought from the dashboard; a second refund is refused with the reason', async ({ page, url, dataDir, shot }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, url, dataDir);
  await topUp(page, url, 20);
  await page.getByRole('button', { name: /^Balance \$20\.00/ }).waitFor({ timeout: TIMEOUT });
  await page.goto(`${url}/onboard/rotating-proxy`);
  await page.getByRole('tab', { name: 'Plans' }).click();
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Refund', exact: true }) });
  await card.getByText('There is no purchase of this type to refund').waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Buy now: Starter' }).click();
  await page.getByRole('dialog', { name: 'Buy Plan' }).getByRole('button', { name: 'Buy', exact: true }).click();
  await toast(page, 'Plan purchased successfully');

  // the terms come from the server's configuration, the offer from the eligibility
  await card.getByText('within 7 days of buying it, if less than 10% of it was used').waitFor({ timeout: TIMEOUT });
  await card.getByText('$15.00 for 5 GB').waitFor({ timeout: TIMEOUT });
  await shot('refund-01-eligible');
  await card.getByRole('button', { name: 'Request refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request refund' });
  await dialog.getByText('$15.00 goes back to your wallet and 5 GB are removed from your balance.').waitFor({ timeout: TIMEOUT });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await toast(page, 'Refunded $15.00 for 5 GB to your wallet');
  await page.getByRole('button', { name: /^Balance \$20\.00/ }).waitFor({ timeout: TIMEOUT });
  await card.getByText('Your latest purchase was already refunded').waitFor({ timeout: TIMEOUT });
  if (await card.getByRole('button', { name: 'Request refund' }).isEnabled()) throw new Error('a refunded purchase still offers a refund');
  await shot('refund-02-refunded');

  // the same purchase again: refused with the reason, nothing changed
  const again = await page.context().request.post(`${url}/api/user/refunds`, { headers: { Origin: url }, data: { type: 'premium' } });
  const body = await again.json();
  if (again.status() !== 409 || body.message !== 'Your latest purchase was already refunded') throw new Error(`second refund: ${again.status()} ${JSON.stringify(body)}`);
  const wallet = await (await page.context().request.get(`${url}/api/user/wallet`)).json();
  const refunds = wallet.entries.filter((e) => e.kind === 'refund');
  if (wallet.balance !== 20 || refunds.length !== 1 || refunds[0].amount !== 15) throw new Error(`wallet ${JSON.stringify(wallet)}`);
  await page.goto(`${url}/onboard/wallet`);
  const ledger = page.getByRole('table', { name: 'Wallet activity' });
  await ledger.getByText('Refund', { exact: true }).first().waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, 'wallet with a refund');
});
