// Typing a handler's answer by its shared answer schema (shared/<area>/schema.ts), so the server and the
// client read one declaration. Types only: the value goes out exactly as before (fastify's own JSON
// serialisation, no parse); tests/api checks real answers against the same schemas.
import type { Answer, AnswerSchema } from '../../shared/api/answers.ts';

/**
 * `value`, checked by the compiler to be what `schema` declares. Use it where a handler returns or sends:
 * `return answer(siteListAnswer, await listSites(...))`, `reply.status(201).send(answer(siteAnswer, site))`.
 */
export function answer<S extends AnswerSchema>(_schema: S, value: Answer<S>): Answer<S> {
  return value;
}
