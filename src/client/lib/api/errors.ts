// Typed failures of the API layer (STYLE.md: the client turns responses into typed errors). The toast is
// already shown by the client when one of these is thrown; callers only decide what to do next.
import { PASS_THROUGH_403_CODES, type ErrorBody } from '../../../shared/api/errors.ts';

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  constructor(status: number, message: string, body: ErrorBody | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** Field errors of a 422 answer (field -> messages), empty otherwise. */
  get fieldErrors(): Record<string, string[]> {
    return this.status === 422 && this.body?.errors ? this.body.errors : {};
  }
}

/** The request never got an answer (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** No answer within the spec's 20 s. */
export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** A 403 business refusal the page handles itself (403002 profile incomplete, 403003 outside window). */
export interface BusinessRefusal extends ErrorBody {
  code: number;
}

export function isBusinessRefusal(value: unknown): value is BusinessRefusal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    PASS_THROUGH_403_CODES.includes((value as { code: number }).code) &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

export function asErrorBody(data: unknown): ErrorBody | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const message = (data as { message?: unknown }).message;
  return { ...(data as object), message: typeof message === 'string' ? message : '' } as ErrorBody;
}

/**
 * The toast text of spec §8: for 422 the first message of each field joined, else the response message,
 * else 'Error'.
 */
export function errorMessageOf(status: number, body: ErrorBody | null): string {
  if (status === 422 && body?.errors && typeof body.errors === 'object') {
    const firsts = Object.values(body.errors)
      .map((messages) =>
        Array.isArray(messages) ? messages[0] : typeof messages === 'string' ? messages : undefined,
      )
      .filter((m): m is string => typeof m === 'string' && m.length > 0);
    if (firsts.length > 0) return firsts.join('；');
  }
  return body?.message || 'Error';
}

/** One way an answer differs from its schema: where (a path into the JSON) and what zod found. */
export interface AnswerShapeIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * An answer that does not match the endpoint's answer schema (shared/<area>/schema.ts): the server and
 * the client have drifted apart. Thrown in development and tests only; production does not check.
 */
export class AnswerShapeError extends Error {
  readonly method: string;
  readonly url: string;
  readonly issues: readonly AnswerShapeIssue[];
  constructor(method: string, url: string, issues: readonly AnswerShapeIssue[]) {
    const where = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`)
      .join('; ');
    super(`${method.toUpperCase()} /api${url} answered outside its schema: ${where}`);
    this.name = 'AnswerShapeError';
    this.method = method;
    this.url = url;
    this.issues = issues;
  }
}
