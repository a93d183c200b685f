// Account self-service in the browser: the settings page (name in the top bar), two-factor
// sign-in set up with a real TOTP computed from the shown key, signing in with a code and then a
// recovery code, a forgotten password reset with the mailed code, an email change confirmed with
// the code mailed to the new address, a photo uploaded and deleted, a second browser signed out by
// a password change and by "End", and a `read` API key used without cookies; axe on each screen.
import { deflateSync } from 'node:zlib';
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { readCode, readMails } from './harness.mjs';
import { TIMEOUT, expectAccessible, toast } from './helpers.mjs';
import { totp } from './totp.mjs';

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
  await page.goto(`${url}/onboard/settings/account`);
  const name = page.getByLabel('Full name');
  await name.fill('Ada Settings');
  await page.getByLabel('Phone (optional)').fill('+1 415 555 0123');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await toast(page, 'Profile updated');
  await page.getByRole('banner').getByText('Ada Settings', { exact: true }).waitFor({ timeout: TIMEOUT });
  await shot('settings');
  await expectAccessible(page, '/onboard/settings/account');
  // the section list leads to the sessions, at their own address
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: /^Security/ }).click();
  await page.waitForURL(`${url}/onboard/settings/security`, { timeout: TIMEOUT });
  await page.getByRole('list', { name: 'Signed-in sessions' }).getByText('This device').waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, '/onboard/settings/security');
});

test('two-factor sign-in: set up with a real TOTP, then sign in with a code and with a recovery code', async ({ page, url, dataDir, shot }) => {
  const { email, password } = await signUp(page, url, dataDir, `tfa-${Date.now()}@example.com`);
  await page.goto(`${url}/onboard/settings/security`);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor({ timeout: TIMEOUT });
  const secret = (await page.getByTestId('totp-secret').textContent()).replace(/\s/g, '');
  await expectAccessible(page, 'two-factor set-up');
  const enrolStep = Math.floor(Date.now() / 30_000);
  await typeCode(page, totp(secret, enrolStep));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor({ timeout: TIMEOUT });
  // the toast first (the toaster is a lazy chunk): axe must not catch it fading in
  await toast(page, 'Two-factor sign-in is on');
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
  await toast(page, 'If an account exists for this email, we sent a code to reset the password.');
  await page.getByRole('button', { name: 'Reset password' }).waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, '/forgot-password');
  // the registration mail is older; the newest mail to the address is the reset code
  await typeCode(page, readCode(dataDir, email));
  await page.getByLabel('New password', { exact: true }).fill('Newpass1!');
  await page.getByLabel('Confirm new password').fill('Newpass1!');
  await shot('reset-filled');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
  // the code request's toast now says so (one toast, not the stale one in front of it)
  await toast(page, 'Password reset');
  const shown = await page.locator('[data-sonner-toast]').allTextContents();
  if (shown.length !== 1) throw new Error(`toasts after the reset: ${JSON.stringify(shown)}`);

  await logout(page, url);
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Newpass1!');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
});

/** CRC-32 (ISO-HDLC), as PNG chunks carry it. */
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small real PNG: `size`×`size` pixels, 8-bit RGB, a diagonal two-colour pattern. */
function makePng(size = 32) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method variants, no interlace
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then the pixels
    for (let x = 0; x < size; x += 1) row.set(x > y ? [37, 99, 235] : [250, 204, 21], 1 + x * 3);
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** The settings card whose heading is `title`. */
const card = (page, title) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function openAccountMenu(page) {
  await page.getByRole('banner').locator('button[aria-haspopup="menu"]').click();
  return page.getByRole('menu', { name: 'Account' });
}

/** Signs `email` in on another browser context (its own cookie jar) and opens the settings there. */
async function otherBrowser(browser, url, email, password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signedIn = await context.request.post(`${url}/api/login`, { data: { email, password } });
  if (!signedIn.ok()) throw new Error(`login: ${signedIn.status()} ${await signedIn.text()}`);
  await page.goto(`${url}/onboard/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: TIMEOUT });
  return { context, page };
}

/**
 * The next navigation in the other browser (a sidebar link, no reload) ends at /login. On a slow
 * machine one of the dashboard's own refreshes may meet the ended session first and take the page
 * to /login before the click: then the link is gone, and the page must be at /login all the same.
 */
async function expectSignedOut(page, url) {
  const signIn = `${url}/login`;
  if (!page.url().startsWith(signIn)) {
    await page
      .getByRole('link', { name: 'Wallet', exact: true })
      .first()
      .click({ timeout: TIMEOUT })
      .catch((error) => {
        if (!page.url().startsWith(signIn)) throw error;
      });
  }
  await page.waitForURL(signIn, { timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Login', exact: true }).waitFor({ timeout: TIMEOUT });
}

test('email change: the code mailed to the new address switches it; the old address gets a notice', async ({ page, url, dataDir, shot }) => {
  const stamp = Date.now();
  const oldEmail = `mail-old-${stamp}@example.com`;
  const newEmail = `mail-new-${stamp}@example.com`;
  const { password } = await signUp(page, url, dataDir, oldEmail);
  await page.goto(`${url}/onboard/settings/account`);
  const email = card(page, 'Email');
  await email.getByText(oldEmail).waitFor({ timeout: TIMEOUT });
  await email.getByLabel('New email').fill(newEmail);
  await email.getByLabel('Current password').fill(password);
  await email.getByRole('button', { name: 'Send code' }).click();
  await toast(page, `We sent a code to ${newEmail}`);
  await email.getByRole('button', { name: 'Confirm new email' }).waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, 'email change code step');
  await shot('email-code');
  await email.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(readCode(dataDir, newEmail));
  await email.getByRole('button', { name: 'Confirm new email' }).click();
  await toast(page, 'Email changed');

  await email.getByText(`You sign in as ${newEmail}.`).waitFor({ timeout: TIMEOUT });
  const menu = await openAccountMenu(page);
  await menu.getByText(newEmail, { exact: true }).waitFor({ timeout: TIMEOUT });
  await page.keyboard.press('Escape');
  await expectAccessible(page, '/onboard/settings/account after the email change');

  const notices = readMails(dataDir, oldEmail).filter((mail) => mail.subject === 'Your ProxyShop email was changed');
  if (notices.length !== 1) throw new Error(`expected one notice to ${oldEmail}, got ${notices.length}`);
  if (!notices[0].body.includes(newEmail)) throw new Error(`the notice does not name the new address:\n${notices[0].body}`);

  // the new address signs in; the old one no longer does
  await page.context().clearCookies();
  const refused = await page.request.post(`${url}/api/login`, { data: { email: oldEmail, password } });
  if (refused.status() !== 401) throw new Error(`the old address still signs in: ${refused.status()}`);
  const accepted = await page.request.post(`${url}/api/login`, { data: { email: newEmail, password } });
  if (!accepted.ok()) throw new Error(`the new address does not sign in: ${accepted.status()}`);
});

test('photo: an uploaded PNG shows in the top bar; deleting it brings the initial back', async ({ page, url, dataDir, shot }) => {
  await signUp(page, url, dataDir, `photo-${Date.now()}@example.com`);
  await page.goto(`${url}/onboard/settings/account`);
  const photo = card(page, 'Profile photo');
  const menuButton = page.getByRole('banner').locator('button[aria-haspopup="menu"]');
  const initial = menuButton.locator('span[aria-hidden="true"]').first();
  await initial.waitFor({ timeout: TIMEOUT });
  const letter = (await initial.textContent()).trim();
  if (letter.length !== 1) throw new Error(`expected an initial, got "${letter}"`);

  await photo.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
  await photo.getByRole('img', { name: 'Preview of the new photo' }).waitFor({ timeout: TIMEOUT });
  await expectAccessible(page, 'photo preview');
  await photo.getByRole('button', { name: 'Save photo' }).click();
  await toast(page, 'Photo updated');

  const image = menuButton.locator('img');
  await image.waitFor({ timeout: TIMEOUT });
  const src = await image.getAttribute('src');
  if (!/\/api\/avatars\/[^/]+\.(png|jpe?g|webp)$/.test(src ?? '')) throw new Error(`unexpected avatar URL ${src}`);
  // the image really loads (the server's re-encoded 256×256 picture), not a broken link
  await page.waitForFunction((element) => element.complete && element.naturalWidth === 256, await image.elementHandle(), { timeout: TIMEOUT });
  const served = await page.request.get(new URL(src, url).toString());
  if (!served.ok() || !/^image\//.test(served.headers()['content-type'] ?? '')) throw new Error(`avatar: ${served.status()} ${served.headers()['content-type']}`);
  await shot('photo-saved');
  await expectAccessible(page, '/onboard/settings/account with a photo');

  await photo.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Photo removed');
  await image.waitFor({ state: 'detached', timeout: TIMEOUT });
  await initial.waitFor({ timeout: TIMEOUT });
  if ((await initial.textContent()).trim() !== letter) throw new Error('the initial did not come back');
  await expectAccessible(page, '/onboard/settings/account after deleting the photo');
});

test('sessions: a password change signs the other browser out; so does ending its session', async ({ page, browser, url, dataDir, shot }) => {
  const email = `sessions-${Date.now()}@example.com`;
  const { password } = await signUp(page, url, dataDir, email);
  const newPassword = 'Changed1!';

  // 1. the password changes in this browser: the other one is out at its next navigation
  let other = await otherBrowser(browser, url, email, password);
  await page.goto(`${url}/onboard/settings/account`);
  const passwordCard = card(page, 'Password');
  await passwordCard.getByLabel('Current password').fill(password);
  await passwordCard.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordCard.getByLabel('Confirm new password').fill(newPassword);
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await toast(page, 'Password changed');
  await expectSignedOut(other.page, url);
  await expectAccessible(other.page, '/login after being signed out');
  await other.context.close();
  // this browser stays signed in
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: TIMEOUT });

  // 2. the other browser's session is ended from the list
  other = await otherBrowser(browser, url, email, newPassword);
  await page.goto(`${url}/onboard/settings/security`);
  const list = page.getByRole('list', { name: 'Signed-in sessions' });
  await list.getByTestId('session-row').nth(1).waitFor({ timeout: TIMEOUT });
  const rows = await list.getByTestId('session-row').count();
  if (rows !== 2) throw new Error(`expected 2 sessions, got ${rows}`);
  await shot('two-sessions');
  await expectAccessible(page, 'the session list with two sessions');
  await list.getByRole('button', { name: /^End session on / }).click();
  await toast(page, 'Session ended');
  await list.getByTestId('session-row').nth(1).waitFor({ state: 'detached', timeout: TIMEOUT });
  await expectSignedOut(other.page, url);
  await other.context.close();
});

test('API key: a read key reads usage without cookies and is refused a purchase for lack of buy', async ({ page, playwright, url, dataDir, shot }) => {
  await signUp(page, url, dataDir, `apikey-${Date.now()}@example.com`);
  await page.goto(`${url}/onboard/settings/api`);
  const keys = card(page, 'API keys');
  await keys.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByLabel('Name').fill('journey reader');
  const read = form.getByRole('checkbox', { name: /^Read/ });
  if (!(await read.isChecked())) await read.check();
  for (const other of [/^Generate/, /^Buy/]) {
    const box = form.getByRole('checkbox', { name: other });
    if (await box.isChecked()) await box.uncheck();
  }
  await expectAccessible(page, 'the new-key form');
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = (await shown.getByTestId('new-api-key').textContent()).trim();
  if (!/^psk_\w{32,}$/.test(key)) throw new Error(`unexpected key ${key}`);
  await shot('api-key-shown');
  await expectAccessible(page, 'the key shown once');
  await shown.getByRole('button', { name: 'Done' }).click();
  await keys.getByTestId('api-key-row').getByText('journey reader').waitFor({ timeout: TIMEOUT });

  // a request context of its own: no cookies, only the key
  const client = await playwright.request.newContext({ baseURL: url });
  try {
    const headers = { Authorization: `Bearer ${key}` };
    const starts = await client.get('/api/user/get_starts', { headers });
    if (starts.status() !== 200) throw new Error(`get_starts: ${starts.status()} ${await starts.text()}`);
    if (starts.headers()['set-cookie']) throw new Error('a key request got a cookie');
    const plan = await client.post('/api/user/get_plan', { headers, data: { type: 'premium', amount: 1 } });
    const body = await plan.json();
    if (plan.status() !== 403 || body.message !== 'This key lacks the buy scope') {
      throw new Error(`get_plan: ${plan.status()} ${JSON.stringify(body)}`);
    }
    const anonymous = await client.get('/api/user/get_starts');
    if (anonymous.status() !== 401) throw new Error(`without the key: ${anonymous.status()}`);
  } finally {
    await client.dispose();
  }
  // the list now says when the key was last used
  await page.reload();
  await keys.getByTestId('api-key-row').getByText(/Last used /).waitFor({ timeout: TIMEOUT });
});
