// Visual check (not a test): the reseller screens against a real server, at 1280 and 375 px, light
// and dark: the operator's Reseller card; the console's tabs (clients with traffic, a pending and a
// suspended one; a client's proxies opened; the ledger with its proxy moves; the brand with a logo;
// the catalogue; the reports) and its New client, Give traffic and Take back proxy dialogs; the
// reseller's own proxies, one held by a client; the branded sign-in page and the page of a slug
// nobody holds; a client's dashboard under the brand (with the proxy handed to it), its generator
// without the shop's plans and its Buy page.
// Usage: npm run build && node e2e/reseller-screenshots.mjs [output dir]
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { request as apiRequest } from 'playwright-core';
import { frontendDir, readCode, readInitialAdmin, runScreenshots } from './harness.mjs';
import { TIMEOUT } from './helpers.mjs';
import { buyPieces, logoPng, operator } from './reseller-setup.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });

const PASSWORD = 'Secret1!';
const RESELLER = 'grace.reseller@example.com';
const CLIENT = 'ada@northwind-trading.example';
const SLUG = 'northwind';
let resellerId = 0;
/** The server's data folder (the operator's password), kept by setUp for shoot. */
let dataFolder = '';

async function ok(reply, what) {
  if (!reply.ok()) throw new Error(`${what}: ${reply.status()} ${await reply.text()}`);
  return reply.json();
}

async function signIn(page, url, who) {
  await page.request.post(`${url}/api/user/logout`, { headers: { Origin: url }, data: {} });
  await ok(await page.request.post(`${url}/api/login`, { headers: { Origin: url }, data: who }), `login ${who.email}`);
}

async function setUp(server, page) {
  const { url, dataDir } = server;
  dataFolder = dataDir;
  const request = page.request;
  const headers = { Origin: url };
  await request.post(`${url}/api/register_verification`, { data: { email: RESELLER } });
  await ok(await request.post(`${url}/api/register`, { data: { email: RESELLER, password: PASSWORD, confirmPassword: PASSWORD, code: readCode(dataDir, RESELLER) } }), 'register');

  const admin = await apiRequest.newContext();
  try {
    const ops = await operator(admin, url, dataDir);
    resellerId = await ops.userId(RESELLER);
    await ops.grantTraffic(resellerId, 'premium', 40);
    await ops.grantTraffic(resellerId, 'budget', 25);
    await ops.makeReseller(resellerId, { discountPercent: 15, maxClients: 25 });
    await ops.credit(resellerId, 30);
  } finally {
    await admin.dispose();
  }

  const call = (method, path, data) => request.fetch(`${url}${path}`, { method, headers, data }).then((reply) => ok(reply, `${method} ${path}`));
  const { client: ada } = await call('POST', '/api/reseller/clients', { email: CLIENT, name: 'Northwind Trading (Ada)', note: 'Pays on the 1st; 20 GB a month', password: PASSWORD });
  const { client: bob } = await call('POST', '/api/reseller/clients', { email: 'ops@blue-harbour-logistics.example', name: 'Blue Harbour Logistics' });
  const { client: cy } = await call('POST', '/api/reseller/clients', { email: 'cy@example.com', name: 'Cy', password: PASSWORD });
  await call('POST', `/api/reseller/clients/${ada.id}/allocate`, { type: 'premium', gb: 12.5, validityDays: 20 });
  await call('POST', `/api/reseller/clients/${ada.id}/allocate`, { type: 'budget', gb: 5 });
  await call('POST', `/api/reseller/clients/${ada.id}/reclaim`, { type: 'premium', gb: 2.5 });
  await call('POST', `/api/reseller/clients/${bob.id}/allocate`, { type: 'budget', gb: 3 });
  await call('PATCH', `/api/reseller/clients/${cy.id}`, { suspended: true });
  // pieces: one handed to Ada, one handed to Blue Harbour and taken back, one free
  await buyPieces(request, url, 'static', 'us-comcast', 2);
  await buyPieces(request, url, 'ipv4', 'ipv4-us', 1);
  const { items: pieces } = await call('GET', '/api/user/pieces?perPage=200');
  await call('POST', `/api/reseller/clients/${ada.id}/pieces`, { pieceId: pieces[0].id });
  await call('POST', `/api/reseller/clients/${bob.id}/pieces`, { pieceId: pieces[1].id });
  await call('DELETE', `/api/reseller/clients/${bob.id}/pieces/${pieces[1].id}`);
  await call('PUT', '/api/reseller/brand', {
    slug: SLUG,
    name: 'Northwind Proxies',
    colour: '#0f766e',
    supportEmail: 'support@northwind-proxies.example',
    supportUrl: 'https://northwind-proxies.example/help',
    proxyHost: 'proxy.northwind-proxies.example',
  });
  await ok(await request.put(`${url}/api/reseller/brand/logo`, { headers, multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: logoPng() } } }), 'logo');
  await call('PUT', '/api/reseller/catalogue', { clientPurchases: true, prices: [{ type: 'premium', pricePerGb: 4.5 }, { type: 'budget', pricePerGb: 2 }] });
  await call('PUT', '/api/reseller/alerts', { premiumBelowGb: 10, budgetBelowGb: null });
}

async function open(page, url, path, width, theme, ready) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${url}${path}`);
  await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
  await page.reload();
  try {
    await ready();
  } catch (error) {
    await page.screenshot({ path: join(outDir, 'reseller-failed.png'), fullPage: true });
    throw error;
  }
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !globalThis.document.querySelector('[data-sonner-toast]'), null, { timeout: TIMEOUT });
}

/** The whole page, an element (`target`), or with `viewport` only what is on screen (a dialog). */
async function save(page, name, width, theme, { target = page, viewport = false } = {}) {
  const file = join(outDir, `reseller-${name}-${width}-${theme}.png`);
  await target.screenshot(target === page && !viewport ? { path: file, fullPage: true } : { path: file });
  console.log(file);
  // the page must not scroll sideways
  const wide = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
  if (wide > 0) console.warn(`${name} ${width} ${theme}: the page is ${wide}px wider than the window`);
}

const heading = (page, name, level = 1) => () => page.getByRole('heading', { level, name, exact: true }).first().waitFor({ timeout: TIMEOUT });

async function shoot(page, url) {
  const widths = [1280, 375];
  const themes = ['light', 'dark'];
  const each = async (fn) => {
    for (const width of widths) for (const theme of themes) await fn(width, theme);
  };

  // the operator
  await signIn(page, url, readInitialAdmin(dataFolder));
  await each(async (width, theme) => {
    await open(page, url, `/admin/customers/${resellerId}`, width, theme, async () => {
      await page.getByTestId('reseller-terms').waitFor({ timeout: TIMEOUT });
    });
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Reseller', exact: true }) });
    await save(page, 'admin-card', width, theme, { target: card });
  });

  // the reseller
  await signIn(page, url, { email: RESELLER, password: PASSWORD });
  await each(async (width, theme) => {
    await open(page, url, '/reseller', width, theme, () => page.getByTestId('client-row').first().waitFor({ timeout: TIMEOUT }));
    await save(page, 'clients', width, theme);
    const ada = page.getByTestId('client-row').filter({ hasText: CLIENT });
    await ada.getByRole('button', { name: /^Proxies of / }).click();
    await ada.getByTestId('held-piece').first().waitFor({ timeout: TIMEOUT });
    await ada.getByLabel('Assign a proxy').waitFor({ timeout: TIMEOUT });
    await save(page, 'client-proxies', width, theme, { target: ada });
    await ada.getByRole('button', { name: /^Take back proxy #/ }).click();
    await page.getByRole('dialog', { name: /^Take back proxy #/ }).waitFor({ timeout: TIMEOUT });
    await save(page, 'take-back', width, theme, { viewport: true });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'New client' }).click();
    const create = page.getByRole('dialog', { name: 'New client' });
    await create.getByText('Set a password').click();
    await save(page, 'new-client', width, theme, { viewport: true });
    await create.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Give traffic to Northwind Trading (Ada)' }).click();
    await page.getByRole('dialog', { name: /^Give traffic to/ }).getByLabel('GB').fill('2.5');
    await save(page, 'give', width, theme, { viewport: true });
    await page.keyboard.press('Escape');
    for (const [tab, ready] of [
      ['transfers', () => page.getByTestId('transfer-row').first().waitFor({ timeout: TIMEOUT })],
      ['brand', () => page.getByTestId('sign-in-link').waitFor({ timeout: TIMEOUT })],
      ['catalogue', () => page.getByText(/^Costs you/).first().waitFor({ timeout: TIMEOUT })],
      ['reports', () => page.getByTestId('report-totals').waitFor({ timeout: TIMEOUT })],
    ]) {
      await open(page, url, `/reseller?tab=${tab}`, width, theme, ready);
      await save(page, tab, width, theme);
    }
    await open(page, url, '/onboard/proxies', width, theme, () => page.getByTestId('piece-holder').first().waitFor({ timeout: TIMEOUT }));
    await save(page, 'own-proxies', width, theme, { target: page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your proxies', exact: true }) }) });
  });

  // signed out: the branded sign-in, and a slug nobody holds
  await page.request.post(`${url}/api/user/logout`, { headers: { Origin: url }, data: {} });
  await each(async (width, theme) => {
    await open(page, url, `/r/${SLUG}`, width, theme, heading(page, 'Sign in to Northwind Proxies'));
    await save(page, 'sign-in', width, theme);
    await open(page, url, '/r/no-such-brand', width, theme, heading(page, 'No such brand'));
    await save(page, 'no-brand', width, theme);
  });

  // the client
  await signIn(page, url, { email: CLIENT, password: PASSWORD });
  await each(async (width, theme) => {
    await open(page, url, '/onboard', width, theme, () => page.getByTestId('held-piece').first().waitFor({ timeout: TIMEOUT }));
    await save(page, 'client-overview', width, theme);
    if (width < 1024) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
      await drawer.getByRole('link', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });
      // the drawer slides in
      await page.waitForFunction(() => globalThis.document.getElementById('dashboard-drawer')?.getBoundingClientRect().left === 0, null, { timeout: TIMEOUT });
      await page.waitForTimeout(300);
      await save(page, 'client-menu', width, theme, { viewport: true });
      await page.keyboard.press('Escape');
    }
    await open(page, url, '/onboard/buy', width, theme, heading(page, 'Buy from Northwind Proxies'));
    await save(page, 'client-buy', width, theme);
    await open(page, url, '/onboard/wallet', width, theme, heading(page, 'Wallet'));
    await save(page, 'client-wallet', width, theme);
    await open(page, url, '/onboard/rotating-proxy', width, theme, heading(page, 'Create Residential Proxy (Premium)'));
    await save(page, 'client-generator', width, theme);
  });
}

await runScreenshots(setUp, shoot);
