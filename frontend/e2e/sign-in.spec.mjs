// Sign-up and sign-in in the browser: a guest is sent to /login; a new customer registers with the
// mailed code, keeps the session over a reload, logs out and logs in again.
import { test } from './fixtures.mjs';
import { readCode } from './harness.mjs';
import { TIMEOUT } from './helpers.mjs';

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
