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

/** Nesting that a request body may have: the deepest form the platform sends is a few levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests deeper than `max`, read without parsing it: a body of a million `[` parses,
 * but storing or hashing it recurses once per level and overflows the stack.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  const QUOTE = 0x22;
  const BACKSLASH = 0x5c;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      // `\"` inside a string does not end it.
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Text PostgreSQL cannot store: a NUL character (text columns refuse it) or half of a UTF-16 surrogate
 * pair (jsonb refuses its `\ud800` escape). With the `u` flag a whole pair is one code point, not `Cs`.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
export const UNSTORABLE_TEXT_MESSAGE = '不能包含空字符或残缺的 Unicode 字符';

/**
 * Where `value` holds unstorable text, in a string or a key (the path of keys to it, `[]` for `value`
 * itself), else null: found at the edge, it is the sender's error instead of a failed query.
 */
export function unstorableTextPath(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return unstorable(value) ? [] : null;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > MAX_JSON_DEPTH)
    return null;
  for (const [key, item] of Object.entries(value)) {
    if (unstorable(key)) return [];
    const below = unstorableTextPath(item, depth + 1);
    if (below) return [key, ...below];
  }
  return null;
}
