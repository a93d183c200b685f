// Visual check (not a test): screenshots of every screen at 375/768/1280/1920 px in light and dark,
// against a real server. Usage: npm run build && node e2e/screenshots.mjs [route-filter]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { frontendDir, launchBrowser, readCode, startServer } from './harness.mjs';

const outDir = join(frontendDir, 'e2e/screenshots/visual');
mkdirSync(outDir, { recursive: true });
const filter = process.argv[2] ?? '';

const publicRoutes = ['/', '/login', '/register?ref=FRIEND1', '/residential-proxies', '/location', '/contact', '/privacy', '/terms-of-service', '/use-case', '/use-case/data-scraping', '/faqs', '/blog', '/user&guide', '/support', '/no-such-page'];
const userRoutes = ['/onboard', '/onboard/wallet', '/onboard/rotating-proxy', '/onboard/budget-proxy', '/onboard/static-proxy', '/onboard/ipv4-proxy', '/onboard/lte-proxy', '/onboard/proxies', '/onboard/referral', '/onboard/settings/account', '/onboard/settings/security', '/onboard/settings/api', '/onboard/settings/billing', '/onboard/settings/notifications', '/onboard/settings/access'];
const widths = (process.env.WIDTHS ?? '375,1280').split(',').map(Number);

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  const shoot = async (route, width, theme) => {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((t) => localStorage.setItem('app-theme', t), theme).catch(() => undefined);
    await page.goto(server.url + route);
    await page.evaluate((t) => localStorage.setItem('app-theme', t), theme);
    await page.reload();
    await page.waitForSelector('#main, main');
    await page.waitForLoadState('networkidle');
    const name = `${route.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${width}-${theme}.png`;
    const height = await page.evaluate(() => globalThis.document.documentElement.scrollHeight);
    const slice = width < 500 ? 1400 : 100_000;
    for (let y = 0, i = 0; y < height; y += slice, i += 1) {
      const file = height > slice ? name.replace('.png', `-${i}.png`) : name;
      await page.screenshot({ path: join(outDir, file), fullPage: true, clip: { x: 0, y, width, height: Math.min(slice, height - y) } });
      console.log(file);
    }
  };
  for (const route of publicRoutes.filter((r) => r.includes(filter))) {
    for (const width of widths) for (const theme of ['light', 'dark']) await shoot(route, width, theme);
  }
  if ('onboard'.includes(filter) || filter.startsWith('/onboard')) {
    const email = 'visual@example.com';
    const headers = { Origin: server.url, 'Content-Type': 'application/json' };
    await page.request.post(`${server.url}/api/register_verification`, { headers, data: { email } });
    const code = readCode(server.dataDir, email);
    const res = await page.request.post(`${server.url}/api/register`, {
      headers,
      data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code },
    });
    console.log('register', res.status());
    // some wallet history: one paid top-up through the local checkout, one left pending
    for (const [amount, currency, pay] of [[25, 'USDT', true], [10, 'LTC', false]]) {
      const created = await page.request.post(`${server.url}/api/payment`, { headers, data: { amount, method: 'cryptomous', currency } });
      const { url } = await created.json();
      if (pay) {
        await page.goto(url);
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
        await page.waitForURL(/\/onboard\/wallet/);
      }
    }
    // some pieces for the history tables
    const plans = await (await page.request.get(`${server.url}/api/user/plan?type=static`)).json();
    await page.request.post(`${server.url}/api/user/get_proxy`, {
      headers,
      data: { type: 'static', plan: plans.plan.plans[0].id, country: 'us', location: 'us-comcast', quantity: 2 },
    });
    for (const route of userRoutes.filter((r) => r.includes(filter) || filter === 'onboard' || filter === '')) {
      for (const width of widths) for (const theme of ['light', 'dark']) await shoot(route, width, theme);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
