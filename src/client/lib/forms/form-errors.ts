// Form field messages from the two places they come from, in @mantine/form's shape (dotted path ->
// message): the shared zod request schema checked in the browser (by its own safeParse: a resolver
// package would import all of zod into the first load), and a 422 answer of the server ({message,
// errors: {field: [messages]}}, spec §8), whose field names are the same dotted paths of the same schema.
// One message per field, the first.
import type { FormErrors } from '@mantine/form';
import type { z } from '../../../shared/api/zod.ts';
import { ApiError } from '../api/errors.ts';

/**
 * Request field -> form field, where the form names a field differently from the request body
 * (`id_card` -> `idCard`, `key` -> `code`). A name also renames everything under it (`sessions` ->
 * `rows` turns `sessions.0.start` into `rows.0.start`; `form` -> '' turns `form.employer` into `employer`).
 */
export type FieldMap = Readonly<Record<string, string>>;

/** `items[0].name` (the notation some servers use) and `items.0.name` are the same field. */
function dotted(path: string): string {
  return path.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '');
}

/** The form path of a request path: the longest renamed prefix wins. */
export function formPathOf(requestPath: string, fields: FieldMap = {}): string {
  const path = dotted(requestPath);
  const segments = path.split('.');
  for (let length = segments.length; length > 0; length--) {
    const prefix = segments.slice(0, length).join('.');
    const renamed = Object.hasOwn(fields, prefix) ? fields[prefix] : undefined;
    if (renamed === undefined) continue;
    const rest = segments.slice(length);
    // An empty name lifts the children to the top (`form.employer` -> `employer`).
    return renamed === '' && rest.length ? rest.join('.') : [renamed, ...rest].join('.');
  }
  return path;
}

/**
 * Request-path messages -> form-path messages. When two request fields land on one form field, the
 * field's own message (same name on both sides) wins over a renamed one, then the first given.
 */
function renamed(messages: Iterable<[string, string]>, fields: FieldMap): FormErrors {
  const out: FormErrors = {};
  const own = new Set<string>();
  for (const [requestPath, message] of messages) {
    const path = formPathOf(requestPath, fields);
    const isOwn = dotted(requestPath) === path;
    if (path in out && (own.has(path) || !isOwn)) continue;
    out[path] = message;
    if (isOwn) own.add(path);
  }
  return out;
}

export interface SchemaCheckOptions<Values> {
  /** Form values -> the request body the schema checks; the values themselves when omitted. */
  toInput?: (values: Values) => unknown;
  /** Request field -> form field, where they differ. */
  fields?: FieldMap;
  /** The text to show for a schema message (e.g. a shared rule's Chinese text in the user's language). */
  message?: (message: string, path: string) => string;
}

/**
 * The form's check with the shared request schema: form path -> the first message of that field, as
 * the server's first check would say it. Empty when the values would be accepted.
 */
export function schemaErrors<Values>(
  schema: z.ZodType,
  values: Values,
  options: SchemaCheckOptions<Values> = {},
): FormErrors {
  const input = options.toInput ? options.toInput(values) : values;
  // The schema's own safeParse, not a resolver importing zod: a form whose schema is loaded later
  // (the login page) then carries no zod in its first load. The first issue of a path wins.
  const result = schema.safeParse(input);
  const byRequestPath: Record<string, string> = {};
  if (!result.success)
    for (const issue of [...result.error.issues].reverse())
      byRequestPath[issue.path.map(String).join('.')] = issue.message;
  const errors = renamed(
    Object.entries(byRequestPath).map(([path, message]) => [path, String(message)]),
    options.fields ?? {},
  );
  if (options.message) {
    const translate = options.message;
    for (const [path, message] of Object.entries(errors)) errors[path] = translate(String(message), path);
  }
  return errors;
}

/** A 422 answer's `errors` (request field -> messages) at their form paths, the first message of each. */
export function firstMessages(errors: Readonly<Record<string, unknown>>, fields: FieldMap = {}): FormErrors {
  const firsts: [string, string][] = [];
  for (const [field, messages] of Object.entries(errors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string' && first) firsts.push([field, first]);
  }
  return renamed(firsts, fields);
}

/**
 * The field messages of a 422 answer at their form paths; null for any other failure, which the API
 * client has already shown as a toast.
 */
export function serverErrors(error: unknown, fields: FieldMap = {}): FormErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return firstMessages(error.fieldErrors, fields);
}

/** Whether `path` (dotted) names a value the form holds, so a message there has an input to sit under. */
export function holdsPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const segment of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(segment in node)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return path.length > 0;
}
