// The app shell the server sends for a page (src/server/http/client-shell.ts): the page's chunks as
// modulepreload links, the first banner preloaded on the home page, the SPA fallback's rules unchanged.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE } from '../../src/shared/pwa/route-preloads.ts';
import { listBanners } from '../../src/server/exam-plans/service.ts';
import { createTestApp, type TestContext } from '../helpers/api.ts';

const clientDir = `.tmp/shell-client-${process.pid}`;
const SHELL =
  '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';
const preloads = {
  '/': ['/assets/PortalPage-a1.js'],
  '/userCenter/achievementQuery': ['/assets/UserCenterArea-b2.js', '/assets/AchievementQueryPage-c3.js'],
  '/login': ['/assets/LoginPage-d4.js', 'https://elsewhere.example/evil.js'],
};

let ctx: TestContext;
beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-e5.js'), 'export {};');
  fs.writeFileSync(path.join(clientDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  ctx = await createTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('app shell', () => {
  it('names the home page chunks and preloads its first banner before </head>', async () => {
    const [first] = await listBanners(ctx.app.db);
    expect(first?.image_url).toMatch(/^\/api\/v1\/uploads\//);
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(modulePreloads(res.body)).toEqual(preloads['/']);
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="${first!.image_url}" fetchpriority="high">`,
    );
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('names a deep link’s chunks whatever its query or trailing slash, and nothing for an unknown page', async () => {
    for (const url of ['/userCenter/achievementQuery', '/userCenter/achievementQuery/?page=2']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(modulePreloads(res.body)).toEqual(preloads['/userCenter/achievementQuery']);
      expect(res.body).not.toContain('as="image"');
    }
    const other = await get('/manage/examinationAffairsManage/plan');
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(SHELL);
  });

  it('never names a script from elsewhere', async () => {
    const res = await get('/login');
    expect(modulePreloads(res.body)).toEqual(['/assets/LoginPage-d4.js']);
  });

  it('keeps the fallback rules: assets are files or 404s, unknown API paths JSON 404s', async () => {
    expect((await get('/assets/app-e5.js')).statusCode).toBe(200);
    const missing = await get('/assets/gone-f6.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/plain');
    const api = await get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('serves a new build at once', async () => {
    const next = SHELL.replace('shell', 'next build');
    fs.writeFileSync(path.join(clientDir, 'index.html'), next);
    // A later modification time, as a real rebuild has.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(clientDir, 'index.html'), later, later);
    expect((await get('/enroll')).body).toBe(next);
  });
});
