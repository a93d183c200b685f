// `npm run e2e`: @playwright/test drives Debian's Chromium (/usr/bin/chromium, no downloaded
// browsers) against a `proxyshop serve` that e2e/global-setup.mjs builds and starts. The journeys
// run three at a time (E2E_WORKERS), those of one file too (`fullyParallel`), against that one
// server: every journey signs up customers of its own, and the server's limits are raised for one
// address (e2e/harness.mjs). A journey mostly waits (for the server, a render, the network to go
// quiet): the suite used 160 s of CPU in 430 s on two workers, so a third worker shortens it, and
// no journey is much longer than the others (the axe sweeps are split in groups). A journey may
// take 6 minutes: under `make test` it shares two cores with the Rust tests and the fuzzing. Ends with one line "N passed, N failed"
// (e2e/summary-reporter.mjs).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/harness.mjs';

/** `E2E_ONLY=<text>`: only the tests whose name contains it (for quick reruns). */
const only = process.env.E2E_ONLY;
const escaped = only?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.mjs',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.mjs',
  grep: escaped ? new RegExp(escaped) : undefined,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: true,
  retries: 0,
  timeout: 360_000,
  reporter: [['list'], ['./e2e/summary-reporter.mjs']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
