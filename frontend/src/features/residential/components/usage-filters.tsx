// The usage record's filters: From and To (UTC days, To included), part of the target host and
// the outcome (left out where it makes no sense: the Health tab counts every outcome). Dates and
// the outcome apply at once, the host once typing pauses; a range that ends before it starts is
// shown on To and not sent. Reset clears them all.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import { cn } from '@/lib/cn';
import { filterError, isFiltered, isOutcome, NO_FILTER, OUTCOME_LABELS, OUTCOMES, type UsageFilter } from '../usage-records';

export const HOST_DEBOUNCE_MS = 300;

type UsageFiltersProps = {
  onChange: (filter: UsageFilter) => void;
  today: string;
  /** The search form's accessible name. */
  label?: string;
  withOutcome?: boolean;
};

export function UsageFilters({ onChange, today, label = 'Filter the usage record', withOutcome = true }: UsageFiltersProps) {
  const [draft, setDraft] = useState<UsageFilter>(NO_FILTER);
  const error = filterError(draft);
  // reads the draft of the latest render when it fires, so a date set meanwhile is kept
  const applyLater = useDebouncedCallback(() => {
    if (!filterError(draft)) onChange(draft);
  }, HOST_DEBOUNCE_MS);

  function update(patch: Partial<UsageFilter>) {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (!filterError(next)) onChange(next);
  }

  return (
    <form
      role="search"
      aria-label={label}
      className={cn(
        'grid grid-cols-2 gap-3 lg:items-start',
        withOutcome ? 'lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]' : 'lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]',
      )}
      onSubmit={(event) => {
        event.preventDefault();
        if (!error) onChange(draft);
      }}
    >
      <Field
        label="From (UTC)"
        type="date"
        max={today}
        value={draft.from}
        error={error?.field === 'from' ? error.message : undefined}
        onChange={(event) => update({ from: event.target.value })}
      />
      <Field
        label="To (UTC)"
        type="date"
        max={today}
        value={draft.to}
        error={error?.field === 'to' ? error.message : undefined}
        onChange={(event) => update({ to: event.target.value })}
      />
      <Field
        label="Host"
        className="max-sm:col-span-2"
        type="search"
        placeholder="e.g. example.com"
        autoComplete="off"
        spellCheck={false}
        value={draft.host}
        onChange={(event) => {
          setDraft((current) => ({ ...current, host: event.target.value }));
          applyLater();
        }}
      />
      {withOutcome && (
        <SelectField label="Outcome" className="max-sm:col-span-2" value={draft.outcome} onChange={(event) => update({ outcome: isOutcome(event.target.value) ? event.target.value : '' })}>
          <option value="">All</option>
          {OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {OUTCOME_LABELS[outcome]}
            </option>
          ))}
        </SelectField>
      )}
      <Button
        variant="outline"
        className="col-span-2 h-11 lg:col-span-1 lg:mt-7"
        disabled={!isFiltered(draft)}
        onClick={() => {
          setDraft(NO_FILTER);
          onChange(NO_FILTER);
        }}
      >
        Reset
      </Button>
    </form>
  );
}
