// Account self-service in the browser: the settings page (name in the top bar), two-factor
// sign-in set up with a real TOTP computed from the shown key, signing in with a code and then a
// recovery code, and a forgotten password reset with the mailed code; axe on each new screen.
import { createHmac } from 'node:crypto';
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { readCode } from './harness.mjs';
import { expectAccessible, toast } from './helpers.mjs';

const TIMEOUT = 15_000;

/** RFC 4648 base32 to bytes (the authenticator key, spaces allowed). */
function base32(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) for the 30-second step `step` (default: now). */
function totp(secret, step = Math.floor(Date.now() / 30_000)) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

async function typeCode(page, code) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

async function logout(page, url) {
  await page.getByRole('banner').locator('button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${url}/`, { timeout: TIMEOUT });
}

async function passwordStep(page, url, email, password) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor({ timeout: TIMEOUT });
}

test('settings: the new name shows in the top bar; the page passes axe', async ({ page, url, dataDir, shot }) => {
  await signUp(page, url, dataDir, `settings-${Date.now()}@example.com`);
  await page.goto(`${url}/onboard/settings`);
  const name = page.getByLabel('Full name');
  await name.fill('Ada Settings');
  await page.getByLabel('Phone (optional)').fill('+1 415 555 0123');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await toast(page, 'Profile updated');
  await page.getByRole('banner').getByText('Ada Settings', { exact: true }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('list', { name: 'Signed-in sessions' }).getByText('This device').waitFor({ timeout: TIMEOUT });
  await shot('settings');
  await expectAccessible(page, '/onboard/settings');
});

test('two-factor sign-in: set up with a real TOTP, then sign in with a code and with a recovery code', async ({ page, url, dataDir, shot }) => {
  const { email, password } = await signUp(page, url, dataDir, `tfa-${Date.now()}@example.com`);
  await page.goto(`${url}/onboard/settings`);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor({ timeout: TIMEOUT });
  const secret = (await page.getByTestId('totp-secret').textContent()).replace(/\s/g, '');
  await expectAccessible(page, 'two-factor set-up');
  const enrolStep = Math.floor(Date.now() / 30_000);
  await typeCode(page, totp(secret, enrolStep));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor({ timeout: TIMEOUT });
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  if (codes.length !== 10) throw new Error(`expected 10 recovery codes, got ${codes.length}`);
  await shot('recovery-codes');
  await expectAccessible(page, 'recovery codes');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await page.getByText('Two-factor sign-in is on.').waitFor({ timeout: TIMEOUT });
  if ((await page.getByText(codes[0]).count()) !== 0) throw new Error('the recovery codes are still on the page');
  await page.reload();
  await page.getByText('10 recovery codes left.').waitFor({ timeout: TIMEOUT });
  if ((await page.getByText(codes[0]).count()) !== 0) throw new Error('the recovery codes came back after a reload');

  await logout(page, url);
  await passwordStep(page, url, email, password);
  await shot('two-factor-step');
  await expectAccessible(page, 'login two-factor step');
  // the enrolment used its step once; the next step's code is within the accepted window
  await typeCode(page, totp(secret, enrolStep + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });

  await logout(page, url);
  await passwordStep(page, url, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });

  // a used recovery code does not work twice
  await logout(page, url);
  await passwordStep(page, url, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await toast(page, 'Invalid code');
});

test('forgotten password: the mailed code sets a new password and signs in', async ({ page, url, dataDir, shot }) => {
  const email = `reset-${Date.now()}@example.com`;
  await signUp(page, url, dataDir, email);
  await page.context().clearCookies();
  await page.goto(`${url}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL(`${url}/forgot-password`, { timeout: TIMEOUT });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await page.getByRole('button', { name: 'Reset password' }).waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, '/forgot-password');
  // the registration mail is older; the newest mail to the address is the reset code
  await typeCode(page, readCode(dataDir, email));
  await page.getByLabel('New password', { exact: true }).fill('Newpass1!');
  await page.getByLabel('Confirm new password').fill('Newpass1!');
  await shot('reset-filled');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });

  await logout(page, url);
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Newpass1!');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
});
