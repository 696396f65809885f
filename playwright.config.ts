// Browser tests against the built app served by the real server (src/server/main.ts) over a fresh
// embedded database with the demo data. Uses Debian's Chromium: browsers are never downloaded here.
// `npx vite build` must have run first (scripts/test.sh does it).
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/fixtures/chromium.ts';
import { journeyTimeout, STEP_CEILING_MS } from './tests/e2e/fixtures/timing.ts';

const CI = !!process.env.CI;
const E2E_PORT = Number(process.env.E2E_PORT ?? 8190);
const DATA_DIR = path.resolve('.tmp', `e2e-data-${E2E_PORT}`);

const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Per port, so two runs on different ports (E2E_PORT) in one working tree never wipe each other's output.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A short test (a login, a page, a check); longer journeys set their own budget from their steps.
  timeout: journeyTimeout(3),
  // A ceiling for polling what the page shows, sized for a loaded machine (fixtures/timing.ts).
  expect: { timeout: STEP_CEILING_MS },
  reporter: [['list'], ['./tests/e2e/fixtures/summary-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Recording a trace costs about a third of the stage's time (shell + manage-chrome: 197 s with a trace
    // of every test, 123 s without). The gate records one only when a failed test runs again.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: '**/*.alone.spec.ts',
      use: CHROMIUM,
    },
    {
      // Tests that change what every other test sees (a whole system switched off) run after all the
      // others, with nothing beside them.
      name: 'alone',
      testMatch: '**/*.alone.spec.ts',
      dependencies: ['chromium'],
      use: CHROMIUM,
    },
  ],
  webServer: {
    // A fresh data dir every run: the demo dataset is loaded into the new embedded database.
    command: `rm -rf '${DATA_DIR}' && mkdir -p '${path.dirname(DATA_DIR)}' && exec npx tsx src/server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: !CI && process.env.E2E_REUSE === '1',
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO: 'on',
      CAPTCHA: 'off',
      CLIENT_DIR: process.env.CLIENT_OUT_DIR ?? 'dist/client',
      NODE_ENV: 'test',
      DATABASE_URL: '',
    },
  },
});
