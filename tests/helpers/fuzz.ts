// The bad-input probe of every /api route (spec §8: a 422 with field messages, or the route's 4xx, never a
// server error), shared by the tests/api/fuzz-*.test.ts files, one per caller so they run in parallel.
// Every route of the app's own route table, so routes added later are covered without editing anything,
// gets bad path params, queries and bodies. Body and query fields come from the shared request schemas: a
// body holds every known field with a plausible value (zod drops the fields a route does not read), then
// one class of fields is spoiled at a time, so the spoiled value gets past the other fields to the service
// and the database. The sample per route is drawn from a seeded generator: the same requests on every run.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { DEMO_PASSWORD } from '../../src/server/demo/seed.ts';
import { ERROR_CODES } from '../../src/shared/api/errors.ts';
import { MAX_JSON_DEPTH } from '../../src/server/http/validate.ts';
import type { TestContext } from './api.ts';

export const MAX_INT = 2_147_483_647;

// ---------------------------------------------------------------- the route table

interface Route {
  method: string;
  url: string;
}

/** The routes of `printRoutes()`: a tree whose lines add a path segment to their parent's path. */
export function routeTable(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (depth > 0 ? (paths[depth - 1] ?? '') : '') + (match[2] ?? '');
    paths[depth] = url;
    paths.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && url.startsWith('/api/')) routes.push({ method, url });
    }
  }
  return routes;
}

// ---------------------------------------------------------------- fields of the shared schemas

type Schema = z.ZodType;
interface ZodDef {
  type: string;
  format?: string;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  shape?: Record<string, Schema>;
}
const defOf = (schema: Schema) => (schema as unknown as { def: ZodDef }).def;

const UUID = '00000000-0000-4000-8000-000000000000';

/** A value the schema most likely accepts, so that spoiling a neighbour field reaches the route. */
function plausible(name: string, schema: Schema, depth = 0): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? plausible(name, def.innerType, depth) : null;
    case 'pipe':
      return def.in ? plausible(name, def.in, depth) : null;
    case 'union':
      return def.options?.[0] ? plausible(name, def.options[0], depth) : null;
    case 'object':
      return depth > 3 ? {} : objectSample(def.shape ?? {}, depth + 1);
    case 'array':
      return def.element ? [plausible(name, def.element, depth)] : [];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'boolean':
      return true;
    case 'number':
    case 'int':
      return 1;
    case 'string':
      if (def.format === 'uuid' || def.format === 'guid') return UUID;
      if (def.format === 'email') return 'fuzz@example.com';
      if (def.format === 'date') return '2030-01-01';
      if (def.format === 'datetime') return '2030-01-01T08:00:00.000Z';
      if (/phone/.test(name)) return '13800138000';
      if (/id_card|id_number/.test(name)) return '11010519491231002X';
      if (/date/.test(name)) return '2030-01-01';
      if (/_at$|time/.test(name)) return '2030-01-01T08:00:00.000Z';
      return '测试文本';
    default:
      return null;
  }
}

function objectSample(shape: Record<string, Schema>, depth: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, plausible(key, field, depth)]));
}

/** Every top-level field of every object schema exported from src/shared/<area>/schema.ts. */
export function sharedFields(): Record<string, unknown> {
  const modules = import.meta.glob<Record<string, unknown>>('../../src/shared/**/schema.ts', { eager: true });
  const fields: Record<string, unknown> = {};
  for (const module of Object.values(modules)) {
    for (const value of Object.values(module)) {
      const def = (value as { def?: ZodDef } | null)?.def;
      if (def?.type !== 'object' || !def.shape) continue;
      for (const [key, field] of Object.entries(def.shape)) fields[key] ??= plausible(key, field);
    }
  }
  return fields;
}

const isIdField = (name: string) => /(^|_)ids?$|Id$/.test(name);

// ---------------------------------------------------------------- bad values

const HUGE_TEXT = 'x'.repeat(100_000);
export const deepJson = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nested = (levels: number): unknown => (levels <= 1 ? ['x'] : [nested(levels - 1)]);

/** Path param values, URL-encoded as a client would put them in the path. */
const PARAM_VALUES = [
  '1',
  '0',
  '-1',
  '1.5',
  'abc',
  String(MAX_INT + 1),
  '99999999999',
  '1e400',
  '%00',
  'a%00b',
  '%E5%90%8D%F0%9F%98%80',
  '%ZZ',
  'x'.repeat(2000),
  UUID,
  '12345678901234567890',
  `SBX${'A'.repeat(24)}`,
];

/** Query values, URL-encoded. */
const QUERY_VALUES = [
  String(MAX_INT + 1),
  '99999999999',
  '-1',
  '0',
  '1.5',
  '1e400',
  'abc',
  '',
  '%00',
  '%E5%90%8D%F0%9F%98%80%ED%A0%80',
  'x'.repeat(5000),
  'true',
  '9999-12-31',
  '2030-02-30',
  "'%20or%201=1%20--",
];

/** JSON values for a single field. */
const JSON_VALUES: unknown[] = [
  MAX_INT + 1,
  99_999_999_999,
  -1,
  0,
  1.5,
  1e308,
  String(MAX_INT + 1),
  '99999999999',
  'abc',
  '',
  HUGE_TEXT,
  'a\u0000b',
  '名字😀\ud800',
  "' or 1=1 --",
  '9999-12-31T23:59:59.999Z',
  '2030-02-30',
  true,
  null,
  [],
  {},
  [MAX_INT + 1],
  { a: { b: 1 } },
];

// ---------------------------------------------------------------- request generation

interface Probe {
  label: string;
  options: InjectOptions;
}

function seededRandom(seedText: string) {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length)
    picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as T);
  return picked;
}

const fillParams = (url: string, value: string) => url.replace(/:\w+/g, value);

const queryString = (entries: [string, string][]) => entries.map(([k, v]) => `${k}=${v}`).join('&');

function probesFor(route: Route, fields: Record<string, unknown>, seed: string): Probe[] {
  const random = seededRandom(`${seed} ${route.method} ${route.url}`);
  const names = Object.keys(fields);
  const idNames = names.filter(isIdField);
  const numberNames = names.filter((n) => typeof fields[n] === 'number');
  const stringNames = names.filter((n) => typeof fields[n] === 'string');
  const probes: Probe[] = [];
  const url = fillParams(route.url, '1');
  const write = route.method !== 'GET';
  const json = (label: string, payload: unknown): Probe => ({
    label,
    options: {
      method: route.method as 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    },
  });

  // Path params: every bad value, the route's params all at once.
  if (route.url.includes(':')) {
    for (const value of PARAM_VALUES)
      probes.push({
        label: `params=${value.slice(0, 30)}`,
        options: {
          method: route.method as 'GET',
          url: fillParams(route.url, value),
          ...(write ? { payload: {} } : {}),
        },
      });
  }

  // Queries: plausible values for every field, then one class of fields spoiled.
  const plainQuery = names
    .filter((n) => ['number', 'string', 'boolean'].includes(typeof fields[n]))
    .map((n): [string, string] => [n, encodeURIComponent(String(fields[n]))]);
  const spoilQuery = (label: string, spoiled: string[], value: string): Probe => ({
    label: `query ${label}=${value.slice(0, 30)}`,
    options: {
      method: route.method as 'GET',
      url: `${url}?${queryString(plainQuery.map(([k, v]) => [k, spoiled.includes(k) ? value : v]))}`,
    },
  });
  probes.push({
    label: 'query plausible',
    options: { method: route.method as 'GET', url: `${url}?${queryString(plainQuery)}` },
  });
  for (const value of [String(MAX_INT + 1), '99999999999', ...sample(QUERY_VALUES, 2, random)])
    probes.push(spoilQuery('ids', idNames, value));
  for (const value of ['99999999999', ...sample(QUERY_VALUES, 2, random)])
    probes.push(spoilQuery('numbers', numberNames, value));
  for (const value of ['a%00b', ...sample(QUERY_VALUES, 2, random)])
    probes.push(spoilQuery('strings', stringNames, value));
  for (const name of sample(names, 4, random)) {
    const value = sample(QUERY_VALUES, 1, random)[0] ?? '';
    probes.push({
      label: `query ${name}=${value.slice(0, 30)}`,
      options: { method: route.method as 'GET', url: `${url}?${name}=${value}` },
    });
  }
  probes.push({
    label: 'query repeated keys',
    options: {
      method: route.method as 'GET',
      url: `${url}?${queryString(plainQuery.slice(0, 40).flatMap((e) => [e, e]))}`,
    },
  });

  if (!write) return probes;

  // Bodies: plausible values for every field, then one class of fields spoiled.
  const spoil = (spoiled: string[], value: unknown) =>
    Object.fromEntries(names.map((n) => [n, spoiled.includes(n) ? value : fields[n]]));
  probes.push(json('body plausible', fields));
  probes.push(json(`body ids=${MAX_INT + 1}`, spoil(idNames, MAX_INT + 1)));
  probes.push(json('body ids=99999999999', spoil(idNames, 99_999_999_999)));
  probes.push(json('body ids=[huge]', spoil(idNames, [MAX_INT + 1])));
  for (const value of [99_999_999_999, ...sample(JSON_VALUES, 3, random)])
    probes.push(json(`body numbers=${String(value).slice(0, 20)}`, spoil(numberNames, value)));
  for (const value of ['a\u0000b', HUGE_TEXT, '名字😀\ud800', ...sample(JSON_VALUES, 2, random)])
    probes.push(json(`body strings=${String(value).slice(0, 20)}`, spoil(stringNames, value)));
  for (const value of [nested(MAX_JSON_DEPTH - 2), nested(40), ...sample(JSON_VALUES, 2, random)])
    probes.push(json(`body all=${String(value).slice(0, 20)}`, spoil(names, value)));
  for (const name of sample(names, 6, random)) {
    const value = sample(JSON_VALUES, 1, random)[0];
    probes.push(json(`body {${name}: ${String(value).slice(0, 20)}}`, { [name]: value }));
  }
  const raw = (label: string, payload: string, contentType: string): Probe => ({
    label,
    options: { method: route.method as 'POST', url, payload, headers: { 'content-type': contentType } },
  });
  probes.push(raw('malformed JSON', '{"plan_id": 1,', 'application/json'));
  probes.push(raw('deep JSON', deepJson(5000), 'application/json'));
  probes.push(raw('deep object JSON', '{"a":'.repeat(3000) + '1' + '}'.repeat(3000), 'application/json'));
  probes.push(raw('JSON null', 'null', 'application/json'));
  probes.push(raw('JSON string', '"\\u0000"', 'application/json'));
  probes.push(raw('JSON array', '[1,2,3]', 'application/json'));
  probes.push(raw('JSON NUL key', '{"\\u0000":"\\u0000"}', 'application/json'));
  probes.push(raw('text body', 'hello', 'text/plain'));
  probes.push(raw('form body', 'plan_id=99999999999&name=%00', 'application/x-www-form-urlencoded'));
  probes.push(raw('xml body', '<a>1</a>', 'application/xml'));
  probes.push(
    raw(
      'multipart with NUL name',
      '--B\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--B--\r\n',
      'multipart/form-data; boundary=B',
    ),
  );
  probes.push(
    raw(
      'multipart cut short',
      '--B\r\nContent-Disposition: form-data; name="f"\r\n\r\nabc',
      'multipart/form-data; boundary=B',
    ),
  );
  probes.push(raw('multipart without boundary', 'abc', 'multipart/form-data'));
  probes.push(raw('JSON in UTF-16', '{"a":1}', 'application/json; charset=utf-16'));
  probes.push({ label: 'no body', options: { method: route.method as 'POST', url } });
  return probes;
}

// ---------------------------------------------------------------- the run

interface Failure {
  role: string;
  route: string;
  probe: string;
  status: number;
  body: string;
}

export interface FuzzAccount {
  username: string;
  userType: 'learners' | 'administrators';
}

/** The refusals of the auth preHandlers: a caller refused a route never reaches its input handling. */
const AUTH_REFUSALS: readonly number[] = [
  ERROR_CODES.unauthenticated,
  ERROR_CODES.forbiddenRole,
  ERROR_CODES.featureDisabled,
  ERROR_CODES.notGranted,
];

function refusedByAuth(res: { statusCode: number; body: string }): boolean {
  if (res.statusCode === 401) return true;
  if (res.statusCode !== 403) return false;
  try {
    return AUTH_REFUSALS.includes((JSON.parse(res.body) as { code?: number }).code ?? 0);
  } catch {
    return false;
  }
}

/**
 * Whether this run fuzzes the routes: once per gate, in the PostgreSQL stage. Both stages run the same
 * engine and the input checks run before any query, so a second pass on PGlite adds little, and it was the
 * longest file of its stage. `FUZZ=1 npm run test:api` fuzzes on PGlite.
 */
export const fuzzInThisRun = !!process.env.TEST_DATABASE_URL || process.env.FUZZ === '1';

/** Logs in and probes, on one test app. */
export function fuzzer(ctx: TestContext) {
  const routes = routeTable(ctx.app);
  const fields = sharedFields();
  let loginAddress = 0;
  let requests = 0;

  async function logIn(username: string, userType: FuzzAccount['userType']): Promise<string> {
    // A fresh address per login: the fuzzed login route may have used up 127.0.0.1's allowance.
    loginAddress += 1;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authorizations',
      remoteAddress: `10.200.${Math.floor(loginAddress / 250)}.${(loginAddress % 250) + 1}`,
      payload: { username, password: DEMO_PASSWORD, user_type: userType, captcha: '', key: '' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { access_token: string }).access_token;
  }

  /**
   * Every probe of every route as one caller. Path params are always probed; when the plain query is
   * refused by the auth preHandlers (401, or 403 not granted / wrong type / switched off), the caller never
   * reaches the route's input handling, so its query and body probes are left to the callers that do.
   */
  async function fuzzAs(role: string, account?: FuzzAccount) {
    let token = account ? await logIn(account.username, account.userType) : undefined;
    const failures: Failure[] = [];
    for (const route of routes) {
      for (const probe of probesFor(route, fields, role)) {
        const headers = {
          ...probe.options.headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          // The offline outbox sends its writes with a key, and the server stores their answers.
          ...(token && probe.options.method !== 'GET'
            ? { 'idempotency-key': `fuzz-${role}-${++requests}` }
            : {}),
        };
        const res = await ctx.app.inject({ ...probe.options, headers });
        if (res.statusCode >= 500)
          failures.push({
            role,
            route: `${route.method} ${route.url}`,
            probe: probe.label,
            status: res.statusCode,
            body: res.body.slice(0, 200),
          });
        if (probe.label === 'query plausible' && refusedByAuth(res)) break;
      }
      // A route may end the session (logging out): log in again so the next routes are still reached.
      if (account && token) {
        const me = await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/user/info',
          headers: { authorization: `Bearer ${token}` },
        });
        if (me.statusCode === 401) token = await logIn(account.username, account.userType);
      }
    }
    return failures;
  }

  return { routes, fields, logIn, fuzzAs };
}

export const describeFailures = (failures: Failure[]) =>
  failures.map((f) => `${f.status} ${f.role} ${f.route} [${f.probe}] ${f.body}`).join('\n');
