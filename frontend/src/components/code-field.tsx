// The six-box code entry with its label and error message, for every form that asks for a
// mailed or authenticator code: `CodeField` as a react-hook-form field (registration, password
// reset, email change, two-factor setup), `CodeEntry` for a code kept in component state (the
// two-factor sign-in step).
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { CodeInput } from '@/components/ui/code-input';

type CodeEntryProps = { label: string; value: string; onChange: (value: string) => void; onBlur?: () => void; error?: string; disabled?: boolean };

export function CodeEntry({ label, value, onChange, onBlur, error, disabled }: CodeEntryProps) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div>
      <p id={labelId} className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </p>
      <CodeInput
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        labelId={labelId}
        errorId={error ? errorId : undefined}
        invalid={Boolean(error)}
        disabled={disabled}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type CodeFieldProps<T extends FieldValues> = { control: Control<T>; name: FieldPath<T>; label: string; error?: string; disabled?: boolean };

export function CodeField<T extends FieldValues>({ control, name, label, error, disabled }: CodeFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <CodeEntry
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
          disabled={disabled}
        />
      )}
    />
  );
}
