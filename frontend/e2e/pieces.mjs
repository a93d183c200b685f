// The piece journey: a customer tops up $20, buys two US static proxies of an ISP (total shown
// before buying), sees them at the front of the history and on Generated Proxies, then buys an
// LTE proxy for a city and a carrier.
import { signUp } from './accessibility.mjs';
import { expectAccessible, toast, topUp } from './residential.mjs';

const TIMEOUT = 15_000;

/** Registers the test with the runner's `test(name, fn)`. */
export function piecesJourney(test) {
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
    await toast(page, 'Proxy Generated Successfully');
    await page.getByRole('button', { name: /^Balance \$13\.00/ }).waitFor({ timeout: TIMEOUT });
    const history = page.getByRole('table', { name: /history/i }).first();
    await history.getByText(/:pc[a-z0-9]{12}:/).nth(1).waitFor({ timeout: TIMEOUT });
    await shot('02-static-history');

    await page.goto(`${url}/onboard/lte-proxy`);
    const lte = page.getByRole('form', { name: 'Generate LTE proxy' });
    await lte.getByLabel('Country').selectOption('us');
    await lte.getByLabel('City').selectOption('New York');
    const generate = lte.getByRole('button', { name: 'Generate', exact: true });
    if (await generate.isEnabled()) throw new Error('Generate is enabled before an ISP is picked');
    await lte.getByLabel('ISP').selectOption('lte-us-newyork-tmobile-https');
    await generate.click();
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
  });
}
