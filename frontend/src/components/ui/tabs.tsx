// Accessible tab list (WAI-ARIA tabs pattern with automatic activation and arrow keys).
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { panelId, tabId } from './tab-ids';

type TabsProps<T extends string> = {
  label: string;
  items: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  idPrefix: string;
  className?: string;
  size?: 'sm' | 'md';
};

export function Tabs<T extends string>({ label, items, value, onChange, idPrefix, className, size = 'md' }: TabsProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.value);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={cn('flex flex-wrap gap-2', className)}>
      {items.map((item, index) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.value)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, item.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            className={cn(
              'rounded-full font-medium transition-colors',
              size === 'sm' ? 'px-3 py-1.5 text-sm' : 'px-4 py-2 text-sm',
              selected
                ? 'bg-brand-600 text-white dark:bg-brand-600'
                : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
            )}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
