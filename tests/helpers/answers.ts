// Reads an API answer through its shared answer schema (shared/<area>/schema.ts), so a server answer that
// drifts from what the client is typed and checked against fails the API test that made the request.
import type { LightMyRequestResponse } from 'fastify';
import type { Answer, AnswerSchema } from '../../src/shared/api/answers.ts';
import { z } from '../../src/shared/api/zod.ts';

/** The answer's body, typed by `schema` and failing the test when it does not match (204: ''). */
export function answerOf<S extends AnswerSchema>(schema: S, response: LightMyRequestResponse): Answer<S> {
  const body: unknown = response.body === '' ? '' : response.json();
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${response.statusCode} answer outside its schema:\n${z.prettifyError(result.error)}\n${response.body.slice(0, 500)}`,
    );
  }
  return body as Answer<S>;
}
