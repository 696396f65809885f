// Takes the README screenshot (docs/screenshot.png) from the running app: starts the server over a fresh
// database with the demo data, logs in as the demo learner and captures the user centre.
// Needs a build (`npx vite build`). Usage: npx tsx scripts/screenshot.ts [path] [out.png]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { STORAGE_KEYS } from '../src/shared/api/constants.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/fixtures/chromium.ts';
import { startServer } from './bench/server.ts';

const target = process.argv[2] ?? '/userCenter';
const out = path.resolve(process.argv[3] ?? 'docs/screenshot.png');

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({
    viewport: { width: 1200, height: 720 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const res = await page.request.post(`${server.url}/api/v1/authorizations`, {
    data: { username: 'learner', password: 'Demo@2026', user_type: 'learners', captcha: '', key: '' },
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  const { hostname } = new URL(server.url);
  await context.addCookies([
    { name: STORAGE_KEYS.learnerToken, value: token, domain: hostname, path: '/' },
    { name: STORAGE_KEYS.learnerTokenType, value: 'Bearer', domain: hostname, path: '/' },
    { name: STORAGE_KEYS.language, value: 'zh', domain: hostname, path: '/' },
  ]);
  await page.goto(`${server.url}${target}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await page.screenshot({ path: out });
  console.log(
    `Saved ${path.relative(process.cwd(), out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KB) of ${target}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
