// A traffic plan's volume prices: rows of "from this many GB, this price per GB" that apply to the
// custom amounts customers buy (at most MAX_TIERS rows; none: the plan's own price per GB).
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { PlusIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { MAX_TIERS, type PlanValues } from '../../schemas';
import { MUTED } from '../admin-table';

const ERROR_ID = 'plan-tiers-error';

export function TierEditor({ control, register, error }: { control: Control<PlanValues>; register: UseFormRegister<PlanValues>; error?: string }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers' });
  const input = cn(inputClasses, error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-700');

  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? ERROR_ID : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Volume prices (optional)</legend>
      <p className={`mb-2 text-xs ${MUTED}`}>
        Custom amounts from a row&apos;s GB up cost its price per GB. At most {MAX_TIERS} rows, each from a different GB.
      </p>
      {fields.length > 0 && (
        <div className="space-y-2">
          <div className={`grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-2 text-xs font-medium ${MUTED}`} aria-hidden="true">
            <span>From (GB)</span>
            <span>Price per GB (USD)</span>
            <span className="w-16" />
          </div>
          {fields.map((field, index) => (
            <div key={field.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2">
              <input
                aria-label={`Volume price ${index + 1}: from (GB)`}
                inputMode="numeric"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                className={input}
                {...register(`tiers.${index}.minGb`)}
              />
              <input
                aria-label={`Volume price ${index + 1}: price per GB (USD)`}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                className={input}
                {...register(`tiers.${index}.pricePerGb`)}
              />
              <Button size="sm" variant="ghost" className="w-16 text-red-700 dark:text-red-400" onClick={() => remove(index)} aria-label={`Remove volume price ${index + 1}`}>
                Remove
              </Button>
            </div>
          ))}
        </div>
      )}
      <Button size="sm" variant="outline" className="mt-2" disabled={fields.length >= MAX_TIERS} onClick={() => append({ minGb: '', pricePerGb: '' })}>
        <PlusIcon className="h-4 w-4" /> Add volume price
      </Button>
      {error && (
        <p id={ERROR_ID} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
