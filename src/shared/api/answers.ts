// Answer schemas: the JSON an endpoint answers, declared once in shared/<area>/schema.ts beside its request
// schema. The server's handler is typed by it (server/http/answer.ts), the client's call is typed by it
// and, in development and tests, checked against it (client/lib/api/client.ts), so a drift fails a test.
// They describe the wire as sent: times are ISO strings, and there are no transforms, coercions or
// defaults, because the production client does not parse and works with the JSON itself.
import { ERROR_CODES } from './errors.ts';
import { z } from './zod.ts';

/** Any schema an answer can be declared with. */
export type AnswerSchema = z.ZodType;

/** The value an answer schema describes: what the server returns and the client receives. */
export type Answer<S extends AnswerSchema> = z.infer<S>;

/** `meta` of a paged list (spec §7 pagination), as shared/api/errors.ts ListMeta. */
export const listMetaAnswer = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});

/** A paged list of `item`: `{ data: item[], meta: { total, page, limit } }` (ListResponse; the server builds it with server/lib/pagination.ts listAnswer). */
export const listOf = <Item extends AnswerSchema>(item: Item) =>
  z.object({ data: z.array(item), meta: listMetaAnswer });

/** 204 No Content: the client reads the empty body as ''. */
export const noContentAnswer = z.literal('');

/** `{ ok: true }`, the acknowledgement of a write that has nothing else to say. */
export const okAnswer = z.object({ ok: z.literal(true) });

/**
 * A 403 refusal the page handles itself (403002 profile incomplete, 403003 outside the window): the
 * client hands it back as the call's value instead of throwing, so a call that can meet one declares
 * `withRefusal(itsAnswer)`.
 */
export const businessRefusalAnswer = z.object({
  message: z.string(),
  code: z.literal([ERROR_CODES.profileIncomplete, ERROR_CODES.outsideWindow]),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type BusinessRefusalAnswer = z.infer<typeof businessRefusalAnswer>;

export const withRefusal = <S extends AnswerSchema>(answer: S) => z.union([answer, businessRefusalAnswer]);

/**
 * A downloaded file (responseType 'blob'). Checked by its shape, not `instanceof Blob`: a test's DOM and
 * its fetch may each bring their own Blob class.
 */
export const blobAnswer = z.custom<Blob>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).size === 'number' &&
    typeof (value as Blob).arrayBuffer === 'function',
  { message: 'Expected a file (Blob)' },
);
