// Vitest set-up: jest-dom matchers, MSW server that fails on any unhandled request, clean state.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetThemeForTests } from '@/lib/theme';
import { resetToasterForTests } from '@/lib/toast';
import { paymentModal } from '@/lib/payment-modal';
import { server } from './server';

// findBy… and waitFor wait up to 10 s (1 s by default) for the same reason as vite.config.ts's
// testTimeout: a whole screen's first render with its lazy chunks and queries took over 5 s on two
// cores beside a build. The one setting for every file (a test file that changed it would change
// it for the files after it in the same worker, which share their modules).
configure({ asyncUtilTimeout: 10_000 });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// jsdom has no layout: scrolling an element into view does nothing
Element.prototype.scrollIntoView = function scrollIntoView() {
  return undefined;
};
// failed plan loads are only logged by design (the screens show their fallback); keep test output
// readable
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
// sonner replays still-active toasts to a newly mounted toaster: dismiss them between tests
afterEach(async () => {
  cleanup();
  (await import('sonner')).toast.dismiss();
  server.resetHandlers();
  window.localStorage.clear();
  document.documentElement.className = '';
  resetThemeForTests();
  resetToasterForTests();
  paymentModal.close();
});
afterAll(() => server.close());
