/// <reference types="vitest/config" />
// Vite build, dev server and Vitest configuration for the ProxyShop single-page app.
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { routePatternsFromSource } from './src/app/route-list.ts';

/** Writes `dist/routes.json`: the router's patterns, so the server can answer 404 for the rest. */
function routeList(): Plugin {
  const router = fileURLToPath(new URL('./src/app/app-routes.tsx', import.meta.url));
  return {
    name: 'proxyshop-route-list',
    apply: 'build',
    generateBundle() {
      const patterns = routePatternsFromSource(readFileSync(router, 'utf8'));
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: `${JSON.stringify(patterns, null, 1)}\n` });
    },
  };
}

/**
 * Small modules that nearly every page uses (the session, the API client and query library, the
 * icons, formatting, the plan list): one shared chunk instead of a dozen tiny ones, which
 * compresses better and costs the landing fewer requests. Forms, schemas, the dashboard and the
 * console stay in their pages' own chunks (`scripts/landing-graph.test.mjs` checks the landing).
 */
const COMMON =
  /src[\\/](lib[\\/](session|public-config|trial|live-refresh|format|kinds|plans)|hooks[\\/]use-document-title|components[\\/]ui[\\/](icons|tabs|logo|skeleton))\.tsx?$|@tanstack[\\/]react-query[\\/].*[\\/]useMutation\.js$/;

export default defineConfig({
  plugins: [react(), tailwindcss(), routeList()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `make dev`: the API runs on 8080; same-origin requests are proxied so cookies just work
    // when VITE_API_URL is empty.
    proxy: { '/api': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // `dist/.vite/manifest.json`: the module graph `scripts/landing-size.mjs` measures
    manifest: true,
    // every supported browser preloads modules natively
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'common', test: COMMON }] } } },
  },
  test: {
    globals: true,
    // happy-dom: a fresh DOM per test file costs far less than jsdom's (the suite used 77 s of CPU
    // against 129 s with jsdom, most of the difference in setting up each file's environment).
    // A file that needs jsdom says so in a `@vitest-environment jsdom` comment at its top: React's
    // initial value of a <select> whose options render with it is lost in happy-dom.
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    css: false,
    restoreMocks: true,
    // One worker per core: Vitest's default leaves one core idle (one worker on CI's two cores,
    // 197-260 s for the suite there; 143 s with two)
    maxWorkers: availableParallelism(),
    // The test files of a worker share its modules instead of importing React, the router, MSW and
    // every screen again for each file: 86 s and 101 s of CPU for the suite against 205 s and 231 s
    // (both on two cores beside a build). Each file still gets a fresh DOM, and src/test/setup.ts
    // resets what the app keeps at module level (theme, toasts, the payment dialog, storage); a
    // test may not replace a module (`vi.mock`), since another file may have loaded it first.
    isolate: false,
    // A test's limit and a query's wait leave room for a loaded machine (a whole screen's first
    // render took over a second on CI's two cores while a build ran beside it): they bound a
    // hung test, they do not measure speed, and a passing test never waits for them.
    testTimeout: 30_000,
  },
});
