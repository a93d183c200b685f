// The notification centre and the alert settings in the browser: a credited top-up shows under
// the bell with an unread badge, opening the panel marks it read; the Alerts card saves new
// thresholds and shows the server's refusal on the field; an operator's incident reaches the
// public status page and, resolved, the bell of a customer with alerts on.
import { signUp } from './accessibility.mjs';
import { readInitialAdmin } from './harness.mjs';
import { test } from './fixtures.mjs';
import { TIMEOUT, expectAccessible, toast, topUp } from './helpers.mjs';

test('a credited top-up reaches the bell, and alert thresholds are saved or refused', async ({ page, url, dataDir, shot }) => {
  await signUp(page, url, dataDir, `bell-${Date.now()}@example.com`);
  await topUp(page, url, 12);

  await page.goto(`${url}/onboard`);
  // Another journey's incident reaches every customer with alerts on, this one too, at any
  // moment: the count is not pinned, and only the top-up's own unread mark is followed.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.waitFor({ timeout: TIMEOUT });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await panel.getByText('Top-up of $12.00 credited').waitFor({ timeout: TIMEOUT });
  await panel.getByText('Your top-up of $12.00 in USDT is in your wallet.').waitFor({ timeout: TIMEOUT });
  await shot('01-bell-open');
  // Opening the panel marked it read.
  const credited = panel.getByRole('listitem').filter({ hasText: 'Top-up of $12.00 credited' });
  await credited.getByLabel('Unread', { exact: true }).waitFor({ state: 'detached', timeout: TIMEOUT });
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'the dashboard with the bell');

  await page.goto(`${url}/onboard/settings/notifications`);
  const traffic = page.getByLabel('Traffic used (%)');
  await traffic.waitFor({ timeout: TIMEOUT });
  if ((await traffic.inputValue()) !== '80, 95') throw new Error(`defaults: ${await traffic.inputValue()}`);
  await traffic.fill('150');
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await page.getByText('Enter up to 5 whole percents from 1 to 100').first().waitFor({ timeout: TIMEOUT });
  await traffic.fill('50, 90');
  await page.getByLabel('Balance below ($)').fill('5');
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await toast(page, 'Alerts saved');
  await shot('02-alerts-saved');
  const saved = await (await page.context().request.get(`${url}/api/user/alerts`)).json();
  const { trafficPercent, expiryDays, balanceBelow, email } = saved;
  if (JSON.stringify({ trafficPercent, expiryDays, balanceBelow, email }) !== JSON.stringify({ trafficPercent: [90, 50], expiryDays: [3, 1], balanceBelow: 5, email: true }))
    throw new Error(`saved: ${JSON.stringify(saved)}`);
  await expectAccessible(page, 'settings with the alerts card');
});

test('an incident the operator opens and resolves shows on the status page and under a customer bell', async ({ page, browser, url, dataDir, shot }) => {
  await signUp(page, url, dataDir, `status-${Date.now()}@example.com`);
  const operator = await browser.newContext();
  const headers = { Origin: url };
  const admin = readInitialAdmin(dataDir);
  const signedIn = await operator.request.post(`${url}/api/login`, { headers, data: { email: admin.email, password: admin.password } });
  if (!signedIn.ok()) throw new Error(`admin sign-in: ${signedIn.status()}`);
  const title = `Premium gateway slow ${Date.now()}`;
  const opened = await operator.request.post(`${url}/api/admin/incidents`, {
    headers,
    data: { title, body: 'Connections take longer than usual.', components: ['gateway-premium'], status: 'identified' },
  });
  if (opened.status() !== 201) throw new Error(`open: ${opened.status()} ${await opened.text()}`);
  const { id } = await opened.json();

  await page.goto(`${url}/status`);
  await page.getByRole('heading', { name: 'Service status' }).waitFor({ timeout: TIMEOUT });
  await page.getByText('Some systems are degraded').waitFor({ timeout: TIMEOUT });
  await page.getByRole('heading', { name: title }).waitFor({ timeout: TIMEOUT });
  await page.getByText('Website and API').waitFor({ timeout: TIMEOUT });
  await shot('03-status-incident');
  await expectAccessible(page, 'the status page');

  const resolved = await operator.request.patch(`${url}/api/admin/incidents/${id}`, { headers, data: { body: 'Back to normal.', status: 'resolved' } });
  if (!resolved.ok()) throw new Error(`resolve: ${resolved.status()} ${await resolved.text()}`);
  await page.goto(`${url}/onboard`);
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await panel.getByText(`Incident: ${title} (resolved)`).waitFor({ timeout: TIMEOUT });
  await panel.getByText('Back to normal.').waitFor({ timeout: TIMEOUT });
  await operator.close();
});
