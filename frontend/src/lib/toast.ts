// Toasts with fixed durations (3 s success, 5 s error, 4 s default). The toast library
// and its <Toaster> load on the first toast, which keeps them out of the landing page's first load.
import { useSyncExternalStore } from 'react';

type Kind = 'success' | 'error' | 'info';

const DURATION: Record<Kind, number> = { success: 3000, error: 5000, info: 4000 };

/** Toasts start this far from the top: below the 64 px sticky top bar (h-16), with an 8 px gap. */
export const TOAST_TOP_OFFSET_PX = 64 + 8;
/** At most this many toasts show at once. */
export const VISIBLE_TOASTS = 3;

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
let mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function request() {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

/** Called by the toaster once it is mounted and listening. */
export function toasterMounted(): void {
  markMounted();
}

/** True once something asked for a toast; the app shell then mounts the toaster. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => requested,
  );
}

/** `id`: a toast of a flow that says where it stands (a code was sent, then it was used): a new
 * message with the same id replaces the one on screen instead of stacking behind it. */
type Options = {
  id?: string;
  /** A second line under the message. */
  description?: string;
  /** A button in the toast (the way out of what it reports: "Add funds"). */
  action?: { label: string; onClick: () => void };
};

/** How long a toast with a button stays: long enough to read it and reach the button. */
const ACTION_DURATION = 10_000;

async function show(kind: Kind, message: string, { id, description, action }: Options = {}): Promise<void> {
  request();
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  const options = {
    duration: action ? ACTION_DURATION : DURATION[kind],
    ...(id === undefined ? {} : { id }),
    ...(description === undefined ? {} : { description }),
    ...(action === undefined ? {} : { action }),
  };
  if (kind === 'info') toast(message, options);
  else toast[kind](message, options);
}

export const notify = {
  success: (message: string, options?: Options) => void show('success', message, options),
  error: (message: string, options?: Options) => void show('error', message, options),
  info: (message: string, options?: Options) => void show('info', message, options),
};

/** For tests: start again as if no toast had been shown yet. */
export function resetToasterForTests(): void {
  requested = false;
  mounted = new Promise<void>((resolve) => {
    markMounted = resolve;
  });
  listeners.forEach((listener) => listener());
}
