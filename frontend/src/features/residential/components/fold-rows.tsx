// The usage tables show their first rows, and all of them (at most 100) on "Show all".
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Rows shown before "Show all". */
export const FOLDED_ROWS = 10;

/** The rows to show, and the button that folds and unfolds them (null when they all fit). */
export function useFoldedRows<Row>(rows: readonly Row[]): { shown: readonly Row[]; toggle: ReactNode } {
  const [all, setAll] = useState(false);
  const toggle =
    rows.length > FOLDED_ROWS ? (
      <Button variant="ghost" size="sm" className="mt-3" onClick={() => setAll((value) => !value)} aria-expanded={all}>
        {all ? `Show the top ${FOLDED_ROWS}` : `Show all ${rows.length}`}
      </Button>
    ) : null;
  return { shown: all ? rows : rows.slice(0, FOLDED_ROWS), toggle };
}
