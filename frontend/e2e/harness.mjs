// End-to-end harness: a `proxyshop serve` on a fresh SQLite database and free ports serving the
// built front end, the mailed codes, the Chromium arguments, and (for e2e/screenshots.mjs) a
// headless Chromium (system /usr/bin/chromium) with a throw-away profile.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const frontendDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(frontendDir, '..');
export const serverBin = process.env.PROXYSHOP_BIN || join(repoDir, 'target/debug/proxyshop');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`proxyshop exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100)); // polling interval of the health check, not a wait for the UI
  }
  throw new Error(`proxyshop did not become healthy within ${timeoutMs} ms`);
}

/**
 * Starts the server; returns its URL, data dir, an env for CLI calls, and stop(). Top-ups go
 * through the local checkout (PROXYSHOP_LOCAL_CHECKOUT=true); every new account gets the default
 * free trial (100 MB of Premium for 24 hours: the per-address limit is lifted, since every test
 * signs up from 127.0.0.1); `env` overrides any of it (e.g. `{ PROXYSHOP_TRIAL_MB: '0' }`).
 */
export async function startServer({ log = false, env: overrides = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'proxyshop-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PROXYSHOP_ADDR: `127.0.0.1:${port}`,
    PROXYSHOP_PUBLIC_URL: url,
    PROXYSHOP_DATABASE_URL: `sqlite://${join(dataDir, 'proxyshop.db')}`,
    PROXYSHOP_DATA_DIR: dataDir,
    PROXYSHOP_STATIC_DIR: join(frontendDir, 'dist'),
    PROXYSHOP_GATEWAY_HTTP_ADDR: '127.0.0.1:0',
    PROXYSHOP_GATEWAY_SOCKS_ADDR: '127.0.0.1:0',
    PROXYSHOP_LOCAL_CHECKOUT: 'true',
    PROXYSHOP_TRIAL_MB: '100',
    PROXYSHOP_TRIAL_PER_IP_PER_DAY: '1000',
    // every journey signs up from 127.0.0.1, all on this one server
    PROXYSHOP_CODE_REQUESTS_PER_IP: '1000',
    PROXYSHOP_REGISTER_PER_IP: '1000',
    // the Rust tests keep every core busy beside the browser tests (`make test`): on idle cores
    // only, each sign-in's hash would wait for them
    PROXYSHOP_PASSWORD_HASHING_NORMAL_PRIORITY: 'true',
    ...overrides,
  };
  const output = [];
  const child = spawn(serverBin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (log) process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    console.error(output.join(''));
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    env,
    output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a proxyshop sub-command (e.g. create-admin) against the server's database. */
export function runCli(env, args) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(serverBin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) => (code === 0 ? resolveRun(text) : reject(new Error(`proxyshop ${args[0]} failed (${code}): ${text}`))));
  });
}

/** The 6-digit code of the newest mail to `email` that carries one in the data dir's mail
 * folder (alerts and other notices may arrive in between and carry none). */
export function readCode(dataDir, email) {
  const mailDir = join(dataDir, 'mail');
  const mails = readdirSync(mailDir)
    .filter((name) => name.includes(email))
    .map((name) => ({ path: join(mailDir, name), mtime: statSync(join(mailDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  if (mails.length === 0) throw new Error(`no mail for ${email} in ${mailDir}`);
  for (const { path } of mails) {
    const body = readFileSync(path, 'utf8').split(/\r?\n\r?\n/).slice(1).join('\n\n');
    const match = /\b(\d{6})\b/.exec(body);
    if (match) return match[1];
  }
  throw new Error(`no 6-digit code in the mails to ${email} (newest ${mails[0].path})`);
}

/** Every mail to exactly `email` in the data dir's mail folder, oldest first: subject and body
 * (quoted-printable soft breaks and escapes undone). */
export function readMails(dataDir, email) {
  const mailDir = join(dataDir, 'mail');
  // `<millis>-<sequence>-<address>.eml`, the address exactly
  const own = (name) => /^\d+-\d+-(.+)\.eml$/.exec(name)?.[1] === email;
  return readdirSync(mailDir)
    .filter(own)
    .map((name) => ({ name, mtime: statSync(join(mailDir, name)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name))
    .map(({ name }) => {
      const text = readFileSync(join(mailDir, name), 'utf8');
      const [head, ...rest] = text.split(/\r?\n\r?\n/);
      const subject = /^Subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
      const body = rest
        .join('\n\n')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      return { subject, body };
    });
}

/** Launches Chromium with a fresh profile; close() removes the profile. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'proxyshop-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The admin the server made on its first start: email and password from its password file. */
export function readInitialAdmin(dataDir) {
  const text = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8');
  const email = /^email:\s*(\S+)/m.exec(text)?.[1];
  const password = /^password:\s*(\S+)/m.exec(text)?.[1];
  if (!email || !password) throw new Error(`no admin credentials in ${dataDir}/initial-admin-password`);
  return { email, password };
}

/** A screenshot script's run: a fresh server and a browser page, `setUp(server, page)` then
 *  `shoot(page, url)`, both closed whatever happens. */
export async function runScreenshots(setUp, shoot) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await setUp(server, page);
    await shoot(page, server.url);
  } finally {
    await browser.close();
    await server.stop();
  }
}
