// The fixtures every journey takes: the server's `url` and `dataDir` (for the mailed codes, from
// global-setup.mjs) and `shot(step, target?)`, a screenshot into e2e/screenshots/ named after the
// test and the step.
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { frontendDir } from './harness.mjs';

const shots = join(frontendDir, 'e2e/screenshots');

/**
 * API calls of the test's browser context retry a connection reset (Playwright retries only
 * ECONNRESET): the server closes a keep-alive connection idle for 5 s, and a call sent on it at that
 * moment is reset before the server reads it, which a browser would retry on a fresh connection
 * too (seen once in three workers: `POST /api/payment` "socket hang up").
 */
function retryResets(request) {
  for (const method of ['fetch', 'get', 'post', 'put', 'patch', 'delete', 'head']) {
    const call = request[method].bind(request);
    request[method] = (target, options = {}) => call(target, { maxRetries: 2, ...options });
  }
}

export const test = base.extend({
  context: async ({ context }, use) => {
    retryResets(context.request);
    await use(context);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for
  url: async ({}, use) => use(process.env.E2E_URL),
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => use(process.env.E2E_DATA_DIR),
  shot: async ({ page }, use, testInfo) => {
    const slug = testInfo.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 40);
    await use((step, target = page) => target.screenshot({ path: join(shots, `${slug}--${step}.png`), fullPage: false }));
  },
});
