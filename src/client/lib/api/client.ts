// The one HTTP client (spec §7, §8): base /api/, 20 s timeout, the token chosen by apiType, and the error
// catalogue mapped to toasts in exactly one place. redaxios has no timeout or signal option, so the
// request goes through a fetch wrapper that adds an AbortController (and reads the body, see below).
// Each call names its answer schema (shared/<area>/schema.ts): its type is the call's, and in development
// and tests the answer is checked against it (AnswerShapeError), so a server/client drift fails a test.
import redaxios, { type Options as RedaxiosOptions } from 'redaxios';
import { notifications } from '@mantine/notifications';
import { PASS_THROUGH_403_CODES } from '../../../shared/api/errors.ts';
import { FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey } from '../../../shared/pwa/first-answers.ts';
import { REQUEST_TIMEOUT_MS, TOAST_DURATION_MS } from '../../../shared/api/constants.ts';
import { t } from '../i18n/index.ts';
import { addErrorLog, errorLogEnabled } from '../state/error-log.ts';
import { language } from '../state/preferences.ts';
import { resetAllSessions, sessionForApiType, type ApiType } from '../state/session.ts';
import type { Answer, AnswerSchema } from '../../../shared/api/answers.ts';
import {
  AnswerShapeError,
  ApiError,
  NetworkError,
  TimeoutError,
  asErrorBody,
  errorMessageOf,
} from './errors.ts';

export type Params = Record<
  string,
  string | number | boolean | null | undefined | readonly (string | number)[]
>;

/**
 * The filters of a list call, from its shared query schema: every one optional, and null for a filter the
 * user cleared (params with null are left out of the query).
 */
export type ListFilters<Query> = { [K in Exclude<keyof Query, 'page' | 'limit'>]?: Query[K] | null };

export interface RequestOptions {
  params?: Params;
  /** Which session's token to send: 'administrators' -> admin, anything else -> learner (spec §7). */
  apiType?: ApiType;
  /** No toast (background polls); the error is still thrown and logged. */
  silent?: boolean;
  headers?: Record<string, string>;
  responseType?: 'json' | 'text' | 'blob' | 'arrayBuffer';
  /** Overrides the spec's 20 s (uploads). */
  timeoutMs?: number;
}

/** Side effects the client triggers, replaceable in tests. */
export const clientEffects = {
  reload: (): void => {
    if (typeof location !== 'undefined') location.reload();
  },
  toast: (message: string): void => {
    notifications.show({ color: 'red', message, autoClose: TOAST_DURATION_MS });
  },
};

function serializeParams(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  return search.toString();
}

function report(message: string, method: string, url: string, status?: number, silent?: boolean): void {
  if (!silent) clientEffects.toast(message);
  if (errorLogEnabled()) {
    addErrorLog({ message, stack: `${method.toUpperCase()} /api${url}${status ? ` -> ${status}` : ''}` });
  }
}

interface RedaxiosFailure {
  status: number;
  data: unknown;
}

function isHttpFailure(error: unknown): error is RedaxiosFailure {
  return (
    typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
  );
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * True in development and tests, where every answer is checked against its schema. A production build
 * folds this to false: it trusts the server and spends nothing on parsing.
 */
export function answersChecked(): boolean {
  return Boolean(import.meta.env.DEV) || import.meta.env.MODE === 'test';
}

/** Told apart from a body or options without importing zod here (it would join every page's first load). */
function isAnswerSchema(value: unknown): value is AnswerSchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

/**
 * The answer argument of a checked call: its schema, or null where a production build left the schema out
 * (scripts/web/answer-schemas.ts), so the schemas and zod stay out of the pages' chunks.
 */
export function isAnswerSlot(value: unknown): value is AnswerSchema | null {
  return value === null || isAnswerSchema(value);
}

/**
 * The answer as the server sent it, once it matches `schema` (when answers are checked). The JSON itself
 * is returned, not zod's parsed copy, so development sees exactly what production sees.
 */
function checkAnswer<S extends AnswerSchema>(
  method: Method,
  url: string,
  schema: S,
  value: unknown,
): Answer<S> {
  if (answersChecked()) {
    const result = schema.safeParse(value);
    if (!result.success) throw new AnswerShapeError(method, url, result.error.issues);
  }
  return value as Answer<S>;
}

async function request<T>(
  method: Method,
  url: string,
  data: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const session = sessionForApiType(options.apiType).value;
  // The interface language, so the server writes its own texts (notifications, order items, the ticket's
  // rules, lookup names) in it rather than in Chinese.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language.value,
    ...options.headers,
  };
  if (session.token) headers.Authorization = `${session.tokenType} ${session.token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  // The body is read here, inside the timeout: redaxios swallows a failed body read and would hand back
  // an "ok" answer without data (a connection cut mid-answer, a timeout during a slow transfer), which a
  // caller such as the navigation guard would take for an empty answer and end the session on.
  const fetchWithSignal: typeof fetch = async (input, init) => {
    const response = await globalThis.fetch(input, { ...init, signal: controller.signal });
    const body = await response.arrayBuffer();
    return new Response(body.byteLength > 0 ? body : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  try {
    const response = await redaxios<T>({
      url,
      method,
      data: data ?? undefined,
      baseURL: '/api',
      headers,
      params: options.params,
      paramsSerializer: (p: Params) => serializeParams(p),
      responseType: options.responseType ?? 'text',
      fetch: fetchWithSignal,
    } as RedaxiosOptions);
    return response.data;
  } catch (error) {
    if (isHttpFailure(error)) {
      const body = asErrorBody(error.data);
      if (
        error.status === 403 &&
        typeof body?.code === 'number' &&
        PASS_THROUGH_403_CODES.includes(body.code)
      ) {
        return body as T;
      }
      const message = errorMessageOf(error.status, body);
      report(message, method, url, error.status, options.silent);
      // A session the server no longer accepts: both are reset and the page reloads (spec §7). A request
      // sent without a token has no session to reset; its 401 only says "log in first", and reloading
      // would ask again for ever.
      if (error.status === 401 && session.token) {
        resetAllSessions();
        clientEffects.reload();
      }
      throw new ApiError(error.status, message, body);
    }
    if (timedOut) {
      const message = t('common.requestTimeout');
      report(message, method, url, undefined, options.silent);
      throw new TimeoutError(message);
    }
    const message = t('common.networkUnavailable');
    report(message, method, url, undefined, options.silent);
    throw new NetworkError(message);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GETs a page started before it rendered (its `preloadData`, called by the route preloader while the
 * page's chunks load): the page's identical GET, with the same session, takes the answer over instead
 * of asking again, so the data downloads while the page is still being built (issue 4). One use each;
 * an answer nobody took within EARLY_TTL_MS is dropped.
 */
export const EARLY_TTL_MS = 10_000;
const early = new Map<string, { answer: Promise<unknown>; expires: number }>();

/** The query as sent, its keys sorted: the same GET whatever the order of its params. */
function sortedQuery(params: Params = {}): string {
  const search = new URLSearchParams(serializeParams(params));
  search.sort();
  return search.toString();
}

/** The key of `GET url?params` among the answers written into the page (firstAnswerKey's form). */
function pageAnswerKey(url: string, params?: Params): string {
  const query = sortedQuery(params);
  return query ? `${url}?${query}` : url;
}

function earlyKey(url: string, options: RequestOptions = {}): string {
  const session = sessionForApiType(options.apiType).value;
  return JSON.stringify([session.token, url, sortedQuery(options.params), options.responseType]);
}

/**
 * Answers the server wrote into the page it sent (shared/pwa/first-answers.ts), for FIRST_ANSWERS_TTL_MS
 * after the navigation: a page opened later asks for fresh data.
 * - The portal's public GETs are read by its page while it first renders (a render React throws away and
 *   repeats reads them again), until the page, once shown, forgets them (firstAnswer).
 * - A GET the page makes (api.get) with an answer there resolves with it, once: the user centre's first
 *   GETs (the learner's user info, the scores page's first page).
 */
export const FIRST_ANSWERS_TTL_MS = 60_000;
let firstAnswers: Map<string, unknown> | undefined;

function firstAnswersOf(): Map<string, unknown> {
  if (firstAnswers) return firstAnswers;
  firstAnswers = new Map();
  const text =
    typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent;
  try {
    if (text)
      for (const [key, value] of Object.entries(JSON.parse(text) as object)) firstAnswers.set(key, value);
  } catch {
    // A damaged island: the page asks as usual.
  }
  return firstAnswers;
}

/** `key` as firstAnswerKey() builds it: the API path and its sorted query. */
function firstAnswerWaiting(key: string): boolean {
  return performance.now() < FIRST_ANSWERS_TTL_MS && firstAnswersOf().has(key);
}

type FirstAnswerParams = Readonly<Record<string, string | number>>;

/** The server's answer to `GET url?params` written into this page; undefined when there is none (left). */
export function firstAnswer<S extends AnswerSchema>(
  url: string,
  answer: S,
  params?: FirstAnswerParams,
): Answer<S> | undefined;
/** Unchecked form, for areas that do not declare their answer schemas yet: the caller's T is trusted. */
export function firstAnswer<T>(url: string, params?: FirstAnswerParams): T | undefined;
export function firstAnswer(
  url: string,
  answerOrParams?: AnswerSchema | FirstAnswerParams,
  maybeParams?: FirstAnswerParams,
): unknown {
  const checked = isAnswerSlot(answerOrParams);
  const schema = checked ? answerOrParams : null;
  const params = checked ? maybeParams : (answerOrParams as FirstAnswerParams | undefined);
  const key = firstAnswerKey(url, params);
  if (!firstAnswerWaiting(key)) return undefined;
  const value = firstAnswersOf().get(key);
  return schema ? checkAnswer('get', url, schema, value) : value;
}

/** Called by the page once it is shown with them: from now on its GETs ask the server. */
export function forgetFirstAnswers(): void {
  firstAnswers = new Map();
}

/** Reads the document's answers again (tests). */
export function resetFirstAnswers(): void {
  firstAnswers = undefined;
}

/**
 * Starts `GET url` now for a page about to render; a no-op while the same GET is already waiting, or when
 * the server wrote its answer into the page (same path and query).
 */
export function getEarly(url: string, options?: RequestOptions): void {
  if (firstAnswerWaiting(pageAnswerKey(url, options?.params))) return;
  const now = Date.now();
  for (const [stale, entry] of early) if (entry.expires <= now) early.delete(stale);
  const key = earlyKey(url, options);
  if (early.has(key)) return;
  const answer = request('get', url, undefined, options);
  // The page that takes it over sees the failure (already reported once, by request()).
  answer.catch(() => undefined);
  early.set(key, { answer, expires: now + EARLY_TTL_MS });
}

/** The answer written into the page for `GET url?params`, handed out once (a learner's own data). */
function takeFirstAnswer(url: string, params?: Params): unknown {
  const key = pageAnswerKey(url, params);
  if (!firstAnswerWaiting(key)) return undefined;
  const answer = firstAnswersOf().get(key);
  firstAnswersOf().delete(key);
  return answer;
}

function getUnchecked(url: string, options?: RequestOptions): Promise<unknown> {
  // The server answered it in the page (a user-centre page's first GETs): no round trip.
  const first = takeFirstAnswer(url, options?.params);
  if (first !== undefined) return Promise.resolve(first);
  // Most GETs have nothing waiting: no key to build.
  if (early.size === 0) return request('get', url, undefined, options);
  const key = earlyKey(url, options);
  const waiting = early.get(key);
  if (waiting) {
    early.delete(key);
    if (waiting.expires > Date.now()) return waiting.answer;
  }
  return request('get', url, undefined, options);
}

/** `GET url`, typed and (in development and tests) checked by its answer schema. */
function get<S extends AnswerSchema>(url: string, answer: S, options?: RequestOptions): Promise<Answer<S>>;
/** Unchecked form, for areas that do not declare their answer schemas yet: the caller's T is trusted. */
function get<T>(url: string, options?: RequestOptions): Promise<T>;
async function get(
  url: string,
  answerOrOptions?: AnswerSchema | RequestOptions,
  maybeOptions?: RequestOptions,
): Promise<unknown> {
  if (!isAnswerSlot(answerOrOptions)) return getUnchecked(url, answerOrOptions);
  const value = await getUnchecked(url, maybeOptions);
  return answerOrOptions ? checkAnswer('get', url, answerOrOptions, value) : value;
}

/** A write (`POST`/`PUT`/`PATCH`/`DELETE url` with an optional body), typed by its answer schema. */
interface Write {
  <S extends AnswerSchema>(
    url: string,
    answer: S,
    data?: unknown,
    options?: RequestOptions,
  ): Promise<Answer<S>>;
  /** Unchecked form, for areas that do not declare their answer schemas yet: the caller's T is trusted. */
  <T>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
}

export type WriteMethod = Exclude<Method, 'get'>;

/** A write's answer, checked by `answer` when there is one (a production build passes null). */
async function checkedWrite(
  method: WriteMethod,
  url: string,
  answer: AnswerSchema | null,
  data: unknown,
  options: RequestOptions | undefined,
): Promise<unknown> {
  const value = await request(method, url, data, options);
  return answer ? checkAnswer(method, url, answer, value) : value;
}

function write(method: WriteMethod): Write {
  return (async (url: string, ...rest: unknown[]): Promise<unknown> => {
    const [first, second, third] = rest;
    if (!isAnswerSlot(first)) return request(method, url, first, second as RequestOptions | undefined);
    return checkedWrite(method, url, first, second, third as RequestOptions | undefined);
  }) as Write;
}

/** A write whose method is data (the offline outbox's stored writes), typed and checked by its answer. */
function send<S extends AnswerSchema>(
  method: WriteMethod,
  url: string,
  answer: S,
  data?: unknown,
  options?: RequestOptions,
): Promise<Answer<S>>;
/** A write whose answer nobody reads (a replayed write): its answer is unknown. */
function send(
  method: WriteMethod,
  url: string,
  answer: null,
  data?: unknown,
  options?: RequestOptions,
): Promise<unknown>;
function send(
  method: WriteMethod,
  url: string,
  answer: AnswerSchema | null,
  data?: unknown,
  options?: RequestOptions,
): Promise<unknown> {
  return checkedWrite(method, url, answer, data, options);
}

export const api = {
  get,
  delete: write('delete'),
  post: write('post'),
  put: write('put'),
  patch: write('patch'),
  send,
};
