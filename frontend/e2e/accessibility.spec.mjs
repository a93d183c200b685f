// axe-core (WCAG 2 A/AA: contrast, labels, names, keyboard-reachable regions) on the public and
// dashboard screens, light and dark, at 1280 and 375 px.
import { checkScreens, signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';

test('public screens pass the axe WCAG 2 A/AA checks, light and dark, wide and narrow', async ({ page, url }) => {
  const problems = await checkScreens(page, url, ['/', '/login', '/register?ref=FRIEND1', '/no-such-page']);
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
