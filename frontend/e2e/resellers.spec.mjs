// The reseller journey against the real server: the operator makes a customer a reseller on the
// customer's page and grants it GB; the reseller opens its console from the dashboard, creates a
// client with a password, gives it 1.5 GB and sets its brand (an address and a proxy host) on the
// Brand tab, and hands it a static proxy (bought by API) on its Proxies section; the client signs in
// on the branded page /r/<slug> in a browser of its own, sees the brand on its dashboard (no
// wallet) with the proxy's line under the reseller's host, and generates a line that names that
// host too; the reseller takes the proxy back.
import { signUp } from './accessibility.mjs';
import { test } from './fixtures.mjs';
import { buyPieces, operator } from './reseller-setup.mjs';
import { TIMEOUT, expectAccessible, toast } from './helpers.mjs';

const PASSWORD = 'Secret1!';

test('a reseller gives a client GB under its own brand, and the client’s line names the reseller’s host', async ({ page, browser, url, dataDir, shot }) => {
  const stamp = Date.now();
  const resellerEmail = `reseller-${stamp}@example.com`;
  const clientEmail = `client-${stamp}@example.com`;
  const slug = `acme-${stamp % 1_000_000}`;
  const host = `proxy${stamp % 1000}.acme-e2e.example`;
  await signUp(page, url, dataDir, resellerEmail);

  // the operator: GB by API, the reseller terms on the customer's page
  const operatorContext = await browser.newContext();
  try {
    const ops = await operator(operatorContext.request, url, dataDir);
    const id = await ops.userId(resellerEmail);
    await ops.grantTraffic(id, 'premium', 5);
    await ops.credit(id, 20);
    // the operator's session (signed in by API) on the customer's page
    const adminPage = await operatorContext.newPage();
    await adminPage.goto(`${url}/admin/customers/${id}`);
    const card = adminPage.locator('section').filter({ has: adminPage.getByRole('heading', { name: 'Reseller', exact: true }) });
    await card.getByLabel('Max clients').fill('5');
    await card.getByLabel('Reason (optional)').fill('Agency partner');
    await card.getByRole('button', { name: 'Make reseller' }).click();
    await toast(adminPage, 'Reseller terms saved');
    await card.getByTestId('reseller-terms').getByText('0 of 5 clients').waitFor({ timeout: TIMEOUT });
    await shot('01-operator-reseller-card', adminPage);
  } finally {
    await operatorContext.close();
  }

  // the reseller: the console is in its dashboard's navigation
  await page.goto(`${url}/onboard`);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).first().getByRole('link', { name: 'Reseller' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reseller' }).waitFor({ timeout: TIMEOUT });
  await page.getByTestId('client-count').getByText('0 of 5 clients').waitFor({ timeout: TIMEOUT });
  // the 5 GB granted plus the free trial's 0.10 GB
  await page.getByLabel('Your traffic').getByTestId('available-premium').getByText('5.10 GB').waitFor({ timeout: TIMEOUT });

  await page.getByRole('button', { name: 'New client' }).click();
  const create = page.getByRole('dialog', { name: 'New client' });
  await create.getByLabel('Email', { exact: true }).fill(clientEmail);
  await create.getByLabel('Name (optional)').fill('Acme client');
  await create.getByText('Set a password').click();
  await create.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await create.getByRole('button', { name: 'Create client' }).click();
  await toast(page, 'Client created');

  await page.getByRole('button', { name: 'Give traffic to Acme client' }).click();
  const give = page.getByRole('dialog', { name: 'Give traffic to Acme client' });
  await give.getByLabel('GB').fill('1.5');
  await give.getByRole('button', { name: 'Give traffic' }).click();
  await toast(page, '1.50 GB of Premium Residential given to Acme client');
  const row = page.getByTestId('client-row').filter({ hasText: clientEmail });
  await row.getByTestId('available-premium').getByText('1.50 GB').waitFor({ timeout: TIMEOUT });
  await page.getByLabel('Your traffic').getByTestId('available-premium').getByText('3.60 GB').waitFor({ timeout: TIMEOUT });
  await shot('02-console-clients');
  await expectAccessible(page, 'reseller console, clients');

  await page.getByRole('tab', { name: 'Brand' }).click();
  await page.getByLabel('Brand name').fill('Acme E2E Proxies');
  await page.getByLabel('Address').fill(slug);
  await page.getByLabel('Colour', { exact: true }).fill('#0f766e');
  await page.getByLabel('Support email (optional)').fill('help@acme-e2e.example');
  await page.getByLabel('Proxy host (optional)').fill(host);
  await page.getByRole('button', { name: 'Save brand' }).click();
  await toast(page, 'Brand saved');
  await page.getByTestId('sign-in-link').getByText(`${url}/r/${slug}`).waitFor({ timeout: TIMEOUT });
  await shot('03-console-brand');

  // a static proxy of the reseller's own, handed to the client
  await buyPieces(page.request, url, 'static', 'us-comcast');
  await page.getByRole('tab', { name: 'Clients' }).click();
  await row.getByRole('button', { name: 'Proxies of Acme client' }).click();
  await row.getByRole('option', { name: /^Proxy #\d+ · Static Residential/ }).waitFor({ state: 'attached', timeout: TIMEOUT });
  await row.getByLabel('Assign a proxy').selectOption({ index: 1 });
  await row.getByRole('button', { name: 'Assign the proxy to Acme client' }).click();
  await toast(page, /^Proxy #\d+ handed to Acme client$/);
  await row.getByTestId('held-piece').getByText(`${host}:`, { exact: false }).waitFor({ timeout: TIMEOUT });

  // the client, in a browser of its own, on the reseller's sign-in page
  const context = await browser.newContext();
  try {
    const client = await context.newPage();
    await client.goto(`${url}/r/${slug}`);
    await client.getByRole('heading', { name: 'Sign in to Acme E2E Proxies' }).waitFor({ timeout: TIMEOUT });
    await client.getByTestId('brand-support').getByText('help@acme-e2e.example').waitFor({ timeout: TIMEOUT });
    await shot('04-branded-sign-in', client);
    await expectAccessible(client, 'branded sign-in');
    await client.getByLabel('Email').fill(clientEmail);
    await client.getByLabel('Password').fill(PASSWORD);
    await client.getByRole('button', { name: 'Login', exact: true }).click();
    await client.waitForURL(`${url}/onboard`, { timeout: TIMEOUT });
    const sidebar = client.getByTestId('sidebar');
    await sidebar.getByTestId('brand-mark').getByText('Acme E2E Proxies').waitFor({ timeout: TIMEOUT });
    // its overview: what the reseller gave it
    await client.getByRole('heading', { name: 'Premium Residential', exact: true }).waitFor({ timeout: TIMEOUT });
    await client.getByText(/^1\.50\s*GB remaining/).first().waitFor({ timeout: TIMEOUT });
    if (await sidebar.getByRole('link', { name: 'Wallet' }).count()) throw new Error('the client sees the wallet');
    if (await client.getByRole('button', { name: /^Balance / }).count()) throw new Error('the client sees the balance');
    // the proxy its reseller handed it, under the reseller's host
    const held = client.getByRole('list', { name: 'Your proxies' }).getByTestId('held-piece');
    await held.first().waitFor({ timeout: TIMEOUT });
    const heldLine = (await held.locator('code').textContent()).trim();
    if (!heldLine.startsWith(`${host}:`)) throw new Error(`the client's proxy does not name the reseller's host ${host}: ${heldLine}`);
    await shot('05-client-dashboard', client);

    await sidebar.getByRole('link', { name: 'Premium Residential Proxy' }).click();
    await client.getByRole('heading', { level: 1, name: 'Create Residential Proxy (Premium)' }).waitFor({ timeout: TIMEOUT });
    if (await client.getByRole('tab', { name: 'Plans' }).count()) throw new Error('the client sees the shop’s plans');
    await client.getByRole('button', { name: 'Generate', exact: true }).click();
    await toast(client, 'Proxy generated successfully');
    const line = (await client.getByTestId('proxy-string').textContent()).trim();
    if (!line.startsWith(`${host}:`)) throw new Error(`the client's line does not name the reseller's host ${host}: ${line}`);
    await shot('06-client-line', client);
  } finally {
    await context.close();
  }

  // the reseller takes the proxy back: its password changes
  await row.getByRole('button', { name: /^Take back proxy #\d+ from Acme client$/ }).click();
  await page.getByRole('dialog', { name: /^Take back proxy #/ }).getByRole('button', { name: 'Take back proxy' }).click();
  await toast(page, 'Proxy taken back: its password was changed');
  await row.getByText('Acme client holds none of your proxies.').waitFor({ timeout: TIMEOUT });
});
