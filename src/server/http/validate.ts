// The one place request input meets its shared zod schema: failures become 422 field errors.
import type { z } from 'zod';
import { validationFailed } from '../errors.ts';

export function zodFieldErrors(error: z.ZodError, root = 'body'): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : root;
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseInput<T extends z.ZodType>(schema: T, input: unknown, root = 'body'): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationFailed(zodFieldErrors(result.error, root));
  return result.data;
}
