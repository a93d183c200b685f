// A labelled multi-line input with its error wired for screen readers.
import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string; /** monospaced input (proxy lines, JSON) */ mono?: boolean };

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, error, hint, mono = false, className, id, rows = 3, ...props }, ref) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const described = [hint ? `${areaId}-hint` : null, error ? `${areaId}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={areaId} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={cn(
          'w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
          error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
          mono && 'font-mono',
        )}
        {...props}
      />
      {hint && (
        <p id={`${areaId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${areaId}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
});
