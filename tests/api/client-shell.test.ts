// The app shell the server sends for a page (src/server/http/client-shell.ts): the page's chunks as
// modulepreload links and their stylesheets as deferred ones; on the home page its first banner preloaded, the
// answers of its public GETs as the API gives them and its banners painted by the built first paint; the SPA
// fallback's rules unchanged.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPaintModule, firstPaintStyles } from '../../src/shared/pwa/first-paint.ts';
import { ROUTE_PRELOADS_FILE } from '../../src/shared/pwa/route-preloads.ts';
import {
  FIRST_ANSWERS_ELEMENT_ID,
  FIRST_PAINT_MARKER,
  PORTAL_BANNERS_URL,
  PORTAL_HOME_URL,
  PORTAL_HOME_TESTS_QUERY,
  PORTAL_SKILL_TESTS_URL,
  LEARNER_INFO_GET,
  MY_SCORES_FIRST_GET,
  firstAnswerKey,
  type FirstGet,
} from '../../src/shared/pwa/first-answers.ts';
import { STORAGE_KEYS } from '../../src/shared/api/constants.ts';
import { withHints } from '../../src/server/http/client-shell.ts';
import type { ListResponse } from '../../src/shared/api/errors.ts';
import type { LearnerScore } from '../../src/shared/scores/schema.ts';
import { deferredStylesheetLinks } from '../../src/shared/pwa/deferred-stylesheet.ts';
import { createBanner, listBanners } from '../../src/server/plans/service.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';

const clientDir = `.tmp/shell-client-${process.pid}`;
const SHELL = `<!doctype html><html><head><title>shell</title></head><body><div id="root">${FIRST_PAINT_MARKER}</div></body></html>`;
const preloads = {
  '/': ['/assets/PortalPage-a1.js'],
  '/userCenter/achievementQuery': ['/assets/UserCenterArea-b2.js', '/assets/AchievementQueryPage-c3.js'],
  '/login': [
    '/assets/LoginPage-d4.js',
    'https://elsewhere.example/evil.js',
    '/assets/CaptchaField-f6.css',
    'https://elsewhere.example/evil.css',
  ],
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
const firstAnswers = (html: string): Record<string, unknown> | null => {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
};

describe('app shell', () => {
  it('names the home page chunks and preloads its first banner before </head>, painting nothing without a built first paint', async () => {
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
    // No hand-written markup: without the build's module (the dev server) #root holds the shell's bar only.
    const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('</body>'));
    expect(root).not.toContain('<img');
    expect(root).not.toContain('<style>');
  });

  it('sends the home page’s banners, skill tests and layout exactly as the API answers them', async () => {
    const res = await get('/');
    const answers = firstAnswers(res.body);
    const banners = await ctx.app.inject({ method: 'GET', url: `/api${PORTAL_BANNERS_URL}` });
    const tests = await ctx.app.inject({
      method: 'GET',
      url: `/api${PORTAL_SKILL_TESTS_URL}`,
      query: { page: '1', limit: String(PORTAL_HOME_TESTS_QUERY.limit) },
    });
    const layout = await ctx.app.inject({ method: 'GET', url: `/api${PORTAL_HOME_URL}` });
    expect(answers).toEqual({
      [firstAnswerKey(PORTAL_BANNERS_URL)]: banners.json(),
      [firstAnswerKey(PORTAL_SKILL_TESTS_URL, PORTAL_HOME_TESTS_QUERY)]: tests.json(),
      [firstAnswerKey(PORTAL_HOME_URL)]: layout.json(),
    });
    expect((tests.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('writes a banner title that closes the script as text, and only upload URLs as images', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    await createBanner(ctx.app.db, { title: evil, imageUrl: '/api/v1/uploads/x.png', sort: 999 });
    const res = await get('/');
    expect(res.body).not.toContain('<script>alert(1)');
    const answers = firstAnswers(res.body)!;
    const banners = answers[firstAnswerKey(PORTAL_BANNERS_URL)] as { data: { title: string }[] };
    expect(banners.data.map((b) => b.title)).toContain(evil);
    const hinted = withHints(SHELL, { modules: [], banner: 'https://elsewhere.example/x.png" onerror="x' });
    expect(hinted).toBe(SHELL);
  });

  it('names a deep link’s chunks whatever its query or trailing slash, and nothing for an unknown page', async () => {
    for (const url of ['/userCenter/achievementQuery', '/userCenter/achievementQuery/?page=2']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(modulePreloads(res.body)).toEqual(preloads['/userCenter/achievementQuery']);
      expect(res.body).not.toContain('as="image"');
      expect(firstAnswers(res.body)).toBeNull();
    }
    const other = await get('/manage/examinationAffairsManage/plan');
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(SHELL);
  });

  it('asks for the banner before the entry script and the build’s own preloads', () => {
    const built = SHELL.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/start-b2.js"></head>',
    );
    const html = withHints(built, {
      modules: ['/assets/PortalPage-a1.js'],
      banner: '/api/v1/uploads/banner-1.png',
    });
    const order = [
      '<link rel="preload" as="image" href="/api/v1/uploads/banner-1.png"',
      '<script type="module"',
      '/assets/start-b2.js',
      '/assets/PortalPage-a1.js',
      '</head>',
    ].map((text) => html.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('never names a script from elsewhere', async () => {
    const res = await get('/login');
    expect(modulePreloads(res.body)).toEqual(['/assets/LoginPage-d4.js']);
  });

  it('names a page’s own stylesheets as deferred ones the first render applies, and none from elsewhere', async () => {
    const res = await get('/login');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(deferredStylesheetLinks('/assets/CaptchaField-f6.css'));
    expect(res.body.match(/\.css"/g)).toHaveLength(2);
    expect(res.body).not.toContain('evil.css');
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

describe('the home page’s first paint', () => {
  const painted = (res: { body: string }) =>
    res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('</body>'));

  it('paints the banners’ first answer with the built module, in the visitor’s language and size', async () => {
    // A stand-in for the build's module (scripts/web/first-paint.ts builds the real one from the portal's
    // banner carousel; its rendering is tested in tests/unit/client/app/first-paint/portal.test.tsx): it
    // writes what it was given.
    const moduleFile = path.join(clientDir, firstPaintModule('portal'));
    fs.mkdirSync(path.dirname(moduleFile), { recursive: true });
    fs.writeFileSync(
      moduleFile,
      [
        'export const render = async (answer, { lang, size }) => {',
        "  if (size === 'small') throw new Error('render failed');",
        '  return `<div data-first-paint="portal" data-lang="${lang}" data-size="${size}">${JSON.stringify(answer).replace(/</g, "&lt;")}</div>`;',
        '};',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(clientDir, firstPaintStyles('portal')), '.m_7485cace{max-width:1px}');
    try {
      const banners = await ctx.app.inject({ method: 'GET', url: `/api${PORTAL_BANNERS_URL}` });
      const zh = await ctx.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      });
      expect(String(zh.headers.vary)).toContain('Accept-Language');
      // The same answer the page reads first, given to the page's own paint.
      expect(painted(zh)).toContain(
        `<style>.m_7485cace{max-width:1px}</style><div data-first-paint="portal" data-lang="zh" data-size="medium">${JSON.stringify(banners.json()).replace(/</g, '&lt;')}</div>`,
      );
      expect(firstAnswers(zh.body)![firstAnswerKey(PORTAL_BANNERS_URL)]).toEqual(banners.json());
      for (const [headers, lang, size] of [
        [{ cookie: `${STORAGE_KEYS.language}=es` }, 'es', 'medium'],
        [{ 'accept-language': 'ja', cookie: `${STORAGE_KEYS.size}=mini` }, 'ja', 'mini'],
        [{ 'accept-language': 'en-GB' }, 'en', 'medium'],
      ] as const) {
        const res = await ctx.app.inject({ method: 'GET', url: '/', headers });
        expect(painted(res)).toContain(`data-first-paint="portal" data-lang="${lang}" data-size="${size}"`);
      }
      // A paint that fails leaves the page as it is, with its answers.
      const failed = await ctx.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: `${STORAGE_KEYS.size}=small` },
      });
      expect(failed.statusCode).toBe(200);
      expect(painted(failed)).not.toContain('data-first-paint');
      expect(firstAnswers(failed.body)).not.toBeNull();
    } finally {
      fs.rmSync(moduleFile);
    }
  });
});

describe('a user-centre page opened with the learner’s session', () => {
  const open = (url: string, token?: string, headers: { cookie?: string; 'accept-language'?: string } = {}) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: {
        ...headers,
        cookie: `${headers.cookie ?? ''}${token ? `${STORAGE_KEYS.learnerToken}=${token}` : ''}`,
      },
    });
  const apiAnswer = async (get: FirstGet, token: string) => {
    const res = await request(ctx.app, {
      method: 'GET',
      url: `/api${firstAnswerKey(get.url, get.params)}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as unknown;
  };

  it('carries that learner’s user info and first page of scores, exactly as the API answers them', async () => {
    for (const username of ['learner', 'learner2']) {
      const token = await login(ctx.app, username, 'learners');
      const res = await open('/userCenter/achievementQuery', token);
      expect(res.statusCode).toBe(200);
      // Never stored by the browser or anything between.
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(String(res.headers.vary)).toContain('Cookie');
      expect(firstAnswers(res.body)).toEqual({
        [firstAnswerKey(LEARNER_INFO_GET.url, LEARNER_INFO_GET.params)]: await apiAnswer(
          LEARNER_INFO_GET,
          token,
        ),
        [firstAnswerKey(MY_SCORES_FIRST_GET.url, MY_SCORES_FIRST_GET.params)]: await apiAnswer(
          MY_SCORES_FIRST_GET,
          token,
        ),
      });
      const info = firstAnswers(res.body)![firstAnswerKey(LEARNER_INFO_GET.url, LEARNER_INFO_GET.params)];
      expect(JSON.stringify(info)).toContain(username);
    }
    const home = await open('/userCenter', await login(ctx.app, 'learner', 'learners'));
    expect(Object.keys(firstAnswers(home.body)!)).toEqual([
      firstAnswerKey(LEARNER_INFO_GET.url, LEARNER_INFO_GET.params),
    ]);
  });

  it('paints the scores page from its first answer with the built first paint, in the page’s language and size', async () => {
    // A stand-in for the build's module (scripts/web/first-paint.ts builds the real one; its rendering is
    // tested in tests/unit/client/app/first-paint): what it is given, and a stylesheet that tries to close
    // its <style>.
    const moduleFile = path.join(clientDir, firstPaintModule('scores'));
    fs.mkdirSync(path.dirname(moduleFile), { recursive: true });
    fs.writeFileSync(
      moduleFile,
      [
        'export const render = async (answer, { lang, size }) => {',
        "  if (size === 'small') throw new Error('render failed');",
        '  return Array.isArray(answer?.data)',
        '    ? `<div data-first-paint="scores" data-lang="${lang}" data-size="${size}" data-cards="${answer.data.length}"></div>`',
        "    : '';",
        '};',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(clientDir, firstPaintStyles('scores')),
      '.m_1{color:red}</style><script>alert(1)</script>',
    );
    const token = await login(ctx.app, 'learner', 'learners');
    const scores = (await apiAnswer(MY_SCORES_FIRST_GET, token)) as ListResponse<LearnerScore>;
    expect(scores.data.length).toBeGreaterThan(0);
    const painted = (res: { body: string }) =>
      res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('</body>'));
    const zh = await open('/userCenter/achievementQuery', token, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(painted(zh)).toContain(
      `<style>.m_1{color:red}<\\/style><script>alert(1)<\\/script></style><div data-first-paint="scores" data-lang="zh" data-size="medium" data-cards="${scores.data.length}"></div>`,
    );
    // The saved language wins over the browser's; the saved size is the page's.
    for (const [headers, lang, size] of [
      [{ cookie: `${STORAGE_KEYS.language}=ja; ` }, 'ja', 'medium'],
      [{ 'accept-language': 'en-US,zh;q=0.5', cookie: `${STORAGE_KEYS.size}=mini; ` }, 'en', 'mini'],
      [{ 'accept-language': 'zh-CN', cookie: `${STORAGE_KEYS.size}=huge; ` }, 'zh', 'medium'],
    ] as const) {
      const res = await open('/userCenter/achievementQuery', token, headers);
      expect(painted(res)).toContain(`data-lang="${lang}" data-size="${size}"`);
    }
    // A paint that fails, no session, another page, or no built first paint (the dev server): none, and
    // the page is sent as usual.
    const unpainted = async (url: string, with_token: string | undefined, headers = {}) => {
      const res = await open(url, with_token, headers);
      expect(res.statusCode).toBe(200);
      expect(painted(res)).not.toContain('data-first-paint');
      expect(painted(res)).not.toContain('<style>');
    };
    await unpainted('/userCenter/achievementQuery', token, { cookie: `${STORAGE_KEYS.size}=small; ` });
    await unpainted('/userCenter/achievementQuery', undefined);
    await unpainted('/userCenter', token);
    fs.rmSync(moduleFile);
    await unpainted('/userCenter/achievementQuery', token);
  });

  it('carries nothing without a valid learner session, or on any other page', async () => {
    const admin = await login(ctx.app, 'founder', 'administrators');
    const learner = await login(ctx.app, 'learner', 'learners');
    for (const [url, token] of [
      ['/userCenter/achievementQuery', undefined],
      ['/userCenter/achievementQuery', 'not-a-token-at-all-0000000000'],
      ['/userCenter/achievementQuery', 'bad token'],
      // An administrator's token is no learner session.
      ['/userCenter/achievementQuery', admin],
      ['/manage/examinationAffairsManage/plan', learner],
      ['/login', learner],
    ] as const) {
      const res = await open(url, token);
      expect(res.statusCode).toBe(200);
      expect(firstAnswers(res.body)).toBeNull();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
