// A refused admin call: its field messages go next to the matching inputs, its message to a toast.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';

export function showServerError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>): void {
  if (error instanceof ApiError) {
    for (const name of fields) {
      const message = error.fields[name];
      if (message) setError(name, { type: 'server', message });
    }
  }
  notify.error(errorMessage(error));
}
