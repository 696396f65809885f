// Builds the real app over a private database for one API test file, plus helpers to log in as the
// demo accounts (CAPTCHA is off in tests, as PRODUCT.md §5 allows outside production).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { DEMO_PASSWORD } from '../../src/server/demo/seed.ts';
import { openTestDatabase } from './test-db.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** `beforeReady` may add routes of its own (a test's throwaway route) before the app starts. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    DATA_DIR: `.tmp/api-data-${process.pid}`,
    CLIENT_DIR: '.tmp/no-client',
    ...env,
  });
  const app = await buildApp({ config, database });
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
