// Form field messages from the two places they come from: the shared zod schema checked in the browser,
// and a 422 answer of the server ({message, errors: {field: [messages]}}). One message per field, the first.
import { ApiError } from '../api/errors.ts';

export type FieldErrors = Record<string, string>;

/** zod issues -> the first message per top-level field. */
export function issueFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

/** The field messages of a 422 failure; null for any other failure (already toasted by the API client). */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors))
    if (messages[0]) out[field] = messages[0];
  return out;
}
