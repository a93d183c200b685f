// Vitest set-up: jest-dom matchers, MSW server that fails on any unhandled request, clean state.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetThemeForTests } from '@/lib/theme';
import { resetToasterForTests } from '@/lib/toast';
import { paymentModal } from '@/lib/payment-modal';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// failed plan loads are logged by design (SPEC.md §8); keep test output readable
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  document.documentElement.className = '';
  resetThemeForTests();
  resetToasterForTests();
  paymentModal.close();
});
afterAll(() => server.close());
