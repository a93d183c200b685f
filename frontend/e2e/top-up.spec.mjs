// The top-up journey across the API, the local checkout page and two browser tabs: a referred
// customer adds $25 in USDT, pays on the checkout tab, sees the balance in the first tab, and the
// referrer earns the 10 % bonus.
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { readCode } from './harness.mjs';
import { TIMEOUT } from './helpers.mjs';

async function registerThroughUi(page, url, dataDir, path, email, password) {
  await page.goto(url + path);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByRole('button', { name: /Resend in \d+s/ }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(readCode(dataDir, email));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
}

async function expectText(locator, text) {
  await locator.getByText(text, { exact: true }).first().waitFor({ timeout: TIMEOUT });
}

test('a referred customer tops up $25 in USDT through the checkout tab; the referrer earns $2.50', async ({ page, url, dataDir, shot }) => {
  const context = page.context();
  const stamp = Date.now();

  // A: the referrer, registered through the API; their code comes from the user info
  const referrer = await signUp(page, url, dataDir, `referrer-${stamp}@example.com`);
  const info = await context.request.get(`${url}/api/getuserinfo`);
  const refCode = (await info.json()).user?.refCode;
  if (!refCode) throw new Error(`no refCode in ${await info.text()}`);
  await context.clearCookies();

  // B: signs up through the referral link
  const customer = `customer-${stamp}@example.com`;
  await registerThroughUi(page, url, dataDir, `/register?ref=${encodeURIComponent(refCode)}`, customer, 'Secret1!');
  await page.getByTestId('wallet-balance').waitFor({ timeout: TIMEOUT });

  await page.getByRole('button', { name: /^Balance \$0\.00/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds' });
  await dialog.getByLabel('Amount (USD)').fill('25');
  await dialog.getByText('USDT', { exact: true }).click();
  await dialog.getByLabel('Amount (USD)').blur();
  if ((await dialog.getByLabel('Amount (USD)').inputValue()) !== '25.00') throw new Error('the amount was not formatted to 25.00 on blur');
  await shot('01-add-funds');

  const opened = context.waitForEvent('page', { timeout: TIMEOUT });
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  const checkout = await opened;
  await checkout.waitForLoadState();
  if (!/\/checkout\//.test(checkout.url())) throw new Error(`the new tab is ${checkout.url()}, not the checkout`);
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: TIMEOUT });
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await checkout.waitForURL(/\/onboard\/wallet\?payment=/, { timeout: TIMEOUT });
  await checkout.getByTestId('payment-return').getByText('Payment received').waitFor({ timeout: TIMEOUT });
  await shot('02-checkout-tab-back-on-wallet', checkout);

  // back on the first tab: the balance refreshed without a reload
  await page.bringToFront();
  await page.getByRole('button', { name: /^Balance \$25\.00/ }).waitFor({ timeout: TIMEOUT });
  await checkout.close();
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).first().getByRole('link', { name: 'Wallet', exact: true }).click();
  await page.waitForURL(`${url}/onboard/wallet`, { timeout: TIMEOUT });
  const ledger = page.getByRole('table', { name: 'Wallet activity' });
  await expectText(ledger, 'Top-up');
  await expectText(ledger, '+$25.00');
  await expectText(page.getByRole('table', { name: 'Payments' }), 'Paid');
  await shot('03-wallet');

  // A: sees the bonus
  await context.clearCookies();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(referrer.email);
  await page.getByLabel('Password').fill(referrer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
  // the bonus is on the referral balance, apart from the wallet
  await page.getByRole('button', { name: /^Balance \$0\.00/ }).waitFor({ timeout: TIMEOUT });
  await page.goto(`${url}/onboard/referral`);
  const history = page.getByRole('table', { name: 'Referral history' });
  await expectText(history, '$2.50');
  const rows = await history.locator('tbody tr').count();
  if (rows !== 1) throw new Error(`expected one referral bonus, found ${rows} rows`);
  await expectText(page.getByTestId('referred-count'), '1');
  await expectText(page.getByTestId('referral-balance'), '$2.50');
  await shot('04-referrer');
  // moved to the wallet at once: the top bar's balance follows
  await page.getByRole('button', { name: 'Move to wallet' }).click();
  await page.getByRole('button', { name: /^Balance \$2\.50/ }).waitFor({ timeout: TIMEOUT });
  await expectText(page.getByTestId('referral-balance'), '$0.00');
});
