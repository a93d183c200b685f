// The API reference: reached from the dashboard's sidebar, /docs/api renders the OpenAPI document
// the server serves, light and dark, under the site's Content-Security-Policy: no violation, no
// page error, and no request to any other origin (no web fonts, scripts or telemetry from outside).
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { TIMEOUT } from './helpers.mjs';

test('the API reference renders the served document within the CSP, light and dark', async ({ page, url, dataDir, shot }) => {
  const origin = new URL(url).origin;
  const problems = [];
  await page.addInitScript(() => {
    globalThis.document.addEventListener('securitypolicyviolation', (event) => {
      globalThis.__cspViolations = [...(globalThis.__cspViolations ?? []), `${event.violatedDirective} ${event.blockedURI}`];
    });
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    const target = new URL(request.url());
    if (['http:', 'https:', 'ws:', 'wss:'].includes(target.protocol) && target.origin !== origin) problems.push(`request to ${request.url()}`);
  });

  await signUp(page, url, dataDir, `api-ref-${Date.now()}@example.com`);
  await page.goto(`${url}/onboard/settings/api`);
  await page.getByRole('link', { name: 'API reference' }).first().click();
  await page.waitForURL(`${url}/docs/api`, { timeout: TIMEOUT });

  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
    await page.reload();
    // The viewer's bundle is the site's largest and parses the whole document on first render: on
    // two cores shared with the Rust tests and the fuzzing it once took longer than TIMEOUT (a CI
    // run on a slower machine), so its first render gets four times as long.
    await page.getByRole('heading', { name: 'ProxyShop API' }).first().waitFor({ timeout: 4 * TIMEOUT });
    await page.getByText('Accounts, wallet, plans and proxies.').first().waitFor({ timeout: TIMEOUT });
    await page.waitForLoadState('networkidle');
    // the viewer follows the site's theme
    const mode = await page.evaluate(() => (globalThis.document.body.classList.contains('dark-mode') ? 'dark' : 'light'));
    if (mode !== theme) problems.push(`${theme}: the viewer is in ${mode} mode`);
    await shot(`reference-${theme}`);
    const violations = await page.evaluate(() => globalThis.__cspViolations ?? []);
    problems.push(...violations.map((violation) => `CSP (${theme}): ${violation}`));
  }
  if (problems.length > 0) throw new Error(problems.join('\n  '));
});
