// The dispute answer end to end, against a real server of its own with the gateway on a known
// port (private targets allowed): a new customer (free Premium trial) generates a Premium proxy,
// downloads a known file from a local origin through the gateway, and finds that request on the
// Usage tab with exactly the bytes the origin received and sent, the same in the CSV export, and
// adding up to what the traffic balance lost; a request to a closed port shows as an upstream
// error, and on the Health tab as the host's failure "Destination refused" with its hint and its
// link into the user guide. axe on both tabs; screenshots light and dark, wide and narrow.
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { expect } from '@playwright/test';
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { freePort, startServer } from './harness.mjs';
import { TIMEOUT, expectAccessible, toast } from './helpers.mjs';

/** The gateway writes records every 3 s: a record shows well within this. */
const RECORD_TIMEOUT = 30_000;
const BODY_BYTES = 654_321;

/** A one-request origin: counts the request head it receives and answers BODY_BYTES of body. */
function startOrigin() {
  const seen = [];
  const server = createServer((socket) => {
    let head = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const response = Buffer.concat([
        Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: ${BODY_BYTES}\r\nConnection: close\r\n\r\n`),
        Buffer.alloc(BODY_BYTES, 'x'),
      ]);
      seen.push({ received: head.length, sent: response.length });
      socket.end(response);
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, seen, close: () => server.close() })));
}

/** GET http://127.0.0.1:<port>/file through the gateway's HTTP proxy; the bytes that came back. */
function download(gateway, originPort, user, password) {
  return new Promise((resolve, reject) => {
    const socket = connect(gateway.port, gateway.host);
    const chunks = [];
    const auth = Buffer.from(`${user}:${password}`).toString('base64');
    socket.on('connect', () =>
      socket.write(
        `GET http://127.0.0.1:${originPort}/file.bin HTTP/1.1\r\nHost: 127.0.0.1:${originPort}\r\nProxy-Authorization: Basic ${auth}\r\nConnection: close\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

test('a download through the gateway shows on the Usage tab and in the CSV with its exact bytes, a refused one on the Health tab', async ({ page }) => {
  const gatewayPort = await freePort();
  const server = await startServer({ env: { PROXYSHOP_GATEWAY_ALLOW_PRIVATE: 'true', PROXYSHOP_GATEWAY_HTTP_ADDR: `127.0.0.1:${gatewayPort}` } });
  const origin = await startOrigin();
  try {
    const { url } = server;
    const request = page.context().request;
    const headers = { Origin: url };
    await signUp(page, url, server.dataDir, `usage-${Date.now()}@example.com`);

    // a Premium proxy for the first listed location
    const { locations } = await (await request.get(`${url}/api/user/residential_location`)).json();
    const country = locations[0];
    const state = country.states?.[0];
    const city = state?.cities?.[0] ?? country.cities?.[0];
    const body = { country: country.code, state: state?.code ?? '', city: city?.code ?? '', quantity: 1, rotation: 'random', port: 'http|https' };
    const generated = await request.post(`${url}/api/user/generate`, { headers, data: body });
    if (!generated.ok()) throw new Error(`generate: ${generated.status()} ${await generated.text()}`);
    const proxy = (await generated.json()).proxies[0];
    // host:port:user:password (the password has no colon; the user may carry targeting)
    const parts = proxy.split(':');
    const password = parts.at(-1);
    const user = parts.slice(2, -1).join(':');

    const usedBefore = (await (await request.get(`${url}/api/user/get_starts`)).json()).premiumStat.usedTraffic;
    const response = await download({ host: '127.0.0.1', port: gatewayPort }, origin.port, user, password);
    expect(origin.seen).toHaveLength(1);
    const { received, sent } = origin.seen[0];
    expect(response.length).toBe(sent);

    // the record, once the gateway has flushed it: the rewritten head up, the response down
    const target = `127.0.0.1:${origin.port}`;
    await expect
      .poll(async () => (await (await request.get(`${url}/api/user/requests?type=premium&host=127.0.0.1`)).json()).requests, { timeout: RECORD_TIMEOUT })
      .toEqual([expect.objectContaining({ host: '127.0.0.1', port: origin.port, bytesUp: received, bytesDown: sent, outcome: 'ok', type: 'premium' })]);
    // the dispute answer: the record adds up to what the balance lost, to the byte
    await expect
      .poll(async () => {
        const used = (await (await request.get(`${url}/api/user/get_starts`)).json()).premiumStat.usedTraffic;
        return Math.round((used - usedBefore) * 1e9);
      }, { timeout: RECORD_TIMEOUT })
      .toBe(received + sent);

    // a second request to a closed port: recorded as an upstream error
    const closedPort = await freePort();
    await download({ host: '127.0.0.1', port: gatewayPort }, closedPort, user, password);
    await expect
      .poll(async () => (await (await request.get(`${url}/api/user/requests?type=premium&outcome=upstream_error`)).json()).requests, { timeout: RECORD_TIMEOUT })
      .toEqual([expect.objectContaining({ port: closedPort, outcome: 'upstream_error' })]);

    await page.goto(`${url}/onboard/rotating-proxy`);
    await page.getByRole('tab', { name: 'Usage' }).click();
    const table = page.getByRole('table', { name: 'Requests' });
    const row = table.getByTestId('request-row').filter({ hasText: target });
    await expect(row).toHaveCount(1, { timeout: TIMEOUT });
    const exact = (n) => `${n.toLocaleString('en-US')} bytes`;
    await expect(row.getByTestId('request-up')).toContainText(exact(received));
    await expect(row.getByTestId('request-down')).toContainText(exact(sent));
    await expect(row).toContainText('OK');
    await expect(table.getByTestId('request-row').filter({ hasText: `127.0.0.1:${closedPort}` })).toContainText('Upstream error');
    // the top hosts and the charts count it too
    await expect(page.getByTestId('host-breakdown').getByRole('row').filter({ hasText: '127.0.0.1' })).toContainText(exact(received + sent));
    await expect(page.getByTestId('day-chart-summary')).toBeVisible();

    // the filters narrow the table to it, and the CSV of that filter holds it
    await page.getByRole('searchbox', { name: 'Host' }).fill('127.0.0.1');
    await page.getByRole('combobox', { name: 'Outcome' }).selectOption('ok');
    await expect(page.getByTestId('requests-total')).toHaveText('1 request', { timeout: TIMEOUT });
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.getByRole('button', { name: 'Export CSV' }).click()]);
    // seen while it shows (the toaster is a lazy chunk), so that axe below waits for it to go
    await toast(page, 'CSV file downloaded');
    expect(file.suggestedFilename()).toMatch(/^requests-premium-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await file.path(), 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('started_at,duration_ms,credential_kind,credential_id,credential_label,type,host,port,bytes_up,bytes_down,outcome,reason,charged,source');
    expect(lines).toHaveLength(2);
    const cells = lines[1].split(',');
    expect(cells.slice(5, 11)).toEqual(['premium', '127.0.0.1', String(origin.port), String(received), String(sent), 'ok']);
    // the source: the journey connects from loopback, the shop's own network, which is not shown
    expect(cells.at(-1)).toBe('');

    await expectAccessible(page, 'usage tab');

    // the Health tab: of the two connections to 127.0.0.1 one failed, refused by the destination
    await page.getByRole('tab', { name: 'Health' }).click();
    await expect(page.getByTestId('health-connections')).toHaveText('2', { timeout: TIMEOUT });
    await expect(page.getByTestId('health-success-rate')).toHaveText('50%');
    const hostRow = page.getByRole('table', { name: 'Health per host' }).getByRole('row').filter({ hasText: '127.0.0.1' });
    await expect(hostRow).toContainText('50%');
    await expect(hostRow).toContainText('Destination refused × 1');
    const hint = page.getByTestId('failure-hints').getByRole('listitem').filter({ hasText: 'Destination refused' });
    await expect(hint).toContainText('The site is down or blocking');
    await expect(page.getByTestId('health-chart-summary')).toContainText('50% of 2 connections succeeded');
    await expectAccessible(page, 'health tab');
    await page.getByRole('tab', { name: 'Usage' }).click();
    // the journey's screens, light and dark, wide and narrow (looked at, not compared)
    await page.getByRole('searchbox', { name: 'Host' }).fill('');
    for (const width of [1280, 375]) {
      for (const theme of ['light', 'dark']) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
        await page.reload();
        await page.getByRole('tab', { name: 'Usage' }).click();
        await expect(table.getByTestId('request-row')).toHaveCount(2, { timeout: TIMEOUT });
        await expect(page.getByTestId('hour-chart')).toBeVisible();
        await page.screenshot({ path: `e2e/screenshots/usage-tab-${width}-${theme}.png`, fullPage: true });
        if (theme === 'dark') await expectAccessible(page, `usage tab, dark, ${width} px`);
      }
    }
    // the hint's link opens its part of the user guide
    await page.getByRole('tab', { name: 'Health' }).click();
    await hint.getByRole('link', { name: /User guide/ }).click();
    await expect(page).toHaveURL(/\/user&guide#failed-destination$/);
    await expect(page.locator('#failed-destination')).toBeInViewport();
  } finally {
    origin.close();
    await server.stop();
  }
});
