// Runs a callback once the calls to it have paused for `delay` ms (search boxes); pending calls
// are dropped when the component goes away. `flush` runs a pending call at once (a search box
// that loses focus applies what was typed before the click that took the focus lands: a result
// clicked within the delay is not replaced by the search applying after it).
import { useEffect, useRef } from 'react';

export type Debounced<A extends unknown[]> = ((...args: A) => void) & { flush: () => void };

export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delay: number): Debounced<A> {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<A | undefined>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current = undefined;
    },
    [],
  );
  const run = () => {
    clearTimeout(timer.current);
    const args = pending.current;
    pending.current = undefined;
    if (args) latest.current(...args);
  };
  const debounced: Debounced<A> = (...args: A) => {
    clearTimeout(timer.current);
    pending.current = args;
    timer.current = setTimeout(run, delay);
  };
  debounced.flush = run;
  return debounced;
}
