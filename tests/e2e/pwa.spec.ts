// Installable PWA, offline shell, weak networks and the update cycle (issue 4), against the built app on
// the real server. This file runs its own server (port E2E_PORT + 60) whose CLIENT_DIR is a folder the
// test controls, so it can deploy build A, then build B (a "second build" with another BUILD_VERSION)
// on the same origin while a page with A's service worker is open.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import { API_CACHE, CACHE_USER_PARAM, userCacheId } from '../../src/shared/pwa/offline.ts';
import { apiLogin, bearer, expect, loginAs, loginWithToken, test, waitForWorker } from './fixtures/index.ts';

const run = promisify(execFile);

const PWA_PORT = Number(process.env.E2E_PORT ?? 8190) + 60;
const BASE = `http://127.0.0.1:${PWA_PORT}`;
// Outside the repository's dot-folders: the static file server refuses paths with a dot-segment.
const ROOT = path.join(os.tmpdir(), `skills-pwa-e2e-${PWA_PORT}`);
const CLIENT_DIR = path.join(ROOT, 'client');
const BUILD_A = path.join(ROOT, 'build-a');
const BUILD_B = path.join(ROOT, 'build-b');
const STAMP = Date.now().toString(36);
let VERSION_A = `V1.0.0-e2e-a-${STAMP}`;
let VERSION_B = `V1.0.1-e2e-b-${STAMP}`;
/** Local iteration only: PWA_E2E_REUSE_BUILDS=1 reuses the two builds of the previous run. */
const REUSE_BUILDS = process.env.PWA_E2E_REUSE_BUILDS === '1' && !process.env.CI;

let server: ChildProcess | null = null;
let serverLog = '';

async function buildClient(outDir: string, version: string): Promise<void> {
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, BUILD_VERSION: version },
    maxBuffer: 64 * 1024 * 1024,
  });
  const written = JSON.parse(fs.readFileSync(path.join(outDir, 'version.json'), 'utf8')) as {
    version: string;
  };
  if (written.version !== version) throw new Error(`build ${outDir} wrote version ${written.version}`);
}

/** Replaces what the server serves, as a deployment does (old hashed files are gone afterwards). */
function deploy(from: string): void {
  fs.mkdirSync(CLIENT_DIR, { recursive: true });
  for (const entry of fs.readdirSync(CLIENT_DIR))
    fs.rmSync(path.join(CLIENT_DIR, entry), { recursive: true, force: true });
  fs.cpSync(from, CLIENT_DIR, { recursive: true });
}

async function startServer(): Promise<void> {
  const dataDir = path.join(ROOT, 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PWA_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'on',
      CAPTCHA: 'off',
      CLIENT_DIR,
      NODE_ENV: 'test',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  server.stderr?.on('data', (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`PWA test server exited: ${serverLog}`);
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`PWA test server did not start: ${serverLog}`);
}

function stopServer(): void {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM'); // the process group we created (npx -> tsx -> node)
    } catch {
      server.kill('SIGTERM');
    }
  }
  server = null;
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  fs.mkdirSync(ROOT, { recursive: true });
  const versionOf = (dir: string) =>
    (JSON.parse(fs.readFileSync(path.join(dir, 'version.json'), 'utf8')) as { version: string }).version;
  if (
    REUSE_BUILDS &&
    fs.existsSync(path.join(BUILD_A, 'version.json')) &&
    fs.existsSync(path.join(BUILD_B, 'version.json'))
  ) {
    VERSION_A = versionOf(BUILD_A);
    VERSION_B = versionOf(BUILD_B);
  } else {
    await buildClient(BUILD_A, VERSION_A);
    await buildClient(BUILD_B, VERSION_B);
  }
  deploy(BUILD_A);
  await startServer();
});

test.afterAll(() => {
  stopServer();
});

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies(BASE)).find((c) => c.name === name)?.value;
}

function pngSize(buffer: Buffer): { width: number; height: number } {
  expect(buffer.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

test('installable (manifest, icons, meta tags, activated worker); offline, / and /login open from the device', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  expect(html).toContain('rel="apple-touch-icon"');
  expect(html).toContain('name="apple-mobile-web-app-capable"');

  const manifestResponse = await request.get('/manifest.webmanifest');
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['cache-control']).toContain('no-cache');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    lang: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: '技能人才评价服务管理平台',
    display: 'standalone',
    theme_color: '#3e56ec',
    lang: 'zh-CN',
    start_url: '/',
  });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  for (const [size, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['192x192', 'maskable'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
    expect(icon, `${purpose} icon ${size}`).toBeTruthy();
    const image = await request.get(icon!.src);
    expect(image.status()).toBe(200);
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`).toBe(size);
  }
  expect(pngSize(await (await request.get('/apple-touch-icon.png')).body())).toEqual({
    width: 180,
    height: 180,
  });

  for (const file of ['/sw.js', '/version.json', '/']) {
    expect((await request.get(file)).headers()['cache-control'], file).toContain('no-cache');
  }

  await page.goto('/login');
  await waitForWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Chromium's own verdict; Playwright contexts are incognito-like, which Chromium reports as such.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  // First visit: the version is stored, and no update is offered.
  await expect.poll(() => cookie(page.context(), 'version')).toBe(VERSION_A);
  await expect(page.getByTestId('pwa-update-prompt')).toHaveCount(0);

  // Offline, logged out: the public shell opens from the device.
  await page.context().setOffline(true);
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByTestId('portal-page').or(page.getByTestId('portal-header')).first()).toBeVisible();
  await page.goto('/login');
  await expect(page.getByTestId('login-username')).toBeVisible();
  await page.goto('/courseDetail?id=1');
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('offline, logged in: /userCenter and /manage/index open from the device with cached menus, lookups and summary, marked offline', async ({
  page,
  context,
}) => {
  await loginAs(page, 'learner');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await waitForWorker(page);
  // The first worker took control during the first visit; one more online visit passes every request
  // of the shell through it (user info, menus, lookups).
  await page.goto('/userCenter');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await expect(page.getByTestId('stale-badge')).toHaveCount(0);
  await page.goto('/userCenter/userInfo');
  await page.getByTestId('profile-ethnic_group_id').click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await loginAs(page, 'founder');
  await expect(page.getByTestId('sidebar-menu')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const menuText = (await page.getByTestId('sidebar-menu').innerText()).trim();
  expect(menuText.length).toBeGreaterThan(0);

  // Logged in on both sides, offline.
  await context.setOffline(true);
  try {
    await page.goto('/userCenter');
    await expect(page.getByTestId('user-center-home')).toBeVisible();
    await expect(page.getByTestId('profile-completeness')).toBeVisible();
    const badge = page.getByTestId('stale-badge');
    await expect(badge).toHaveAttribute('data-state', 'offline');
    await expect(badge).toContainText(/离线数据|Offline data/);

    // Lookups from IndexedDB: the profile's selects still have their options.
    await page.goto('/userCenter/userInfo');
    await page.getByTestId('profile-ethnic_group_id').click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/manage/index');
    await expect(page.getByTestId('manage-layout')).toBeVisible();
    await expect(page.getByTestId('sidebar-menu')).toBeVisible();
    expect((await page.getByTestId('sidebar-menu').innerText()).trim()).toBe(menuText);

    // A missing asset is never answered with the HTML shell.
    const missing = await page.evaluate(async () => {
      try {
        const res = await fetch('/assets/no-such-chunk.js');
        return { status: res.status, type: res.headers.get('content-type') ?? '' };
      } catch {
        return { status: 0, type: '' };
      }
    });
    expect(missing.type).not.toContain('text/html');
  } finally {
    await context.setOffline(false);
  }
});

test("logout, then learner2: nothing of learner's cached data is visible, online or offline", async ({
  page,
  context,
  request,
}) => {
  const learnerToken = await apiLogin(request, 'learner');
  const learnerInfo = (await (
    await request.get('/api/v1/user/info', { headers: bearer(learnerToken) })
  ).json()) as { real_name: string; username: string };
  const learner2Token = await apiLogin(request, 'learner2');
  const learner2Info = (await (
    await request.get('/api/v1/user/info', { headers: bearer(learner2Token) })
  ).json()) as { real_name: string };
  expect(learnerInfo.real_name).not.toBe(learner2Info.real_name);

  await loginAs(page, 'learner');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await waitForWorker(page);
  await page.goto('/userCenter');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await expect(page.getByTestId('user-center-name')).toContainText(learnerInfo.real_name);

  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  await loginAs(page, 'learner2');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await page.goto('/userCenter');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await expect(page.getByTestId('user-center-name')).toContainText(learner2Info.real_name);

  /** Everything the device keeps for offline use, as text. */
  const deviceData = () =>
    page.evaluate(async () => {
      const texts: string[] = [];
      for (const name of await caches.keys()) {
        if (name.includes('precache')) continue;
        const cache = await caches.open(name);
        for (const req of await cache.keys())
          texts.push(req.url, await ((await cache.match(req))?.text() ?? Promise.resolve('')));
      }
      const idb = await new Promise<string[]>((resolve) => {
        const open = indexedDB.open('skills-platform-learnerCache');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('learnerCache')) return resolve([]);
          const all = db.transaction('learnerCache').objectStore('learnerCache').getAll();
          all.onsuccess = () => resolve(all.result.map((v) => JSON.stringify(v)));
          all.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      });
      return [...texts, ...idb].join('\n');
    });
  await expect
    .poll(async () => (await deviceData()).includes(learnerInfo.real_name), { timeout: 10_000 })
    .toBe(false);
  expect(await deviceData()).toContain(learner2Info.real_name);

  await context.setOffline(true);
  try {
    await page.goto('/userCenter');
    await expect(page.getByTestId('user-center-name')).toContainText(learner2Info.real_name);
    await expect(page.getByTestId('stale-badge')).toHaveAttribute('data-state', 'offline');
    expect(await page.locator('body').innerText()).not.toContain(learnerInfo.real_name);
    await page.goto('/userCenter/userInfo');
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForTimeout(1_000);
    expect(await page.locator('body').innerText()).not.toContain(learnerInfo.real_name);
  } finally {
    await context.setOffline(false);
  }
});

test("an answer still on its way when a learner's session ends is not kept by the service worker", async ({
  page,
  context,
}) => {
  const token = await loginWithToken(page, 'learner', '/userCenter');
  await waitForWorker(page);
  const auth = `Bearer ${token}`;
  const user = await userCacheId(auth);
  const held = `/api/v1/user/info?apiType=learners&held=${STAMP}`;
  const later = `/api/v1/user/info?apiType=learners&later=${STAMP}`;
  /** The worker's cached API answers of this user whose URL contains `marker`. */
  const cachedFor = (marker: string) =>
    page.evaluate(
      async ({ cacheName, param, user, marker }) => {
        const cache = await caches.open(cacheName);
        return (await cache.keys())
          .map((request) => new URL(request.url))
          .filter((url) => url.searchParams.get(param) === user && url.href.includes(marker)).length;
      },
      { cacheName: API_CACHE, param: CACHE_USER_PARAM, user, marker },
    );

  // The network holds the answer back until the session has ended.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atServer = new Promise<void>((resolve) => (reached = resolve));
  await context.route(`**${held}`, async (route) => {
    reached();
    await released;
    await route.continue();
  });
  const answered = page.evaluate(
    ({ url, auth }) => fetch(url, { headers: { Authorization: auth } }).then((res) => res.status),
    { url: held, auth },
  );
  await atServer;

  // What the page sends when this session ends (logout, 401, another login): forget this user's answers.
  const cleared = await page.evaluate(
    (user) =>
      new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller!.postMessage({ type: 'CLEAR_USER_CACHES', user }, [channel.port2]);
      }),
    user,
  );
  expect(cleared).toMatchObject({ removed: expect.any(Number) });
  release();
  expect(await answered).toBe(200);

  // A request made after the clear is kept as usual; by the time it is, the held one was written or refused.
  expect(
    await page.evaluate(
      ({ url, auth }) => fetch(url, { headers: { Authorization: auth } }).then((res) => res.status),
      { url: later, auth },
    ),
  ).toBe(200);
  await expect.poll(() => cachedFor(`later=${STAMP}`)).toBe(1);
  expect(await cachedFor(`held=${STAMP}`)).toBe(0);
});

test('weak network (400 kbps, 400 ms RTT): the learner summary shows from the device at once, then updates', async ({
  page,
}) => {
  await loginAs(page, 'learner');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await waitForWorker(page);
  await page.goto('/userCenter');
  const home = page.locator('[data-testid="user-center-home"][data-summary-fetched-at]');
  await expect(home).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('stale-badge')).toHaveCount(0);
  const firstFetch = Number(await home.getAttribute('data-summary-fetched-at'));

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  // Every state the summary is drawn in, as the page commits it: the stored copy shows for about one
  // round trip only, too briefly for polling to be sure to see it.
  await page.addInitScript(() => {
    const seen: { at: number; badge: string | null; fetchedAt: string | null }[] = [];
    (window as unknown as { summaryStates: typeof seen }).summaryStates = seen;
    const record = () => {
      const home = document.querySelector('[data-testid="user-center-home"]');
      if (!home) return;
      const state = {
        at: Math.round(performance.now()),
        badge: document.querySelector('[data-testid="stale-badge"]')?.getAttribute('data-state') ?? null,
        fetchedAt: home.getAttribute('data-summary-fetched-at'),
      };
      const last = seen.at(-1);
      if (!last || last.badge !== state.badge || last.fetchedAt !== state.fetchedAt) seen.push(state);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.reload();
  // The network answer replaces the stored copy in the end...
  await expect(page.getByTestId('stale-badge')).toHaveCount(0, { timeout: 30_000 });
  await expect(home).not.toHaveAttribute('data-summary-fetched-at', String(firstFetch), { timeout: 30_000 });
  const freshFetch = Number(await home.getAttribute('data-summary-fetched-at'));
  expect(freshFetch).toBeGreaterThan(firstFetch);
  // ...and before it, the stored copy showed, marked as being refreshed, with its original fetch time.
  const states = await page.evaluate(
    () =>
      (
        window as unknown as {
          summaryStates: { at: number; badge: string | null; fetchedAt: string | null }[];
        }
      ).summaryStates,
  );
  const cached = states.find((s) => s.badge === 'refreshing' && s.fetchedAt === String(firstFetch));
  const fresh = states.find((s) => s.badge === null && s.fetchedAt === String(freshFetch));
  expect(cached, JSON.stringify(states)).toBeDefined();
  expect(fresh, JSON.stringify(states)).toBeDefined();
  expect(cached!.at).toBeLessThan(fresh!.at);
  console.log(`weak network: cached summary after ${cached!.at} ms, fresh after ${fresh!.at} ms`);
});

test('a profile edit made offline is kept on the device and sent when the network returns', async ({
  page,
  context,
  request,
}) => {
  const token = await apiLogin(request, 'learner');
  const serverIntroduction = async () =>
    (
      (await (await request.get('/api/v1/learner/info', { headers: bearer(token) })).json()) as {
        introduction?: string | null;
      }
    ).introduction ?? '';
  const text = `离线时填写的个人简介 ${STAMP}`;

  await loginAs(page, 'learner');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await waitForWorker(page);
  await page.goto('/userCenter/userInfo');
  await expect(page.getByTestId('profile-real_name')).not.toHaveValue('');
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  try {
    await page.getByTestId('profile-introduction').fill(text);
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('profile-queued')).toBeVisible();
    expect(await serverIntroduction()).not.toBe(text);
  } finally {
    await context.setOffline(false);
  }
  // The `online` event replays the outbox; the server applies the write once.
  await expect.poll(serverIntroduction, { timeout: 30_000 }).toBe(text);
  // The device drops the entry once the answer is back, which can be a moment after the server applied it.
  const pending = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('skills-platform-outbox');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('outbox')) return resolve(0);
            const count = db.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => resolve(-1);
          };
          open.onerror = () => resolve(-1);
        }),
    );
  await expect.poll(pending, { timeout: 10_000 }).toBe(0);
});

test('a second build: the running page detects it, offers the reload, and runs the new version after confirming', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await waitForWorker(page);
  await expect.poll(() => cookie(context, 'version')).toBe(VERSION_A);
  expect(await page.evaluate(() => document.documentElement.dataset.appVersion)).toBe(VERSION_A);
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('pwa-update-prompt')).toHaveCount(0);

  deploy(BUILD_B);
  try {
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    // The tab becoming visible again triggers an update check (as does the interval and `online`).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const prompt = page.getByTestId('pwa-update-prompt');
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toHaveAttribute('data-version', VERSION_B);
    expect(await cookie(context, 'version')).toBe(VERSION_B);
    // The login form is on screen: nothing reloads without the user's word.
    await page.waitForTimeout(1_500);
    expect(navigations).toBe(0);

    await page.getByTestId('pwa-update-reload').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.appVersion).catch(() => ''), {
        timeout: 20_000,
      })
      .toBe(VERSION_B);
    await page.waitForTimeout(2_000);
    expect(navigations, 'reloaded exactly once').toBe(1);
    const served = await page.evaluate(
      async () =>
        ((await (await fetch('/version.json', { cache: 'no-store' })).json()) as { version: string }).version,
    );
    expect(served).toBe(VERSION_B);
    const workerVersion = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve((event.data as { version: string }).version);
          navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
        }),
    );
    expect(workerVersion).toBe(VERSION_B);
    await expect(page.getByTestId('pwa-update-prompt')).toHaveCount(0);
  } finally {
    deploy(BUILD_A);
  }
});

test('a learner on a page without a form is moved to the new version at once, without a prompt', async ({
  page,
}) => {
  await loginAs(page, 'learner');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();
  await waitForWorker(page);
  expect(await page.evaluate(() => document.documentElement.dataset.appVersion)).toBe(VERSION_A);
  expect(await page.locator('form').count()).toBe(0);

  deploy(BUILD_B);
  try {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.appVersion).catch(() => ''), {
        timeout: 30_000,
      })
      .toBe(VERSION_B);
    await expect(page.getByTestId('user-center-home')).toBeVisible();
    await expect(page.getByTestId('pwa-update-prompt')).toHaveCount(0);
  } finally {
    deploy(BUILD_A);
  }
});
