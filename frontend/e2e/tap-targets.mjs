// Visual check (not a test): every link, button, tab and switch of the public, customer and
// console pages measures at least 24 × 24 px at 375 px (WCAG 2.5.8), and nothing in <main> reaches
// past the right edge, against a real server (a new customer with the default 100 MB trial, then
// the first admin); light and dark screenshots at 375 and 1280 px. A checkbox inside its label is
// measured by its label; the skip link (1 px until focused) is left out. Exits 1 and lists the
// offenders when there are any.
// Usage: npm run build && node e2e/tap-targets.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { frontendDir, launchBrowser, readCode, readInitialAdmin, startServer } from './harness.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/tap-targets'));
mkdirSync(outDir, { recursive: true });
const PUBLIC = ['/', '/faqs', '/user&guide', '/location', '/contact', '/login', '/register', '/forgot-password', '/no-such-page'];
const ADMIN = ['/admin/dashboard', '/admin/customers', '/admin/plans', '/admin/stock', '/admin/orders', '/admin/payments', '/admin/audit'];
const SIGNED_IN = ['/onboard', '/onboard/wallet', '/onboard/rotating-proxy', '/onboard/budget-proxy', '/onboard/static-proxy', '/onboard/lte-proxy', '/onboard/proxies', '/onboard/referral', '/onboard/settings/account', '/onboard/settings/security', '/onboard/settings/api', '/onboard/settings/billing', '/onboard/settings/notifications', '/onboard/settings/access'];

/** The page's offenders: targets under 24 px either way, and elements of <main> past the edge. */
const measure = () => {
  const { documentElement } = globalThis.document;
  const width = documentElement.clientWidth;
  const small = [];
  for (const element of globalThis.document.querySelectorAll('a, button, [role=tab], [role=switch], input[type=checkbox], summary')) {
    if (element.matches('a[href="#main"]') || element.closest('[inert], [aria-hidden=true]')) continue;
    const target = element.tagName === 'INPUT' && element.closest('label') ? element.closest('label') : element;
    const box = target.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || globalThis.getComputedStyle(element).visibility === 'hidden') continue;
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    if (box.width < 23.5 || box.height < 23.5) small.push(`${box.width.toFixed(1)}×${box.height.toFixed(1)} ${element.tagName.toLowerCase()} "${name}"`);
  }
  // inside a box that scrolls or clips sideways (the console's wide tables scroll in their card)
  const scrolled = (element) => {
    for (let box = element.parentElement; box && box.tagName !== 'MAIN'; box = box.parentElement) {
      if (globalThis.getComputedStyle(box).overflowX !== 'visible') return true;
    }
    return false;
  };
  const wide = [];
  for (const element of globalThis.document.querySelectorAll('main *')) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 0.5 && !scrolled(element)) wide.push(`${element.tagName.toLowerCase()} ends at ${Math.round(box.right)} px`);
  }
  return { small, wide: wide.slice(0, 5) };
};

async function visit(page, url, path, problems) {
  for (const [width, theme] of [[375, 'light'], [375, 'dark'], [1280, 'light'], [1280, 'dark']]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((value) => globalThis.localStorage.setItem('app-theme', value), theme);
    await page.goto(`${url}${path}`);
    await page.waitForLoadState('networkidle');
    const name = path === '/' ? 'landing' : path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    await page.screenshot({ path: join(outDir, `${name}-${width}-${theme}.png`) });
    if (width !== 375 || theme !== 'light') continue;
    const { small, wide } = await page.evaluate(measure);
    for (const item of small) problems.push(`${path}: small target ${item}`);
    for (const item of wide) problems.push(`${path}: past the right edge: ${item}`);
  }
}

const server = await startServer();
const browser = await launchBrowser();
const problems = [];
try {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  for (const path of PUBLIC) await visit(page, server.url, path, problems);
  const email = 'tap.targets@example.com';
  await page.request.post(`${server.url}/api/register_verification`, { data: { email } });
  const registered = await page.request.post(`${server.url}/api/register`, {
    data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(server.dataDir, email) },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  for (const path of SIGNED_IN) await visit(page, server.url, path, problems);
  const admin = await page.request.post(`${server.url}/api/login`, { data: readInitialAdmin(server.dataDir) });
  if (!admin.ok()) throw new Error(`admin login: ${admin.status()}`);
  for (const path of ADMIN) await visit(page, server.url, path, problems);
} finally {
  await browser.close();
  await server.stop();
}
console.log(problems.length === 0 ? `every target is at least 24 × 24 px; screenshots in ${outDir}` : problems.join('\n'));
process.exitCode = problems.length === 0 ? 0 : 1;
