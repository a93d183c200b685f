// Visual check (not a test): the API reference (/docs/api) at 1280 and 375 px, light and dark,
// against a real server: the top of the page and an operation further down. Exits 1 on any CSP
// violation, page error or request to another origin.
// Usage: npm run build && node e2e/api-reference-screenshots.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { frontendDir, launchBrowser, startServer } from './harness.mjs';
import { TIMEOUT } from './helpers.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
const problems = [];
try {
  const page = await browser.context.newPage();
  const origin = new URL(server.url).origin;
  await page.addInitScript(() => {
    globalThis.document.addEventListener('securitypolicyviolation', (event) => {
      globalThis.__cspViolations = [...(globalThis.__cspViolations ?? []), `${event.violatedDirective} ${event.blockedURI}`];
    });
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const target = new URL(request.url());
    if (['http:', 'https:'].includes(target.protocol) && target.origin !== origin) problems.push(`request to ${request.url()}`);
  });
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/docs/api`);
      await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
      await page.reload();
      await page.getByRole('heading', { name: 'ProxyShop API' }).first().waitFor({ timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
      const top = join(outDir, `api-reference-${width}-${theme}.png`);
      await page.screenshot({ path: top });
      console.log(top);
      // an operation with its parameters and answers
      const operation = page.getByRole('heading', { name: /Generate proxies|generate/i }).first();
      if (await operation.count()) {
        await operation.scrollIntoViewIfNeeded();
        const detail = join(outDir, `api-reference-${width}-${theme}-operation.png`);
        await page.screenshot({ path: detail });
        console.log(detail);
      }
      problems.push(...(await page.evaluate(() => globalThis.__cspViolations ?? [])).map((v) => `CSP (${width} ${theme}): ${v}`));
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
