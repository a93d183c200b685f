// Visual check (not a test): the Usage tab's request list of a customer with 120 records, on its
// second page (walked by cursor: Newest / Newer / Older) with a host search (its 7-day note), at
// 1280 and 375 px, light and dark, against a real server.
// Usage: npm run build && node e2e/usage-records-screenshots.mjs [output dir]
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TIMEOUT } from './helpers.mjs';
import { frontendDir, readCode, runScreenshots } from './harness.mjs';

const outDir = resolve(process.argv[2] ?? join(frontendDir, 'e2e/screenshots/visual'));
mkdirSync(outDir, { recursive: true });
const email = 'ada.lovelace@example.com';

/** 120 records of the last two hours, written into the server's SQLite database. */
function fill(dataDir) {
  const script = `
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
(user,) = db.execute("SELECT id FROM users WHERE email = ?", (sys.argv[2],)).fetchone()
now = int(time.time())
rows = [(user, now - 60 * i, 800 + 37 * i, 'main', None, 'u-ada', 'premium', f"shop-{i % 7}.example.com", 443,
         900 + 11 * i, 40_000 + 997 * i, 'ok' if i % 9 else 'upstream_error', None if i % 9 else 'connect_failed') for i in range(120)]
db.executemany("""INSERT INTO connection_records (user_id, started_at, duration_ms, credential_kind, credential_id,
  credential_label, kind, host, port, bytes_up, bytes_down, outcome, reason) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)""", rows)
db.commit()
`;
  execFileSync('python3', ['-c', script, join(dataDir, 'proxyshop.db'), email]);
}

async function setUp(server, page) {
  const { url, dataDir } = server;
  const request = page.request;
  await request.post(`${url}/api/register_verification`, { data: { email } });
  const registered = await request.post(`${url}/api/register`, {
    data: { email, password: 'Secret1!', confirmPassword: 'Secret1!', code: readCode(dataDir, email) },
  });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  fill(dataDir);
}

async function shoot(page, url) {
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/onboard/rotating-proxy`);
      await page.evaluate((t) => globalThis.localStorage.setItem('app-theme', t), theme);
      await page.reload();
      await page.getByRole('tab', { name: 'Usage' }).click();
      const pager = page.getByRole('navigation', { name: 'Requests pages' });
      await pager.getByRole('button', { name: 'Older' }).click({ timeout: TIMEOUT });
      await pager.getByText('Requests 51–100 of 120').waitFor({ timeout: TIMEOUT });
      await pager.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `usage-records-page2-${width}-${theme}.png`) });
      await page.getByRole('searchbox', { name: 'Host' }).fill('shop-3');
      await page.getByTestId('host-window').waitFor({ timeout: TIMEOUT });
      await page.getByTestId('host-window').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `usage-records-host-${width}-${theme}.png`) });
    }
  }
}

await runScreenshots(setUp, shoot);
console.log(`screenshots in ${outDir}`);
