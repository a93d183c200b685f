// Visual check (not a test): every section of the settings (/onboard/settings/<section>) of a
// customer with a photo, a phone, two-factor sign-in on, two sessions and two API keys, and the
// Security section as the operator console leaves it for an administrator who must enrol
// (PROXYSHOP_ADMIN_2FA=required), at 1280 and 375 px, light and dark, against a real server.
// Usage: npm run build && node e2e/settings-screenshots.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { request as requests } from 'playwright-core';
import { frontendDir, launchBrowser, readCode, readInitialAdmin, startServer } from './harness.mjs';
import { totp } from './totp.mjs';
import { TIMEOUT } from './helpers.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A 64×64 PNG: a soft diagonal gradient. */
function photo(size = 64) {
  const chunk = (type, data) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) row.set([40 + x * 3, 80 + y * 2, 200], 1 + x * 3);
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

async function shoot(page, url, name) {
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
      const file = join(outDir, `${name}-${width}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      // a narrow page is long: also in parts a viewer shows at full size
      if (width >= 500) continue;
      const height = await page.evaluate(() => globalThis.document.documentElement.scrollHeight);
      for (let y = 0, part = 1; y < height; y += 900, part += 1) {
        const slice = join(outDir, `${name}-${width}-${theme}-part${part}.png`);
        await page.screenshot({ path: slice, fullPage: true, clip: { x: 0, y, width, height: Math.min(900, height - y) } });
        console.log(slice);
      }
    }
  }
}

async function customer(server, browser) {
  const page = await browser.context.newPage();
  const { url } = server;
  const email = 'ada.lovelace@example.com';
  const request = page.request;
  await request.post(`${url}/api/register_verification`, { data: { email } });
  const registered = await request.post(`${url}/api/register`, {
    data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(server.dataDir, email) },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  await request.patch(`${url}/api/user/profile`, { data: { name: 'Ada Lovelace', phone: '+14155550123' } });
  await request.post(`${url}/api/user/avatar`, { multipart: { file: { name: 'ada.png', mimeType: 'image/png', buffer: photo() } } });
  // a second session, from another "device" (before two-factor sign-in is on)
  const phone = await requests.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  const second = await phone.post(`${url}/api/login`, { data: { email, password: 'Secret1!' } });
  if (!second.ok()) throw new Error(`second session: ${second.status()}`);
  const { secret } = await (await request.post(`${url}/api/user/2fa/setup`, { data: {} })).json();
  const enabled = await request.post(`${url}/api/user/2fa/enable`, { data: { code: totp(secret) } });
  if (!enabled.ok()) throw new Error(`2fa: ${enabled.status()} ${await enabled.text()}`);
  await request.post(`${url}/api/user/api-keys`, { data: { name: 'scraper on server 1', scopes: ['read'], allowedIps: ['203.0.113.7'] } });
  await request.post(`${url}/api/user/api-keys`, { data: { name: 'billing bot', scopes: ['read', 'buy'], expiresAt: Math.floor(Date.now() / 1000) + 30 * 86_400 } });
  for (const section of ['account', 'security', 'api', 'billing', 'notifications', 'access']) {
    await shoot(page, `${url}/onboard/settings/${section}`, `settings-${section}`);
  }
  await phone.dispose();
  await page.close();
}

async function unenrolledAdmin(browser) {
  const server = await startServer({ env: { PROXYSHOP_ADMIN_2FA: 'required' } });
  try {
    const page = await browser.context.newPage();
    await browser.context.clearCookies();
    const { email, password } = readInitialAdmin(server.dataDir);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${server.url}/onboard/settings/security#two-factor`, { timeout: TIMEOUT });
    // the notice lives in the history entry's state: shoot that entry, reloaded per theme and width
    for (const width of [1280, 375]) {
      for (const theme of ['light', 'dark']) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
        await page.reload();
        await page.getByRole('alert').filter({ hasText: 'Two-factor sign-in is required for administrators' }).waitFor({ timeout: TIMEOUT });
        await page.waitForLoadState('networkidle');
        const file = join(outDir, `admin-notice-${width}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      }
    }
    await page.close();
  } finally {
    await server.stop();
  }
}

const server = await startServer();
const browser = await launchBrowser();
try {
  await customer(server, browser);
  await unenrolledAdmin(browser);
} finally {
  await browser.close();
  await server.stop();
}
