// The controls above a list: a search box that applies what is typed once typing pauses (or
// at once when it loses focus), and labelled filter selects.
import { useState } from 'react';
import { inputClasses } from '@/components/ui/field';
import { SearchIcon } from '@/components/ui/icons';
import { SelectField } from '@/components/ui/select-field';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import { cn } from '@/lib/cn';

export const SEARCH_DEBOUNCE_MS = 300;

export function SearchBox({ label, value, onSearch, placeholder }: { label: string; value: string; onSearch: (text: string) => void; placeholder?: string }) {
  const [text, setText] = useState(value);
  const apply = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <div className="min-w-0 flex-1 basis-56">
      <label className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
        <span className="relative mt-1.5 block">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
          <input
            type="search"
            value={text}
            placeholder={placeholder}
            onChange={(event) => {
              setText(event.target.value);
              apply(event.target.value);
            }}
            onBlur={apply.flush}
            className={cn(inputClasses, 'border-slate-300 pl-9 dark:border-slate-700')}
          />
        </span>
      </label>
    </div>
  );
}

export type Option = { value: string; label: string };

export function FilterSelect({ label, value, options, onChange, allLabel = 'All' }: { label: string; value: string; options: readonly Option[]; onChange: (value: string) => void; allLabel?: string }) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)} className="w-full sm:w-44">
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

export function Toolbar({ children }: { children: React.ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-3">{children}</div>;
}
