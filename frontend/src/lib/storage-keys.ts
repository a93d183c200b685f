// Browser storage keys: values other code and returning visitors rely on.
export const THEME_KEY = 'app-theme';
export const SIDEBAR_KEY = 'slideBar';
/** The currency approximate prices are shown in (`USD`: none), see lib/display-currency.ts. */
export const DISPLAY_CURRENCY_KEY = 'display-currency';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage can be full or disabled (private mode); the in-memory value still applies
  }
}
