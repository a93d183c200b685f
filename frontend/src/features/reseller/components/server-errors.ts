// A refused reseller call: its field messages go under the matching inputs, its message to a toast.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';

export function showServerError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>): void {
  applyFieldErrors(error, fields, setError);
  notify.error(errorMessage(error));
}
