// IP allowlist authentication against a real server of its own (PROXYSHOP_GATEWAY_ALLOW_PRIVATE=true, so
// that 127.0.0.1 may be allowlisted and a local origin reached): a new customer (with the free
// trial's Premium traffic) allowlists 127.0.0.1 in Settings, then a plain request through the
// gateway without credentials reaches a local origin; after removing the address the gateway
// asks for credentials again. axe on the card and the form.
import { createServer } from 'node:http';
import { request as httpRequest } from 'node:http';
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { freePort, startServer } from './harness.mjs';
import { TIMEOUT, expectAccessible, toast } from './helpers.mjs';

const card = (page, title) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A GET of `target` through the HTTP proxy on `proxyPort`, without credentials: the status. */
function getThroughProxy(proxyPort, target) {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: proxyPort, method: 'GET', path: target, headers: { Host: new URL(target).host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Asks until the gateway answers `status` (it reads the allowlist again at the change event). */
async function untilStatus(proxyPort, target, status) {
  let last = 0;
  for (let i = 0; i < 100; i += 1) {
    last = await getThroughProxy(proxyPort, target);
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the gateway still answers ${last}, not ${status}`);
}

test('allowlist 127.0.0.1, use the proxy without credentials, remove it again', async ({ page, shot }) => {
  const proxyPort = await freePort();
  const server = await startServer({ env: { PROXYSHOP_GATEWAY_ALLOW_PRIVATE: 'true', PROXYSHOP_GATEWAY_HTTP_ADDR: `127.0.0.1:${proxyPort}` } });
  const origin = createServer((_, res) => res.end('hello from the origin'));
  await new Promise((r) => origin.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${origin.address().port}/`;
  try {
    const { url, dataDir } = server;
    await signUp(page, url, dataDir, `allowlist-${Date.now()}@example.com`);
    if ((await getThroughProxy(proxyPort, target)) !== 407) throw new Error('the gateway let a stranger in');

    await page.goto(`${url}/onboard/settings/access`);
    const list = card(page, 'IP allowlist');
    await list.getByText('No allowlisted addresses').waitFor({ timeout: TIMEOUT });
    await list.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('dialog', { name: 'Allowlist an address' });
    await form.getByLabel('IP address or range').fill('127.0.0.1');
    await form.getByLabel('Rotation').selectOption('sticky');
    await expectAccessible(page, 'the allowlist form');
    await form.getByRole('button', { name: 'Add address' }).click();
    await toast(page, '127.0.0.1 allowlisted');
    const row = list.getByTestId('allowlist-row');
    await row.getByText('127.0.0.1').waitFor({ timeout: TIMEOUT });
    await shot('allowlisted');
    await expectAccessible(page, 'the allowlist card');

    await untilStatus(proxyPort, target, 200);

    await list.getByRole('button', { name: 'Remove 127.0.0.1' }).click();
    await page.getByRole('dialog', { name: 'Remove address' }).getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Address removed');
    await list.getByText('No allowlisted addresses').waitFor({ timeout: TIMEOUT });
    await untilStatus(proxyPort, target, 407);
  } finally {
    origin.close();
    await server.stop();
  }
});
