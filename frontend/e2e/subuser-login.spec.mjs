// A sub-user invited by mail signs in and sees only its own line and usage: the owner adds a
// sub-user and invites an email in Settings; the invitee opens the mailed link in a browser of
// its own, sets a password, signs in on /login and lands on its own dashboard (no sidebar, no
// wallet, the server refusing the owner's wallet to it); the owner then sees the sign-in Active.
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { readMails } from './harness.mjs';
import { TIMEOUT, toast } from './helpers.mjs';

const card = (page, title) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('a sub-user invited by mail signs in and sees only its own line and usage', async ({ page, url, dataDir, browser, shot }) => {
  await signUp(page, url, dataDir, `owner-${Date.now()}@example.com`);
  const name = `crew${Date.now() % 100000}`;
  const invitee = `invitee-${Date.now()}@example.com`;

  await page.goto(`${url}/onboard/settings/access`);
  const subusers = card(page, 'Sub-users');
  await subusers.getByRole('button', { name: 'Add sub-user' }).click();
  const form = page.getByRole('dialog', { name: 'Add sub-user' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add sub-user' }).click();
  await toast(page, `Sub-user ${name} added`);
  await subusers.getByRole('button', { name: `Invite to sign in to ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Invite to sign in to ${name}` });
  await dialog.getByLabel('Email').fill(invitee);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await toast(page, 'Invitation sent');
  await subusers.getByTestId('subuser-login').getByText('Invitation pending').waitFor({ timeout: TIMEOUT });
  await shot('01-invited');

  const mail = readMails(dataDir, invitee).at(-1);
  const link = /https?:\/\/\S+\/invitation\?\S+/.exec(mail?.body ?? '')?.[0];
  if (!link) throw new Error(`no invitation link in ${JSON.stringify(mail)}`);

  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await other.goto(link);
    await other.getByRole('heading', { name: 'Set your password' }).waitFor({ timeout: TIMEOUT });
    await other.getByLabel('Password', { exact: true }).fill('Secret1!');
    await other.getByLabel('Confirm password').fill('Secret1!');
    await other.getByRole('button', { name: 'Set password' }).click();
    await other.waitForURL(`${url}/login`, { timeout: TIMEOUT });
    await other.getByLabel('Email').fill(invitee);
    await other.getByLabel('Password').fill('Secret1!');
    await other.getByRole('button', { name: 'Login', exact: true }).click();
    await other.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
    await other.getByRole('heading', { name: 'Your proxy line' }).waitFor({ timeout: TIMEOUT });
    await other.getByText(`-sub-${name}`).first().waitFor({ timeout: TIMEOUT });
    await other.getByText('No connections yet').waitFor({ timeout: TIMEOUT });
    await shot('02-sub-user-dashboard', other);
    if (await other.getByRole('link', { name: 'Wallet' }).count()) throw new Error('the sub-user sees the wallet link');
    // any other page is the same restricted page, and the server refuses the owner's data
    await other.goto(`${url}/onboard/wallet`);
    await other.getByRole('heading', { name: 'Your proxy line' }).waitFor({ timeout: TIMEOUT });
    const status = await other.evaluate(() => fetch('/api/user/wallet', { credentials: 'include' }).then((r) => r.status));
    if (status !== 403) throw new Error(`GET /api/user/wallet answered the sub-user ${status}`);
  } finally {
    await context.close();
  }

  await page.reload();
  await card(page, 'Sub-users').getByTestId('subuser-login').getByText('Active').waitFor({ timeout: TIMEOUT });
  await shot('03-owner-sees-active');
});
