// `npm run e2e`: builds the app, starts `proxyshop serve` on a fresh SQLite database serving the
// build, and drives headless Chromium through the sign-up / sign-in, top-up, premium, piece and
// screens journeys. Screenshots of each step go to e2e/screenshots/ (git-ignored). Ends with one
// line "N passed, N failed".
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkScreens, signUp } from './accessibility.mjs';
import { frontendDir, launchBrowser, readCode, serverBin, startServer } from './harness.mjs';
import { residentialJourney } from './residential.mjs';
import { piecesJourney } from './pieces.mjs';
import { screensJourney } from './screens.mjs';
import { topUpJourney } from './top-up.mjs';

const shots = join(frontendDir, 'e2e/screenshots');
mkdirSync(shots, { recursive: true });

if (!process.env.E2E_SKIP_BUILD) {
  execFileSync(process.execPath, [join(frontendDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: frontendDir,
    stdio: 'inherit',
  });
}
if (!existsSync(serverBin)) {
  console.error(`proxyshop binary not found at ${serverBin} (build it with \`cargo build -p server\` or set PROXYSHOP_BIN)`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const TIMEOUT = 15_000;

test('a guest opening /onboard ends on /login', async ({ page, url, shot }) => {
  await page.goto(`${url}/onboard`);
  await page.waitForURL(`${url}/login`, { timeout: TIMEOUT });
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: TIMEOUT });
  await shot('guest-onboard-redirected-to-login');
});

test('a new user registers, keeps the session on reload, logs out and logs in again', async ({ page, url, dataDir, shot }) => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'Secret1!';

  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });
  await shot('01-landing');

  await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' }).first().click();
  await page.waitForURL(`${url}/register`, { timeout: TIMEOUT });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByRole('button', { name: /Resend in \d+s/ }).waitFor({ timeout: TIMEOUT });
  await shot('02-code-sent');

  const code = readCode(dataDir, email);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await shot('03-register-filled');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
  await page.getByTestId('wallet-balance').waitFor({ timeout: TIMEOUT });
  await shot('04-onboard');

  await page.reload();
  await page.getByTestId('wallet-balance').waitFor({ timeout: TIMEOUT });
  if (!page.url().endsWith('/onboard')) throw new Error(`after reload the page is ${page.url()}`);
  await shot('05-onboard-after-reload');

  await page.getByRole('button', { name: /account menu|e2e-/ }).first().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${url}/`, { timeout: TIMEOUT });
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).first().waitFor({ timeout: TIMEOUT });
  await shot('06-logged-out');

  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
  await page.getByTestId('wallet-balance').waitFor({ timeout: TIMEOUT });
  await shot('07-logged-in-again');
});

topUpJourney(test);
residentialJourney(test);
piecesJourney(test);
screensJourney(test);

test('public screens pass the axe WCAG 2 A/AA checks, light and dark, wide and narrow', async ({ page, url }) => {
  const problems = await checkScreens(page, url, ['/', '/login', '/register?ref=FRIEND1', '/no-such-page']);
  if (problems.length > 0) throw new Error(problems.join('\n  '));
});

test('dashboard screens pass the axe WCAG 2 A/AA checks, light and dark, wide and narrow', async ({ page, url, dataDir }) => {
  await signUp(page, url, dataDir);
  const routes = ['/onboard', '/onboard/wallet', '/onboard/rotating-proxy', '/onboard/budget-proxy', '/onboard/static-proxy', '/onboard/ipv4-proxy', '/onboard/lte-proxy', '/onboard/proxies', '/onboard/referral', '/onboard/settings'];
  const problems = await checkScreens(page, url, routes);
  if (problems.length > 0) throw new Error(problems.join('\n  '));
});

let passed = 0;
let failed = 0;
const server = await startServer();
const browser = await launchBrowser();
try {
  // E2E_ONLY=<text>: only the tests whose name contains it (for quick reruns)
  for (const { name, fn } of tests.filter((t) => !process.env.E2E_ONLY || t.name.includes(process.env.E2E_ONLY))) {
    const before = new Set(browser.context.pages());
    const page = await browser.context.newPage();
    await browser.context.clearCookies();
    const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40);
    const shot = (step, target = page) => target.screenshot({ path: join(shots, `${slug}--${step}.png`), fullPage: false });
    try {
      await fn({ page, url: server.url, dataDir: server.dataDir, shot });
      passed += 1;
      console.log(`✓ ${name}`);
    } catch (error) {
      failed += 1;
      console.log(`✗ ${name}\n  ${error instanceof Error ? error.message : String(error)}`);
      await shot('failure').catch(() => undefined);
    } finally {
      // the page and any tab the test opened (e.g. a checkout)
      for (const opened of browser.context.pages()) if (!before.has(opened)) await opened.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
