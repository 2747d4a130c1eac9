import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { isApiError } from './api-client';

/** Shows an API error on the form field it names, or as an error toast. */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldAliases: Partial<Record<string, Path<T>>> = {},
) {
  if (isApiError(error) && error.field) {
    const field = fieldAliases[error.field] ?? fields.find((name) => name === error.field);
    if (field) {
      setError(field, { message: error.message }, { shouldFocus: true });
      return;
    }
  }
  toast.error(error instanceof Error ? error.message : 'Something went wrong!');
}
