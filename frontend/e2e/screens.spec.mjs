// The screens customers already use (issue 10), in the browser against the real server: the free
// trial promise and "Go to dashboard"; balance and usage refreshing on their own; the traffic
// expiry; toasts below the top bar, at most three; plan cards with the real validity and the
// regions the buy form offers.
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { readMails } from './harness.mjs';
import { TIMEOUT, expectAccessible, topUp } from './helpers.mjs';

test('the landing says what the free trial is; signed-in visitors get Go to dashboard', async ({ page, url, dataDir, shot }) => {
  await page.goto(url);
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  await hero.getByTestId('trial-summary').getByText(/^Free trial: \d+ (MB|GB) of Premium traffic for 24 hours/).waitFor({ timeout: TIMEOUT });
  await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' }).first().waitFor({ timeout: TIMEOUT });
  await shot('01-landing-guest');

  await signUp(page, url, dataDir);
  await page.goto(url);
  const dashboard = page.getByRole('banner').getByRole('link', { name: 'Go to dashboard' }).first();
  await dashboard.waitFor({ timeout: TIMEOUT });
  await hero.getByRole('link', { name: 'Go to dashboard' }).waitFor({ timeout: TIMEOUT });
  if ((await page.getByRole('link', { name: 'Start Free Trial' }).count()) > 0) throw new Error('a signed-in visitor is offered the trial');
  await shot('02-landing-signed-in');
  await dashboard.click();
  await page.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
});

test('balance and usage refresh on their own; toasts sit below the top bar, three at most', async ({ page, url, dataDir, shot }) => {
  await signUp(page, url, dataDir);
  await topUp(page, url, 20);
  await page.goto(`${url}/onboard`);
  await page.getByTestId('wallet-balance').getByText('$20.00').waitFor({ timeout: TIMEOUT });
  const usage = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Usage' }) });
  // the free trial: 100 MB of Premium for 24 hours from the sign-up
  await usage.getByText('0.10 GB remaining').waitFor({ timeout: TIMEOUT });
  await usage.getByTestId('traffic-expiry').getByText(/^Expires \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/).waitFor({ timeout: TIMEOUT });

  // bought elsewhere (another device): this page is neither reloaded nor told
  const bought = await page.context().request.post(`${url}/api/user/get_plan`, { headers: { Origin: url }, data: { type: 'premium', amount: 5 } });
  if (!bought.ok()) throw new Error(`get_plan: ${bought.status()} ${await bought.text()}`);
  await page.getByTestId('wallet-balance').getByText('$5.00').waitFor({ timeout: 25_000 });
  await usage.getByText('5.10 GB remaining').waitFor({ timeout: 25_000 });
  await usage.getByTestId('traffic-expiry').getByText(/^Expires \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/).waitFor({ timeout: TIMEOUT });
  await shot('01-overview-refreshed');

  // five refusals in a row: the toasts start under the top bar and three show at once
  await page.getByRole('tab', { name: 'Residential Proxies' }).click();
  await page.getByRole('button', { name: 'Pick A Random Plan' }).click();
  const dialog = page.getByRole('dialog');
  // Each click waits for its own refusal (402) and a toast; counting toasts by position raced
  // their expiry when a slow machine took longer than a toast's life between clicks.
  for (let i = 0; i < 5; i += 1) {
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/user/'), { timeout: TIMEOUT });
    await dialog.getByRole('button', { name: 'Pick', exact: true }).click();
    const answer = await refused;
    if (answer.status() !== 402) throw new Error(`pick ${i + 1}: ${answer.status()} ${await answer.text()}`);
    await page.locator('[data-sonner-toast]').first().waitFor({ timeout: TIMEOUT });
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const bar = await page.locator('header').first().boundingBox();
  const toasts = page.locator('[data-sonner-toast][data-visible="true"]');
  const visible = await toasts.count();
  if (visible > 3) throw new Error(`${visible} toasts show at once`);
  // once it has slid in, the front toast rests below the bar
  const barBottom = bar ? bar.y + bar.height : 64;
  await page
    .waitForFunction(
      (bottom) => {
        const front = globalThis.document.querySelector('[data-sonner-toast][data-front="true"]');
        return front !== null && front.getBoundingClientRect().top >= bottom;
      },
      barBottom,
      { timeout: TIMEOUT },
    )
    .catch(async () => {
      const top = await page.locator('[data-sonner-toast][data-front="true"]').evaluate((el) => el.getBoundingClientRect().top);
      throw new Error(`the front toast rests at y=${top}, over the top bar (bottom ${barBottom})`);
    });
  await shot('02-toasts');
});

test('plan cards show the real validity and the regions the buy form offers', async ({ page, url, dataDir, shot }) => {
  await signUp(page, url, dataDir);
  await page.goto(`${url}/#pricing`);
  const pricing = page.locator('#pricing');
  await pricing.getByRole('tab', { name: 'Datacenter IPv6' }).click();
  const card = pricing.getByRole('article').first();
  await card.getByRole('heading', { name: 'IPv6 30 days' }).waitFor({ timeout: TIMEOUT });
  const row = async (label) => (await card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent()).trim();
  if ((await row('Validity')) !== '30 days') throw new Error(`validity ${await row('Validity')}`);
  const regions = (await row('Regions')).split(' ');
  await card.scrollIntoViewIfNeeded();
  await shot('01-ipv6-card');

  await page.goto(`${url}/onboard/ipv6-proxy`);
  await page.getByRole('button', { name: /^Buy now: IPv6 30 days/ }).click();
  const country = page.getByRole('form', { name: 'Buy proxies' }).getByLabel('Country');
  await country.locator('option').nth(1).waitFor({ state: 'attached', timeout: TIMEOUT });
  const offered = await country.locator('option:not([disabled])').evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
  // the form offers country ids ("ipv6-gb"); the card lists country codes
  const codes = offered.map((id) => id.split('-').pop().toUpperCase()).sort();
  if (codes.join(' ') !== [...regions].sort().join(' ')) throw new Error(`card regions ${regions.join(' ')}, form countries ${codes.join(' ')}`);
  await expectAccessible(page, 'ipv6 buy form');
});

test('a site owner reports abuse at /abuse and gets the case number on the page and by mail', async ({ page, url, dataDir, shot }) => {
  await page.goto(`${url}/abuse`);
  await page.getByText(/^for \d+ days$/).waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Send report' }).click();
  await page.getByText('Enter the destination as a host name (example.com) or an IP address').waitFor({ timeout: TIMEOUT });
  const reporter = `abuse-${Date.now()}@victim.example`;
  await page.getByLabel('Your email').fill(reporter);
  await page.getByLabel('Destination (host or IP)').fill('login.victim.example');
  await page.getByLabel('Port (optional)').fill('443');
  const start = new Date(Date.now() - 2 * 3600 * 1000);
  const local = (at) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  await page.getByLabel('From (your local time)').fill(local(start));
  await page.getByLabel('To (your local time)').fill(local(new Date(start.getTime() + 600_000)));
  await page.getByLabel('What happened').fill('Credential stuffing against our login page');
  await shot('abuse-form');
  await page.getByRole('button', { name: 'Send report' }).click();
  const received = page.getByRole('heading', { name: /^Report #\d+ received$/ });
  await received.waitFor({ timeout: TIMEOUT });
  const id = /#(\d+)/.exec(await received.textContent())[1];
  await expectAccessible(page, 'the abuse report sent');
  const mails = readMails(dataDir, reporter);
  if (mails.length !== 1 || !mails[0].subject.includes(`#${id}`)) throw new Error(`confirmation mail: ${JSON.stringify(mails)}`);
});
