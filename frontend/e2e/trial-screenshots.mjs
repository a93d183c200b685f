// Visual check (not a test), against a real server, at 1280 and 375 px, light and dark:
// - /register: the trial promised with its limits;
// - the overview of an account on its free trial (labelled, with its end and Upgrade);
// - the overview of an account refused a trial (its network had its one trial of the day);
// - a plan purchase refused with 402 "Insufficient balance": the dialog with the missing amount
//   and Add funds, then the Add Funds dialog prefilled;
// - /admin/trials with the limited network, signed in as the first-start admin.
// Usage: npm run build && node e2e/trial-screenshots.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TIMEOUT } from './helpers.mjs';
import { frontendDir, launchBrowser, readCode, readInitialAdmin, startServer } from './harness.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/trial'));
mkdirSync(outDir, { recursive: true });

// one trial per network a day: the second sign-up from 127.0.0.1 gets none
const server = await startServer({ env: { PROXYSHOP_TRIAL_PER_IP_PER_DAY: '1' } });
const browser = await launchBrowser();
const { url, dataDir } = server;
const headers = { Origin: url };

async function signUp(context, email) {
  const request = context.request;
  await request.post(`${url}/api/register_verification`, { headers, data: { email } });
  const reply = await request.post(`${url}/api/register`, {
    headers,
    data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(dataDir, email) },
  });
  if (!reply.ok()) throw new Error(`register ${email}: ${reply.status()} ${await reply.text()}`);
  return (await reply.json()).trial;
}

async function themed(page, path, width, theme) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${url}${path}`);
  await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
  await page.reload();
}

async function shot(page, name, fullPage = false) {
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

try {
  const browserApi = browser.context.browser();
  const trialContext = browser.context;
  const trialPage = await trialContext.newPage();
  console.log('trial:', JSON.stringify(await signUp(trialContext, 'ada@example.com')));
  const refusedContext = browserApi ? await browserApi.newContext() : null;
  // a persistent context has no browser object: the second account signs up in the same
  // context after the first one logs out
  let refusedPage = null;
  if (refusedContext) {
    refusedPage = await refusedContext.newPage();
    console.log('refused:', JSON.stringify(await signUp(refusedContext, 'grace@example.com')));
  }
  const guest = await browser.context.newPage();
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await trialPage.evaluate(() => undefined).catch(() => undefined);
      await themed(trialPage, '/onboard', width, theme);
      await trialPage.getByTestId('trial-label').first().waitFor({ timeout: TIMEOUT });
      await shot(trialPage, `overview-trial-${width}-${theme}`, true);

      await themed(trialPage, '/onboard/rotating-proxy', width, theme);
      await trialPage.getByRole('tab', { name: 'Plans' }).click();
      await trialPage.getByRole('button', { name: /^Buy now/ }).first().click();
      const dialog = trialPage.getByRole('dialog', { name: 'Buy Plan' });
      await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
      await dialog.getByRole('alert').waitFor({ timeout: TIMEOUT });
      await trialPage.locator('[data-sonner-toast]').first().waitFor({ timeout: TIMEOUT });
      await shot(trialPage, `insufficient-balance-${width}-${theme}`);
      await dialog.getByRole('button', { name: 'Add funds' }).click();
      await trialPage.getByRole('dialog', { name: 'Add Funds' }).waitFor({ timeout: TIMEOUT });
      await shot(trialPage, `add-funds-prefilled-${width}-${theme}`);
      await trialPage.keyboard.press('Escape');

      if (refusedPage) {
        await themed(refusedPage, '/onboard', width, theme);
        await refusedPage.getByTestId('trial-notice').waitFor({ timeout: TIMEOUT });
        await shot(refusedPage, `overview-refused-${width}-${theme}`, true);
      }
    }
  }
  // the register page and the console, signed out of the customer accounts
  const adminContext = browserApi ? await browserApi.newContext() : null;
  const adminPage = adminContext ? await adminContext.newPage() : guest;
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await themed(adminPage, '/register', width, theme);
      await adminPage.getByRole('heading', { name: 'Create your account' }).waitFor({ timeout: TIMEOUT });
      await shot(adminPage, `register-${width}-${theme}`);
    }
  }
  const login = await adminPage.request.post(`${url}/api/login`, { headers, data: readInitialAdmin(dataDir) });
  if (!login.ok()) throw new Error(`admin login: ${login.status()}`);
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await themed(adminPage, '/admin/trials', width, theme);
      await adminPage.getByRole('table', { name: 'Networks at their trial limit' }).getByText('127.0.0.0/24').waitFor({ timeout: TIMEOUT });
      await shot(adminPage, `admin-trials-${width}-${theme}`, true);
    }
  }
  await adminPage.getByRole('button', { name: 'Allow more trials to 127.0.0.0/24' }).click();
  const allow = adminPage.getByRole('dialog', { name: 'Allow more free trials' });
  await allow.getByLabel('More trials').fill('5');
  await allow.getByLabel('Reason').fill('Office behind one address');
  await shot(adminPage, 'admin-trials-allow-375-dark');
  await refusedContext?.close();
  await adminContext?.close();
} finally {
  await browser.close();
  await server.stop();
}
