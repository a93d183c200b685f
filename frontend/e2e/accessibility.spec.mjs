// axe-core (WCAG 2 A/AA: contrast, labels, names, keyboard-reachable regions) on the public and
// dashboard screens, light and dark, at 1280 and 375 px.
import { checkScreens, signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { operator } from './reseller-setup.mjs';

test('public screens pass the axe WCAG 2 A/AA checks, light and dark, wide and narrow', async ({ page, url }) => {
  const problems = await checkScreens(page, url, ['/', '/login', '/register?ref=FRIEND1', '/no-such-page', '/r/no-such-brand']);
  if (problems.length > 0) throw new Error(problems.join('\n  '));
});

// The dashboard's routes in three groups, each its own test with its own customer, so that the
// workers share them (one test of all fifteen took 2.5 minutes, the longest of the suite).
const DASHBOARD = {
  'overview, wallet and the residential screens': ['/onboard', '/onboard/wallet', '/onboard/rotating-proxy', '/onboard/budget-proxy', '/onboard/static-proxy'],
  'the piece screens, proxies, referral and account settings': ['/onboard/ipv4-proxy', '/onboard/lte-proxy', '/onboard/proxies', '/onboard/referral', '/onboard/settings/account'],
  'the other settings sections': ['/onboard/settings/security', '/onboard/settings/api', '/onboard/settings/billing', '/onboard/settings/notifications', '/onboard/settings/access'],
};

for (const [group, routes] of Object.entries(DASHBOARD)) {
  test(`dashboard screens (${group}) pass the axe WCAG 2 A/AA checks, light and dark, wide and narrow`, async ({ page, url, dataDir }) => {
    await signUp(page, url, dataDir);
    const problems = await checkScreens(page, url, routes);
    if (problems.length > 0) throw new Error(problems.join('\n  '));
  });
}

/** A customer made a reseller by the operator (through the API), signed in on `page`, with 5 GB of premium. */
async function reseller(page, browser, url, dataDir) {
  const { email } = await signUp(page, url, dataDir, `reseller-a11y-${Date.now()}@example.com`);
  const context = await browser.newContext();
  try {
    const ops = await operator(context.request, url, dataDir);
    const id = await ops.userId(email);
    await ops.grantTraffic(id, 'premium', 5);
    await ops.makeReseller(id);
  } finally {
    await context.close();
  }
}

test('the reseller console passes the axe WCAG 2 A/AA checks, light and dark, wide and narrow', async ({ page, browser, url, dataDir }) => {
  await reseller(page, browser, url, dataDir);
  const problems = await checkScreens(page, url, ['/reseller', '/reseller?tab=transfers', '/reseller?tab=brand', '/reseller?tab=catalogue', '/reseller?tab=reports']);
  if (problems.length > 0) throw new Error(problems.join('\n  '));
});

test('a reseller’s client’s screens pass the axe WCAG 2 A/AA checks, light and dark, wide and narrow', async ({ page, browser, url, dataDir }) => {
  await reseller(page, browser, url, dataDir);
  const headers = { Origin: url };
  const call = async (method, path, data) => {
    const reply = await page.request.fetch(`${url}${path}`, { method, headers, data });
    if (!reply.ok()) throw new Error(`${method} ${path}: ${reply.status()} ${await reply.text()}`);
    return reply.json();
  };
  const email = `client-a11y-${Date.now()}@example.com`;
  const { client } = await call('POST', '/api/reseller/clients', { email, name: 'Client', password: 'Secret1!' });
  await call('POST', `/api/reseller/clients/${client.id}/allocate`, { type: 'premium', gb: 1 });
  await call('PUT', '/api/reseller/brand', { slug: `a11y-${Date.now() % 1_000_000}`, name: 'Acme Proxies', colour: '#0f766e', supportEmail: 'help@acme.example' });
  await call('PUT', '/api/reseller/catalogue', { clientPurchases: true, prices: [{ type: 'premium', pricePerGb: 4 }] });
  await page.request.post(`${url}/api/user/logout`, { headers, data: {} });
  await call('POST', '/api/login', { email, password: 'Secret1!' });
  const problems = await checkScreens(page, url, ['/onboard', '/onboard/buy', '/onboard/rotating-proxy', '/onboard/settings/api']);
  if (problems.length > 0) throw new Error(problems.join('\n  '));
});
