// The landing's first load in a real browser: Chromium fetches exactly the JavaScript and CSS
// that the build manifest says `/` needs (scripts/landing-graph.mjs: no form, schema, dashboard
// or other page chunk), each as the build's precompressed copy byte for byte (brotli when the
// browser offers it, as Chromium does over HTTPS; gzip over this plain-HTTP test server) with
// `Vary: Accept-Encoding` and a year of `immutable` caching, under a `no-cache` page; then a lazily
// loaded screen (sign-in) still renders.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { test } from './fixtures.mjs';
import { frontendDir } from './harness.mjs';
import { landingFirstLoad } from '../scripts/landing-graph.mjs';
import { TIMEOUT } from './helpers.mjs';

const SUFFIX = { br: '.br', gzip: '.gz' };

test('the landing loads only its first-load files, precompressed and cached for a year', async ({ page, url, shot }) => {
  const manifest = JSON.parse(readFileSync(join(frontendDir, 'dist/.vite/manifest.json'), 'utf8'));
  const { js, css } = landingFirstLoad(manifest);
  const assets = new Map();
  let document;
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path === '/') document = response;
    else if (/^\/assets\/.*\.(js|css)$/.test(path)) assets.set(path.slice(1), response);
  });

  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });
  await page.waitForLoadState('networkidle');
  await shot('landing');

  expect([...assets.keys()].sort()).toEqual([...js, ...css].sort());
  for (const [file, response] of assets) {
    const headers = await response.allHeaders();
    const encoding = headers['content-encoding'];
    expect(Object.keys(SUFFIX), file).toContain(encoding);
    // the stored copy as it is: compressed once, at build time (a file of a few bytes may have none)
    const { responseBodySize } = await response.request().sizes();
    if (statSync(join(frontendDir, 'dist', file)).size >= 1024) {
      expect(responseBodySize, file).toBe(statSync(join(frontendDir, 'dist', file + SUFFIX[encoding])).size);
    }
    expect(headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    expect(headers.vary ?? '', file).toMatch(/accept-encoding/i);
  }
  const pageHeaders = await document.allHeaders();
  expect(pageHeaders['cache-control']).toBe('no-cache');
  expect(Object.keys(SUFFIX)).toContain(pageHeaders['content-encoding']);

  // a lazily loaded screen still comes up from the landing
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).first().click();
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: TIMEOUT });
  await shot('sign-in');
});
