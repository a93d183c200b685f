// A select with a search box (country, state, city): a button opens a popup with a filter input
// (ARIA combobox) over a listbox capped at 300 px; "Not Found" when nothing matches.
// Keys: ArrowUp/ArrowDown/Home/End move, Enter picks, Escape closes and returns focus.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon, SearchIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';

export type Option = { code: string; name: string };

type SearchSelectProps = {
  label: string;
  placeholder: string;
  options: ReadonlyArray<Option>;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
};

export const NOT_FOUND = 'Not Found';

export function SearchSelect({ label, placeholder, options, value, onChange, disabled = false }: SearchSelectProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = options.find((option) => option.code === value);
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? options.filter((option) => option.name.toLowerCase().includes(needle) || option.code.toLowerCase() === needle) : options;
  }, [options, query]);

  function openPopup() {
    if (disabled) return;
    setQuery('');
    const index = options.findIndex((option) => option.code === value);
    setActive(index < 0 ? 0 : index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function pick(option: Option) {
    onChange(option.code);
    close(true);
  }

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // keep the active option in view while moving with the keyboard
  useEffect(() => {
    if (!open) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    node?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    if (event.key === 'ArrowDown') setActive((index) => Math.min(last, index + 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(0, index - 1));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(Math.max(0, last));
    else if (event.key === 'Enter') {
      const option = matches[active];
      if (option) pick(option);
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  }

  return (
    <div ref={rootRef} className="relative">
      <span id={labelId} className="mb-1.5 block text-sm font-medium">
        {label}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => (open ? close(false) : openPopup())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openPopup();
          }
        }}
        className={cn(
          inputClasses,
          'flex items-center justify-between gap-2 border-slate-300 text-left disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 dark:border-slate-700 dark:disabled:bg-slate-800 dark:disabled:text-slate-300',
        )}
      >
        <span className={cn('truncate', !selected && 'text-slate-600 dark:text-slate-300')}>{selected?.name ?? placeholder}</span>
        <ChevronDownIcon className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" />
      </button>
      {open && (
        <div className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <div className="relative border-b border-slate-200 p-2 dark:border-slate-700">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-4 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              aria-label={`Search ${label.toLowerCase()}`}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={matches[active] ? `${listId}-${active}` : undefined}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onInputKeyDown}
              placeholder="Search"
              autoComplete="off"
              className={cn(inputClasses, 'h-9 border-slate-300 pl-8 dark:border-slate-700')}
            />
          </div>
          <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="max-h-[300px] overflow-y-auto py-1" data-testid={`${label.toLowerCase()}-list`}>
            {matches.map((option, index) => (
              <li
                key={option.code}
                id={`${listId}-${index}`}
                data-index={index}
                role="option"
                aria-selected={option.code === value}
                onPointerMove={() => setActive(index)}
                onClick={() => pick(option)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  index === active && 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-white',
                  option.code === value && 'font-semibold',
                )}
              >
                {option.name}
              </li>
            ))}
            {matches.length === 0 && (
              <li role="option" aria-selected="false" aria-disabled="true" className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">
                {NOT_FOUND}
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
