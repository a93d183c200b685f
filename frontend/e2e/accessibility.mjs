// axe-core in the real browser: WCAG 2 A/AA rules (colour contrast, labels, names, ARIA) on the
// screens of the sign-up journey, in light and dark theme, wide and narrow.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readCode } from './harness.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2 A/AA violations on the current page, as readable lines. */
export async function axeViolations(page) {
  // Evaluated over the DevTools protocol: the page's Content-Security-Policy (rightly) refuses an
  // injected inline <script>.
  // once per document: a second check of the same page (the narrow width) reuses it
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    // only the violations' details: axe skips collecting the nodes that pass (the same rules run)
    globalThis.axe.run(globalThis.document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Signs a new customer in through the API, sharing the page's cookie jar; returns the credentials. */
export async function signUp(page, url, dataDir, email = `a11y-${Date.now()}@example.com`) {
  const request = page.context().request;
  const sent = await request.post(`${url}/api/register_verification`, { data: { email } });
  if (!sent.ok()) throw new Error(`code request: ${sent.status()}`);
  const password = 'Secret1!';
  const body = { email, password, confirmPassword: password, code: readCode(dataDir, email) };
  const registered = await request.post(`${url}/api/register`, { data: body });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  return { email, password };
}

/**
 * Every route in both themes at both widths. The theme is read once at start-up (as a returning
 * visitor's browser does), so each theme stores its choice and then opens every route once; the
 * narrow check resizes that page, as a phone turned or a window narrowed would, rather than loading
 * it again: 20 page loads for 10 routes instead of 80, the same 40 axe checks. At each width the
 * page must not scroll sideways.
 */
export async function checkScreens(page, url, routes) {
  const problems = [];
  for (const theme of ['light', 'dark']) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url + routes[0]);
    await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
    for (const route of routes) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(url + route);
      await page.waitForSelector('main');
      await page.waitForLoadState('networkidle');
      const dark = await page.evaluate(() => globalThis.document.documentElement.classList.contains('dark'));
      if (dark !== (theme === 'dark')) problems.push(`${route}: the ${theme} theme did not apply`);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        // two frames: the resize's layout and paint are done before axe reads colours and sizes
        await page.evaluate(() => new Promise((done) => globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(done))));
        for (const line of await axeViolations(page)) problems.push(`${route} ${width}px ${theme}: ${line}`);
        // a page never scrolls sideways (a wide table scrolls inside its own frame)
        const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.document.documentElement.clientWidth);
        if (overflow > 0) problems.push(`${route} ${width}px ${theme}: the page scrolls sideways by ${overflow} px`);
      }
    }
  }
  return problems;
}
