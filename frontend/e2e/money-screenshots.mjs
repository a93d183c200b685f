// Visual check (not a test), against a real server, at 1280 and 375 px, light and dark:
// - the Buy Plan dialog with "2.5" typed into Custom amount (GB): kept as typed, refused with the rule;
// - the Auto top-up card after a reload, showing the plan the server holds;
// - a password reset of an account with two-factor sign-in on: the two-factor step after the reset
//   (six boxes filled by typing a code whose digits repeat), ending signed in on /onboard.
// Usage: npm run build && node e2e/money-screenshots.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TIMEOUT, topUp } from './helpers.mjs';
import { frontendDir, readCode, readMails, runScreenshots } from './harness.mjs';
import { totp } from './totp.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });
const EMAIL = 'grace.hopper@example.com';
let secret = null;
let password = 'Secret1!';
let server = null;
/** The last 30-second step whose code was used: each code is taken once. */
let usedStep = 0;

async function freshCode(page) {
  while (Math.floor(Date.now() / 30_000) <= usedStep) await page.waitForTimeout(500);
  usedStep = Math.floor(Date.now() / 30_000);
  return totp(secret, usedStep);
}

async function setUp(started, page) {
  server = started;
  const { url, dataDir } = server;
  const request = page.request;
  await request.post(`${url}/api/register_verification`, { data: { email: EMAIL } });
  const registered = await request.post(`${url}/api/register`, {
    data: { email: EMAIL, password, confirmPassword: password, code: readCode(dataDir, EMAIL) },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  await topUp(page, url, 50);
  const { plan } = await (await request.get(`${url}/api/user/plan?type=premium`)).json();
  const saved = await request.put(`${url}/api/user/auto_topup`, {
    headers: { Origin: url },
    data: { type: 'premium', enabled: true, belowGb: 0.5, planId: Number(plan.plans[0].id) },
  });
  if (!saved.ok()) throw new Error(`auto top-up: ${saved.status()} ${await saved.text()}`);
}

async function themed(page, url, path, width, theme) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${url}${path}`);
  await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
  await page.reload();
}

async function shot(page, name, target = page) {
  const file = join(outDir, `${name}.png`);
  await target.screenshot({ path: file });
  console.log(file);
}

async function resetWithTwoFactor(page, url, dataDir, width, theme) {
  const request = page.request;
  if (secret === null) {
    const setup = await (await request.post(`${url}/api/user/2fa/setup`, { headers: { Origin: url }, data: {} })).json();
    secret = setup.secret;
    const enabled = await request.post(`${url}/api/user/2fa/enable`, { headers: { Origin: url }, data: { code: await freshCode(page) } });
    if (!enabled.ok()) throw new Error(`2fa enable: ${enabled.status()} ${await enabled.text()}`);
  }
  await request.post(`${url}/api/user/logout`, { headers: { Origin: url }, data: {} });
  await themed(page, url, '/forgot-password', width, theme);
  await page.getByLabel('Email').fill(EMAIL);
  const mailsBefore = readMails(dataDir, EMAIL).length;
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).waitFor({ timeout: TIMEOUT });
  // the code mail goes out in the background
  while (readMails(dataDir, EMAIL).length <= mailsBefore) await page.waitForTimeout(200);
  const code = readCode(dataDir, EMAIL);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  password = password === 'Secret1!' ? 'Secret2!' : 'Secret1!';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page
    .getByRole('heading', { name: 'Two-factor sign-in' })
    .waitFor({ timeout: TIMEOUT })
    .catch(async (error) => {
      await shot(page, `reset-failed-${width}-${theme}`);
      throw error;
    });
  // typed over a first entry, as a customer correcting a code would
  const first = page.getByRole('textbox', { name: 'Digit 1 of 6' });
  await first.click();
  await page.keyboard.type('000000');
  await first.click();
  await page.keyboard.type(await freshCode(page));
  await shot(page, `reset-2fa-${width}-${theme}`);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/onboard/, { timeout: TIMEOUT });
  await shot(page, `reset-2fa-signed-in-${width}-${theme}`);
}

async function shoot(page, url) {
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await themed(page, url, '/onboard/rotating-proxy', width, theme);
      await page.getByRole('tab', { name: 'Plans' }).click();
      await page.getByRole('button', { name: /^Buy now/ }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Buy Plan' });
      await dialog.getByLabel('Custom amount (GB)').fill('2.5');
      await dialog.getByRole('alert').waitFor({ timeout: TIMEOUT });
      await shot(page, `custom-gb-decimal-${width}-${theme}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await themed(page, url, '/onboard/settings/billing', width, theme);
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Auto top-up', exact: true }) });
      await card.getByLabel('Buy plan').first().waitFor({ timeout: TIMEOUT });
      await card.scrollIntoViewIfNeeded();
      await shot(page, `auto-topup-${width}-${theme}`, card);
    }
  }
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await resetWithTwoFactor(page, url, server.dataDir, width, theme);
    }
  }
}

await runScreenshots(setUp, shoot);
