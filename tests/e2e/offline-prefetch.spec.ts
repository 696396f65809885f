// Offline user centre against the built app on the real server (PRODUCT.md §4): after signing in and
// opening only /userCenter, every user-centre page opens offline with the learner's data, because the
// learner's lists are fetched in idle time into the device's stores; and the "fetched at" mark of data
// shown offline reads China time on a device set to another zone, as the page's other times do.
import type { APIRequestContext, Page } from '@playwright/test';
import { API_CACHE } from '../../src/shared/pwa/offline.ts';
import { apiLogin, bearer, expect, loginAs, test, waitForWorker } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';

const FIRST_PAGE = 'page=1&limit=20';
/** The keys the user-centre pages store their first page under (learner-cache.ts: `<learner>|<key>`). */
const PAGE_KEYS = [
  'learner-summary',
  'enrollments:1:20',
  'orders:1:20',
  'admission-tickets:1:20',
  'exam-scores:1:20',
  'learner-profile',
];

interface ListAnswer<T> {
  data: T[];
}

/** What the server holds for the learner: each page must show it offline. */
async function learnerData(request: APIRequestContext) {
  const headers = bearer(await apiLogin(request, 'learner'));
  const get = async <T>(path: string): Promise<T> => {
    const res = await request.get(`/api${path}`, { headers });
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  return {
    enrollments: await get<ListAnswer<{ id: number }>>(`/v1/enrollments?${FIRST_PAGE}`),
    orders: await get<ListAnswer<{ order_no: string }>>(`/v1/finance/pay/user/list?${FIRST_PAGE}`),
    tickets: await get<ListAnswer<unknown>>(
      `/v0/user/occupational-skill-tests/admissionDownload?${FIRST_PAGE}`,
    ),
    scores: await get<ListAnswer<unknown>>(`/v0/user/occupational-skill-tests/examScores?${FIRST_PAGE}`),
    inbox: await get<ListAnswer<{ title: string }>>(`/v1/notifications?${FIRST_PAGE}`),
    profile: await get<{ real_name: string }>('/v1/learner/info'),
  };
}

/** What the device holds for offline use: the learner store's keys and the worker's API answers. */
function deviceStores(page: Page) {
  return page.evaluate(async (apiCache) => {
    const idbKeys = await new Promise<string[]>((resolve) => {
      const open = indexedDB.open('skills-platform-learnerCache');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('learnerCache')) return resolve([]);
        const keys = db.transaction('learnerCache').objectStore('learnerCache').getAllKeys();
        keys.onsuccess = () => resolve(keys.result.map(String));
        keys.onerror = () => resolve([]);
      };
      open.onerror = () => resolve([]);
    });
    const cached = (await caches.has(apiCache))
      ? (await (await caches.open(apiCache)).keys()).map((request) => request.url)
      : [];
    return { idbKeys, cached };
  }, API_CACHE);
}

test('after visiting only /userCenter online, every user-centre page opens offline with its data', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(journeyTimeout(12));
  const expected = await learnerData(request);

  await loginAs(page, 'learner');
  await waitForWorker(page);
  // The worker took control during the first visit; the next start sends everything through it.
  await page.goto('/userCenter');
  await expect(page.locator('[data-testid="user-center-home"][data-summary-fetched-at]')).toBeVisible();

  // The lists arrive in idle time: wait until the device holds each page's first page.
  await expect
    .poll(
      async () => {
        const { idbKeys, cached } = await deviceStores(page);
        const missing = PAGE_KEYS.filter((key) => !idbKeys.some((stored) => stored.endsWith(`|${key}`)));
        const inbox = cached.some((url) => /\/api\/v1\/notifications\?(?=.*page=1)(?=.*limit=20)/.test(url));
        return inbox ? missing : [...missing, 'notifications'];
      },
      { timeout: journeyTimeout(2), intervals: [500] },
    )
    .toEqual([]);

  await context.setOffline(true);
  try {
    const open = async (path: string, testId: string) => {
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible();
    };
    const noFailure = async () => {
      // The page has settled on its data (or its empty note) before the text is read.
      await expect(page.locator('body')).not.toContainText('加载失败');
    };

    await open('/userCenter/myEnrollLists', 'my-enroll-lists-page');
    const enrollment = expected.enrollments.data[0];
    await expect(
      enrollment
        ? page.getByTestId(`enrollment-${enrollment.id}`)
        : page.getByTestId('my-enroll-lists-empty'),
    ).toBeVisible();
    await noFailure();

    await open('/userCenter/myOrder', 'my-order-page');
    const order = expected.orders.data[0];
    if (order) await expect(page.getByText(order.order_no).first()).toBeVisible();
    else await expect(page.getByTestId('orders-error')).toHaveCount(0);
    await noFailure();

    await open('/userCenter/admissionDown', 'admission-down-page');
    await expect(
      page.getByTestId(expected.tickets.data.length > 0 ? 'ticket-card' : 'tickets-empty').first(),
    ).toBeVisible();
    await noFailure();

    await open('/userCenter/achievementQuery', 'achievement-query-page');
    await expect(
      page.getByTestId(expected.scores.data.length > 0 ? 'score-card' : 'scores-empty').first(),
    ).toBeVisible();
    await noFailure();

    await open('/userCenter/myNotify', 'my-notify-page');
    const message = expected.inbox.data[0];
    if (message) await expect(page.getByTestId('notify-item').first()).toContainText(message.title);
    else await expect(page.getByTestId('notify-empty')).toBeVisible();
    await noFailure();

    await open('/userCenter/userInfo', 'profile-page');
    await expect(page.getByTestId('profile-real_name')).toHaveValue(expected.profile.real_name);
    await noFailure();
  } finally {
    await context.setOffline(false);
  }
});

test.describe('a device set to UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('the offline mark shows when the data was fetched in China time, as the page does', async ({
    page,
    context,
  }) => {
    test.setTimeout(journeyTimeout(6));
    await loginAs(page, 'learner');
    await waitForWorker(page);
    await page.goto('/userCenter');
    const home = page.locator('[data-testid="user-center-home"][data-summary-fetched-at]');
    await expect(home).toBeVisible();
    // The device really is on UTC.
    expect(await page.evaluate(() => new Date().getTimezoneOffset())).toBe(0);

    await context.setOffline(true);
    try {
      await page.goto('/userCenter');
      const badge = page.getByTestId('stale-badge');
      await expect(badge).toHaveAttribute('data-state', 'offline');
      const fetchedAt = Number(await badge.getAttribute('data-fetched-at'));
      expect(fetchedAt).toBeGreaterThan(0);
      const china = new Date(fetchedAt + 8 * 3600_000).toISOString().slice(11, 16);
      const device = new Date(fetchedAt).toISOString().slice(11, 16);
      expect(china).not.toBe(device);
      await expect(badge).toContainText(`更新于 ${china}`);
    } finally {
      await context.setOffline(false);
    }
  });
});
