// Copies a 422 answer's `fields` onto the matching form fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

export function applyFieldErrors<T extends FieldValues>(error: unknown, names: ReadonlyArray<Path<T>>, setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return;
  for (const name of names) {
    const message = error.fields[name];
    if (message) setError(name, { type: 'server', message });
  }
}
