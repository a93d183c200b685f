// The Overview's period kept in the URL (`?period=7d`, `30d`, `90d` or `365d`), so that a reload keeps
// it, a link can share it, and back/forward step through the periods chosen (each choice is a new
// history entry). Anything else in the URL, or no value, is the default of 30 days.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const PERIODS = [7, 30, 90, 365] as const;
export const DEFAULT_PERIOD = 30;

/** The days a `period` value names, or the default when it names none of `PERIODS`. */
export function periodDays(value: string | null): number {
  const match = /^(\d+)d$/.exec(value ?? '');
  const days = match ? Number(match[1]) : NaN;
  return (PERIODS as readonly number[]).includes(days) ? days : DEFAULT_PERIOD;
}

export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const days = periodDays(params.get('period'));
  const setDays = useCallback(
    (value: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('period', `${value}d`);
        return next;
      }),
    [setParams],
  );
  return [days, setDays] as const;
}
