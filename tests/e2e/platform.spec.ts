// The platform as one server: the API and the built PWA on one origin, with the cache, security and
// compression headers the app relies on, and both sides' logins working in a real browser.
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, bearer, expect, loginAs, loginWithToken, test } from './fixtures/index.ts';

/** The hashed entry script of the built index.html, e.g. /assets/index-AbC123.js. */
async function entryScript(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/')).text();
  const src = /<script[^>]+type="module"[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, 'index.html references a hashed entry script').toBeTruthy();
  return src!;
}

test.describe('serving', () => {
  test('GET /api/health answers ok with the database kind', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(typeof body.version).toBe('string');
  });

  test('an unknown /api path is a JSON 404, never the app shell', async ({ request }) => {
    const res = await request.get('/api/v1/no-such-endpoint');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(((await res.json()) as { message?: string }).message).toBeTruthy();
  });

  test('a deep client route gets the app shell with no-cache', async ({ request }) => {
    const res = await request.get('/userCenter/myOrder');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    expect(res.headers()['cache-control']).toContain('no-cache');
    expect(await res.text()).toContain('<div id="root">');
    const root = await request.get('/');
    expect(root.headers()['cache-control']).toContain('no-cache');
  });

  test('the home page shows its banners with the HTML, drawn by the page’s own carousel where the page then draws it', async ({
    page,
  }) => {
    // Every largest-paint candidate of a load: 'painted' for an element of the HTML's paint, else its tag.
    await page.addInitScript(() => {
      const w = window as unknown as { largestPaints: string[] };
      w.largestPaints = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
          w.largestPaints.push(
            entry.element?.closest('[data-first-paint]') ? 'painted' : (entry.element?.tagName ?? ''),
          );
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const box = (element: ReturnType<typeof page.locator>) =>
      element.evaluate((el) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        return { x, y, width, height, src: el.getAttribute('src') };
      });
    // A phone, then a desktop.
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      // No script at all: what the HTML itself shows (issue 4: first paint on weak networks).
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/');
      const paint = page.locator('[data-first-paint="portal"]');
      const paintedImage = paint.getByTestId('banner-carousel').locator('img').first();
      await expect(paintedImage).toBeVisible();
      await expect(paintedImage).toHaveJSProperty('complete', true);
      // The carousel's own markup: the shown slide, and the others hidden.
      await expect(
        paint.locator('[aria-roledescription="carousel"] button[aria-hidden="false"]'),
      ).toHaveCount(1);
      const painted = await box(paintedImage);
      await page.unroute('**/assets/*.js');

      // With the scripts: the page's carousel shows the same banner in the same place.
      await page.reload();
      await expect(page.getByTestId('portal-page')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[data-first-paint]')).toHaveCount(0);
      const drawnImage = page.getByTestId('banner-carousel').locator('img').first();
      await expect(drawnImage).toBeVisible();
      const drawn = await box(drawnImage);
      expect(drawn.src).toBe(painted.src);
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(drawn[side] - painted[side]), `${side} at ${viewport.width}px`).toBeLessThan(1);
      const largest = await page.evaluate(
        () => (window as unknown as { largestPaints: string[] }).largestPaints,
      );
      expect(largest.at(-1)).toBe('painted');
    }
  });

  test('hashed assets are immutable; a missing asset is a 404 and not HTML', async ({ request }) => {
    const asset = await request.get(await entryScript(request));
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toContain('immutable');
    expect(asset.headers()['content-type']).toContain('javascript');

    const missing = await request.get('/assets/nope.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type'] ?? '').not.toContain('text/html');
    expect(await missing.text()).not.toContain('<div id="root">');
  });

  test('JavaScript is served compressed', async ({ request }) => {
    const script = await entryScript(request);
    for (const encoding of ['br', 'gzip']) {
      const res = await request.get(script, { headers: { 'accept-encoding': encoding } });
      expect(res.status()).toBe(200);
      expect(res.headers()['content-encoding'], `Accept-Encoding: ${encoding}`).toBe(encoding);
    }
  });

  test('security headers, including a Content-Security-Policy', async ({ request }) => {
    const res = await request.get('/');
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
  });

  test('the app renders under its CSP with no violations or console errors', async ({
    page,
    browserProblems,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
      );
    });
    for (const path of ['/', '/login', '/manage/login']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect(violations, `CSP violations on ${path}`).toEqual([]);
    }
    expect(browserProblems).toEqual([]);
  });
});

test.describe('logins', () => {
  test('learner logs in through /login and lands on /userCenter', async ({ page, browserProblems }) => {
    await loginAs(page, 'learner');
    await expect(page).toHaveURL(/\/userCenter/);
    expect(browserProblems.filter((p) => p.kind !== 'console')).toEqual([]);
  });

  test('founder logs in through /manage/login and lands on /manage/index', async ({
    page,
    browserProblems,
  }) => {
    await loginAs(page, 'founder');
    await expect(page).toHaveURL(/\/manage\/index/);
    expect(browserProblems.filter((p) => p.kind !== 'console')).toEqual([]);
  });

  test('a session stored by token survives a reload of a user-centre page', async ({ page }) => {
    await loginWithToken(page, 'learner2', '/userCenter');
    await page.reload();
    await expect(page).toHaveURL(/\/userCenter/);
  });

  test('API tokens of the two sides are independent', async ({ request }) => {
    const learner = await apiLogin(request, 'learner');
    const founder = await apiLogin(request, 'founder');
    const me = await request.get('/api/v1/user/info?apiType=learners', { headers: bearer(learner) });
    expect(me.status()).toBe(200);
    const admin = await request.get('/api/v1/user/info?apiType=administrators', { headers: bearer(founder) });
    expect(admin.status()).toBe(200);
    expect(((await admin.json()) as { administrator_type?: string }).administrator_type).toBe('founder');
    const refused = await request.get('/api/v1/user/menus', { headers: bearer(learner) });
    expect([401, 403]).toContain(refused.status());
  });
});
