import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the API's messages about the request body (ARCHITECTURE §4's `fields`) on the form's own fields:
 * the server checks the same shared schema, and what only it can know. Answers the messages left over,
 * about fields the form keeps outside react-hook-form (an image) or does not have; nothing for an error
 * that is not the API's.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const leftOver: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.bodyFields())) {
    if ((fields as readonly string[]).includes(field)) setError(field as Path<T>, { message });
    else leftOver[field] = message;
  }
  return leftOver;
}
