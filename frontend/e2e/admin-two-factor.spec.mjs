// PROXYSHOP_ADMIN_2FA=required against a real server of its own: the first-start admin signs in,
// the console's first call is refused, and the browser lands on the settings' two-factor card with
// the server's message; after turning two-factor sign-in on with a real TOTP, the notice's link
// opens a working console. axe on the settings page with the notice.
import { test } from './fixtures.mjs';
import { readInitialAdmin, startServer } from './harness.mjs';
import { TIMEOUT, expectAccessible, toast } from './helpers.mjs';
import { totp } from './totp.mjs';

const MESSAGE = 'Two-factor sign-in is required for administrators';

test('an administrator without two-factor sign-in is sent to enrol, then opens the console', async ({ page, shot }) => {
  const server = await startServer({ env: { PROXYSHOP_ADMIN_2FA: 'required' } });
  try {
    const { url } = server;
    const admin = readInitialAdmin(server.dataDir);
    const summaryCalls = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/admin/summary') summaryCalls.push(response.status());
    });

    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // seen while it shows (the toaster is a lazy chunk), so that axe below waits for it to go
    await toast(page, 'Logged in successfully');
    await page.waitForURL(`${url}/onboard/settings/security#two-factor`, { timeout: TIMEOUT });
    const notice = page.getByRole('alert').filter({ hasText: MESSAGE });
    await notice.waitFor({ timeout: TIMEOUT });
    const card = page.locator('section#two-factor');
    if ((await card.getByRole('alert').count()) !== 1) throw new Error('the notice is not in the two-factor card');
    // scrolled to the card, clear of the sticky top bar
    const box = await card.boundingBox();
    if (!box || box.y < 64 || box.y > 200) throw new Error(`the two-factor card is not at the top: ${JSON.stringify(box)}`);
    await shot('notice');
    await expectAccessible(page, 'settings with the administrators notice');
    // refused while the console tried, retried at most once, and never called again from here
    if (summaryCalls.length === 0 || summaryCalls.length > 2 || summaryCalls.some((status) => status !== 403)) {
      throw new Error(`summary calls: ${summaryCalls.join(', ')}`);
    }
    const refused = summaryCalls.length;

    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await card.getByTestId('totp-secret').textContent()).replace(/\s/g, '');
    await card.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(totp(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    const back = notice.getByRole('link', { name: 'open the operator console' });
    await back.waitFor({ timeout: TIMEOUT });
    if (summaryCalls.length !== refused) throw new Error('the settings page called the console');

    await back.click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: TIMEOUT });
    await page.getByRole('region', { name: 'Needs attention' }).waitFor({ timeout: TIMEOUT });
    if (!page.url().startsWith(`${url}/admin`)) throw new Error(`left the console: ${page.url()}`);
    if (summaryCalls.at(-1) !== 200) throw new Error(`summary calls: ${summaryCalls.join(', ')}`);
  } finally {
    await server.stop();
  }
});
