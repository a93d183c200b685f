// Sub-users, against a real server of its own (PROXYSHOP_GATEWAY_ALLOW_PRIVATE=true, so that a local
// origin can be reached): a new customer (with the free trial's Premium traffic) adds a Premium
// sub-user in Settings, sees it listed with its username, then generates a Premium line with it
// as the credential: the line carries `<user>-sub-<name>-type-premium-…` and the sub-user's
// password, and works through the gateway; switched off in Settings, the sub-user is refused
// (403). axe on the card and the form.
import { createServer, request as httpRequest } from 'node:http';
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { freePort, startServer } from './harness.mjs';
import { TIMEOUT, expectAccessible, toast } from './helpers.mjs';

/** A GET of `target` through the HTTP proxy on `proxyPort` as `user`:`pass`: the status. */
function getThroughProxy(proxyPort, target, user, pass) {
  const auth = Buffer.from(`${user}:${pass}`).toString('base64');
  return new Promise((resolve, reject) => {
    const headers = { Host: new URL(target).host, 'Proxy-Authorization': `Basic ${auth}` };
    // a connection of its own (no keep-alive agent): each request authenticates anew
    const req = httpRequest({ host: '127.0.0.1', port: proxyPort, method: 'GET', path: target, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Asks until the gateway answers `status` (a change reaches it through a change event). A
 * connection closed without an answer counts as not yet: switching a sub-user off cuts its live
 * connections, and a request can be on one at that moment ("socket hang up", seen in CI). */
async function untilStatus(status, ...request) {
  let last = 0;
  for (let i = 0; i < 100; i += 1) {
    last = await getThroughProxy(...request).catch((error) => error.code ?? error.message);
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the gateway still answers ${last}, not ${status}`);
}

const card = (page, title) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function choose(page, label, search, option) {
  await page.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  await page.getByRole('combobox', { name: `Search ${label.toLowerCase()}` }).fill(search);
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
}

test('add a Premium sub-user, generate a line with its credential, use it, switch it off', async ({ page, shot }) => {
  const proxyPort = await freePort();
  const server = await startServer({ env: { PROXYSHOP_GATEWAY_ALLOW_PRIVATE: 'true', PROXYSHOP_GATEWAY_HTTP_ADDR: `127.0.0.1:${proxyPort}` } });
  const origin = createServer((_, res) => res.end('hello from the origin'));
  await new Promise((r) => origin.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${origin.address().port}/`;
  try {
    await journey(page, shot, server, proxyPort, target);
  } finally {
    origin.close();
    await server.stop();
  }
});

async function journey(page, shot, { url, dataDir }, proxyPort, target) {
  await signUp(page, url, dataDir, `subusers-${Date.now()}@example.com`);
  const name = `team${Date.now() % 100000}`;

  await page.goto(`${url}/onboard/settings/access`);
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
  await row.getByText('0 MB of 50 MB').waitFor({ timeout: TIMEOUT });
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

  // The line works through the gateway, metered to the customer's Premium traffic.
  await untilStatus(200, proxyPort, target, username, linePassword);
  // Switched off, the sub-user is refused at once (on SQLite within the event poll).
  await page.goto(`${url}/onboard/settings/access`);
  await card(page, 'Sub-users').getByRole('switch', { name: `${name} enabled` }).click();
  await untilStatus(403, proxyPort, target, username, linePassword);
}
