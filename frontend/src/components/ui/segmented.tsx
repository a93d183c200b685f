// A small radio group drawn as a segmented control (protocol, rotation): a fieldset with a legend,
// visually hidden radios inside labelled pills, so arrow keys and screen readers work as usual.
import { cn } from '@/lib/cn';

export function Segmented<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hideLegend = false,
}: {
  legend: string;
  /** The legend for screen readers only (the control sits beside a title that says it all). */
  hideLegend?: boolean;
  name: string;
  options: ReadonlyArray<{ label: string; value: T }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className={hideLegend ? 'sr-only' : 'mb-1.5 block text-sm font-medium'}>{legend}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex h-9 cursor-pointer items-center justify-center rounded-md text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              option.value === value
                ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-950 dark:text-brand-300'
                : 'text-slate-700 hover:text-slate-900 dark:text-slate-200 dark:hover:text-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
