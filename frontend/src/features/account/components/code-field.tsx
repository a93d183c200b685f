// The six-box code entry as a labelled react-hook-form field with its error message.
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { CodeInput } from '@/components/ui/code-input';

type CodeFieldProps<T extends FieldValues> = { control: Control<T>; name: FieldPath<T>; label: string; error?: string; disabled?: boolean };

export function CodeField<T extends FieldValues>({ control, name, label, error, disabled }: CodeFieldProps<T>) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div>
      <p id={labelId} className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </p>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <CodeInput
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            labelId={labelId}
            errorId={error ? errorId : undefined}
            invalid={Boolean(error)}
            disabled={disabled}
          />
        )}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
