// Before the run: builds the app and its precompressed copies (unless E2E_SKIP_BUILD), starts
// `proxyshop serve` from PROXYSHOP_BIN on free ports with a temporary data dir, and hands its URL
// and data dir to the tests through the environment. The returned function stops it after the run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { frontendDir, serverBin, startServer } from './harness.mjs';

export default async function globalSetup() {
  mkdirSync(join(frontendDir, 'e2e/screenshots'), { recursive: true });
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(process.execPath, [join(frontendDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: frontendDir,
      stdio: 'inherit',
    });
    // as `npm run build`: the brotli and gzip copies the server sends
    execFileSync(process.execPath, [join(frontendDir, 'scripts/precompress.mjs')], { cwd: frontendDir, stdio: 'inherit' });
  }
  if (!existsSync(serverBin)) {
    throw new Error(`proxyshop binary not found at ${serverBin} (build it with \`cargo build -p server\` or set PROXYSHOP_BIN)`);
  }
  const server = await startServer();
  process.env.E2E_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
