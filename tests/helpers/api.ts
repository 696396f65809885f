// Builds the real app over a private database for one API test file, plus helpers to log in as the
// demo accounts (CAPTCHA is off in tests, as PRODUCT.md §5 allows outside production).
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { systemLogs } from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/server/demo/seed.ts';
import { openTestDatabase } from './test-db.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * `beforeReady` may add routes of its own (a test's throwaway route) before the app starts; `runJobs: false`
 * leaves background jobs to the test (`runDueJobs`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  { runJobs = true }: { runJobs?: boolean } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    DATA_DIR: `.tmp/api-data-${process.pid}`,
    CLIENT_DIR: '.tmp/no-client',
    ...env,
  });
  const app = await buildApp({ config, database, runJobs });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type Json = Record<string, unknown>;

export async function request(
  app: FastifyInstance,
  options: InjectOptions & { token?: string },
): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

export async function login(
  app: FastifyInstance,
  username: string,
  userType: 'learners' | 'administrators',
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/authorizations',
    payload: { username, password, user_type: userType, captcha: '', key: '' },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

/** One bad call: what to send, the fields its 422 must name, or another refusal status it must get. */
export type RejectedCall = InjectOptions & { token?: string; fields?: readonly string[]; status?: number };

/** Every row of the tables, in a stable order, to compare before and after. */
async function snapshot(app: FastifyInstance, tables: readonly PgTable[]): Promise<string[][]> {
  const all: string[][] = [];
  for (const table of tables) {
    const rows = await app.db.select().from(table);
    all.push(rows.map((row) => JSON.stringify(row)).sort());
  }
  return all;
}

/**
 * Sends each bad call and expects it refused (422 with a message for each named field, or the status
 * given), then expects the tables and the system log exactly as before them: no row added, changed or
 * removed. Answers the responses for further checks.
 */
export async function expectRejectedWithoutWrite(
  app: FastifyInstance,
  { calls, tables }: { calls: readonly RejectedCall[]; tables: readonly PgTable[] },
): Promise<LightMyRequestResponse[]> {
  const watched = [...tables, systemLogs];
  const before = await snapshot(app, watched);
  const responses: LightMyRequestResponse[] = [];
  for (const [index, { fields, status = 422, ...options }] of calls.entries()) {
    const res = await request(app, options);
    const what = `call ${index} ${String(options.method)} ${String(options.url)}`.slice(0, 120);
    expect(res.statusCode, what).toBe(status);
    if (fields !== undefined) {
      const errors = (res.json() as { errors?: Record<string, unknown> }).errors ?? {};
      for (const field of fields) {
        expect(errors[field], `${what}: ${field} in ${res.body.slice(0, 200)}`).toEqual(
          expect.arrayContaining([expect.any(String)]),
        );
      }
    }
    responses.push(res);
  }
  expect(await snapshot(app, watched), 'nothing written').toEqual(before);
  return responses;
}
