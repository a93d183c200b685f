// React.lazy with a 120 s chunk time-out: a chunk that never arrives becomes an
// error (shown by the route error boundary) instead of an endless spinner.
import { lazy, type ComponentType } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

export function withTimeout<T>(promise: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading the page timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('Loading the page failed'));
      },
    );
  });
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => withTimeout(load()));
}
