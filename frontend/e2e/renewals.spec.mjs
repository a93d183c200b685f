// Renewals in the browser: a customer buys a static proxy, finds it under "Your proxies" on
// Generated Proxies, switches its auto-renew on, renews it by hand after the dialog's price and
// period (the wallet pays once, the expiry moves a period on), and the bell tells of it. The
// card is shot wide and narrow, light and dark. Against a server of its own, so that its sign-up
// does not count against the shared server's registrations per address.
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { startServer } from './harness.mjs';
import { TIMEOUT, expectAccessible, toast, topUp } from './helpers.mjs';

const DAY = 86_400;

test('a customer renews a static proxy by hand and switches its auto-renew on', async ({ page, shot }) => {
  const server = await startServer();
  try {
    await journey(page, server.url, server.dataDir, shot);
  } finally {
    await server.stop();
  }
});

async function journey(page, url, dataDir, shot) {
  await signUp(page, url, dataDir, `renew-${Date.now()}@example.com`);
  await topUp(page, url, 20);
  await page.getByRole('button', { name: /^Balance \$20\.00/ }).waitFor({ timeout: TIMEOUT });

  await page.goto(`${url}/onboard/static-proxy`);
  await page.getByRole('button', { name: /^Buy now: ISP 30 days/ }).click();
  const form = page.getByRole('form', { name: 'Buy proxies' });
  await form.getByLabel('Country').selectOption('us');
  await form.getByLabel('ISP').selectOption('us-comcast');
  await form.getByLabel('Quantity').fill('1');
  await form.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByRole('dialog', { name: 'Buy Proxies' }).getByRole('button', { name: 'Buy', exact: true }).click();
  await toast(page, 'Proxy Generated Successfully');

  await page.goto(`${url}/onboard/proxies`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Your proxies' }) });
  const row = card.getByTestId('piece-row').first();
  await row.waitFor({ timeout: TIMEOUT });
  const before = (await (await page.context().request.get(`${url}/api/user/pieces`)).json()).items[0];

  // every control names its piece: "proxy #<id> (<exit IP, or host:port>)"
  const name = `proxy #${before.id} (${before.exitIp ?? `${before.host}:${before.port}`})`;
  const autoRenew = row.getByRole('switch', { name: `Auto-renew ${name}` });
  await autoRenew.click();
  await toast(page, `Auto-renew on for ${name}`);
  await row.locator('[role="switch"][aria-checked="true"]').waitFor({ timeout: TIMEOUT });

  await row.getByRole('button', { name: `Renew · $3.50 for ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Renew ${name}` });
  await dialog.getByText('Another 30 days for $3.50 from your wallet.', { exact: false }).waitFor({ timeout: TIMEOUT });
  await shot('01-renew-dialog');
  await expectAccessible(page, 'the renewal dialog');
  await dialog.getByRole('button', { name: 'Renew for $3.50' }).click();
  await page.locator('[data-sonner-toast]').getByText(/^Proxy renewed: now until /).first().waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: /^Balance \$13\.00/ }).waitFor({ timeout: TIMEOUT });
  const after = (await (await page.context().request.get(`${url}/api/user/pieces`)).json()).items[0];
  if (after.expiresAt !== before.expiresAt + 30 * DAY || !after.autoRenew) throw new Error(`after renewal: ${JSON.stringify(after)}`);
  const wallet = await (await page.context().request.get(`${url}/api/user/wallet`)).json();
  const purchases = wallet.entries.filter((entry) => entry.kind === 'purchase');
  if (purchases.length !== 2) throw new Error(`two purchases (the proxy and its renewal): ${JSON.stringify(wallet)}`);

  await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  await page.getByRole('region', { name: 'Notifications' }).getByText(`${before.host} renewed`, { exact: false }).first().waitFor({ timeout: TIMEOUT });
  await page.keyboard.press('Escape');

  await card.scrollIntoViewIfNeeded();
  await shot('02-your-proxies-light');
  await expectAccessible(page, 'generated proxies with the renewals card');
  await page.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await shot('03-your-proxies-375');
  await page.evaluate(() => globalThis.localStorage.setItem('app-theme', 'dark'));
  await page.reload();
  await card.getByTestId('piece-row').first().waitFor({ timeout: TIMEOUT });
  await shot('04-your-proxies-375-dark');
  await expectAccessible(page, 'generated proxies, dark, narrow');
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await shot('05-your-proxies-dark');
}
