// A list's filters and page kept in the URL (?q=&status=&page=), so that a warning can link to the
// filtered list that resolves it and a reload keeps the view. Changing a filter goes back to page 1.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const set = useCallback(
    (key: K | 'page', value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          if (key !== 'page') next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = useCallback((value: number) => set('page', value > 1 ? String(value) : ''), [set]);
  return { values, page, set, setPage };
}
