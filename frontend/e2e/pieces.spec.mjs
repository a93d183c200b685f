// The piece journey: a customer tops up $20, buys two US static proxies of an ISP (total shown
// before buying, confirmed in the purchase dialog), sees them at the front of the history (with
// their expiry readable at 375 px) and on Generated Proxies, then buys an LTE proxy for a city and
// a carrier (confirmed too); the overview's Static tab counts the live pieces.
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { TIMEOUT, expectAccessible, toast, topUp } from './helpers.mjs';

test('a customer buys two US static proxies and an LTE proxy, and finds them on Generated Proxies', async ({ page, url, dataDir, shot }) => {
  await signUp(page, url, dataDir);
  await topUp(page, url, 20);
  await page.getByRole('button', { name: /^Balance \$20\.00/ }).waitFor({ timeout: TIMEOUT });

  await page.goto(`${url}/onboard/static-proxy`);
  await page.getByRole('button', { name: /^Buy now: ISP 30 days/ }).click();
  const form = page.getByRole('form', { name: 'Buy proxies' });
  await form.getByLabel('Country').selectOption('us');
  await form.getByLabel('ISP').selectOption('us-comcast');
  await form.getByLabel('Quantity').fill('2');
  await page.getByTestId('total-price').getByText('$7.00').waitFor({ timeout: TIMEOUT });
  await shot('01-static-form');
  await expectAccessible(page, 'static buy form');
  await form.getByRole('button', { name: 'Buy', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Buy Proxies' });
  await confirm.getByText('2 × ISP 30 days (United States, Comcast) at $3.50 each: $7.00 in total').waitFor({ timeout: TIMEOUT });
  await shot('01b-static-confirm');
  await expectAccessible(page, 'static purchase confirmation');
  await confirm.getByRole('button', { name: 'Buy', exact: true }).click();
  await toast(page, 'Proxy Generated Successfully');
  await page.getByRole('button', { name: /^Balance \$13\.00/ }).waitFor({ timeout: TIMEOUT });
  const history = page.getByRole('table', { name: /history/i }).first();
  await history.getByText(/:pc[a-z0-9]{12}:/).nth(1).waitFor({ timeout: TIMEOUT });
  await shot('02-static-history');
  // at 375 px the expiry folds under the proxy on its own line, whole
  await page.setViewportSize({ width: 375, height: 800 });
  const expiry = history.getByTestId('narrow-expiry').first();
  await expiry.getByText(/^\d{1,2} \w{3} \d{4}$/).waitFor({ timeout: TIMEOUT });
  const fits = await expiry.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const cell = el.closest('td').getBoundingClientRect();
    return el.scrollWidth <= el.clientWidth && box.right <= cell.right && box.right <= globalThis.innerWidth;
  });
  if (!fits) throw new Error('the expiry is cut off at 375 px');
  await history.scrollIntoViewIfNeeded();
  await shot('02b-static-history-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`${url}/onboard/lte-proxy`);
  const lte = page.getByRole('form', { name: 'Generate LTE proxy' });
  await lte.getByLabel('Country').selectOption('us');
  await lte.getByLabel('City').selectOption('New York');
  const generate = lte.getByRole('button', { name: 'Generate', exact: true });
  if (await generate.isEnabled()) throw new Error('Generate is enabled before an ISP is picked');
  await lte.getByLabel('ISP').selectOption('lte-us-newyork-tmobile-https');
  await generate.click();
  const confirmLte = page.getByRole('dialog', { name: 'Buy Proxies' });
  await confirmLte.getByText(/^1 × LTE 1 day \(New York, T-Mobile · HTTPS\) for \$3\.00/).waitFor({ timeout: TIMEOUT });
  await confirmLte.getByRole('button', { name: 'Buy', exact: true }).click();
  await toast(page, 'Proxy Generated Successfully');
  await page.getByRole('button', { name: /^Balance \$10\.00/ }).waitFor({ timeout: TIMEOUT });
  await shot('03-lte');

  await page.goto(`${url}/onboard/proxies`);
  const table = page.getByRole('table', { name: 'Generated proxies' });
  await table.getByText(/:pc[a-z0-9]{12}:/).nth(2).waitFor({ timeout: TIMEOUT });
  await page.getByLabel('Type').selectOption('lte');
  await page.waitForFunction(() => globalThis.document.querySelectorAll('[aria-label="Generated proxies"] tbody tr').length === 1, null, { timeout: TIMEOUT });
  await shot('04-generated-proxies');
  await expectAccessible(page, 'generated proxies');

  // the overview counts pieces on the piece tabs, and Come Into Use opens the kind's page
  await page.goto(`${url}/onboard`);
  await page.getByRole('tab', { name: 'Static Residential' }).click();
  await page.getByTestId('pieces-live').getByText('2 live proxies').waitFor({ timeout: TIMEOUT });
  await page.getByTestId('pieces-next-expiry').getByText(/\d{4}, \d{2}:\d{2}$/).waitFor({ timeout: TIMEOUT });
  await shot('05-overview-static');
  await page.getByRole('button', { name: 'Come Into Use' }).click();
  await page.waitForURL(`${url}/onboard/static-proxy`, { timeout: TIMEOUT });
});
