// Light/dark theme kept in localStorage under `app-theme`. With nothing stored, the OS preference
// decides and is saved as the first value.
import { useSyncExternalStore } from 'react';
import { readStorage, THEME_KEY, writeStorage } from './storage-keys';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();
let current: Theme | null = null;

function osPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

function apply(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function initTheme(): Theme {
  const stored = readStorage(THEME_KEY);
  const theme: Theme = stored === 'light' || stored === 'dark' ? stored : osPrefersDark() ? 'dark' : 'light';
  if (stored !== theme) writeStorage(THEME_KEY, theme);
  current = theme;
  apply(theme);
  return theme;
}

export function getTheme(): Theme {
  return current ?? initTheme();
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeStorage(THEME_KEY, theme);
  apply(theme);
  listeners.forEach((listener) => listener());
}

/** For tests: forget the in-memory value so the next read starts from storage again. */
export function resetThemeForTests(): void {
  current = null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getTheme, getTheme);
  return [theme, setTheme];
}
