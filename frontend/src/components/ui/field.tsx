// A labelled text input with its helper text and error message wired for screen readers.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { PASSWORD_HINT } from '@/lib/form-rules';

export const inputClasses =
  'h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none ' +
  'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  /** Helper text under the input (what it takes), read with it by screen readers. */
  hint?: ReactNode;
  trailing?: ReactNode;
};

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, trailing, className, id, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses, error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-700')}
          {...props}
        />
        {trailing}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
});

/** A field that sets a new password: the password manager offers to generate one, and the hint
 * under it names the rule (`PASSWORD_HINT`). */
export const NewPasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'autoComplete' | 'hint'>>(
  function NewPasswordField(props, ref) {
    return <Field ref={ref} type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...props} />;
  },
);
