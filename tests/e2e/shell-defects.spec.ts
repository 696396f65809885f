// The shell on a phone and in the back office, as candidates and administrators met it: log-out from the
// user centre's phone header and from the portal's menu (candidates share phones), the back arrow of a
// page opened directly staying in the app, and a page the administrator's role is not granted answering
// "no permission" rather than "not found".
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/shared/api/constants.ts';
import { expect, loginWithToken, test } from './fixtures/index.ts';

const PHONE = { width: 390, height: 844 };

async function pathIs(page: Page, expected: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(expected);
}

async function learnerTokenKept(page: Page): Promise<boolean> {
  const cookies = await page.context().cookies();
  return cookies.some((cookie) => cookie.name === STORAGE_KEYS.learnerToken && cookie.value !== '');
}

test.describe('a learner on a phone', () => {
  test.use({ viewport: PHONE });

  test('logs out from the user centre header: asked first, cancel keeps the session', async ({ page }) => {
    await loginWithToken(page, 'learner');
    await expect(page.getByTestId('learner-mobile-header')).toBeVisible();
    await page.getByTestId('mobile-logout').click();
    await expect(page.getByText('确定要退出登录吗？')).toBeVisible();
    await page.getByTestId('logout-cancel').click();
    await expect(page.getByText('已取消操作')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/userCenter');
    expect(await learnerTokenKept(page)).toBe(true);

    await page.getByTestId('mobile-logout').click();
    await page.getByTestId('logout-confirm').click();
    await pathIs(page, '/login');
    expect(await learnerTokenKept(page)).toBe(false);
  });

  test("logs out from the portal's menu", async ({ page }) => {
    await loginWithToken(page, 'learner', '/');
    await page.getByTestId('portal-menu').click();
    await page.getByTestId('portal-menu-logout').click();
    await expect(page.getByText('确定要退出登录吗？')).toBeVisible();
    await page.getByTestId('logout-confirm').click();
    await pathIs(page, '/login');
    expect(await learnerTokenKept(page)).toBe(false);
  });

  test("the back arrow of a page opened directly goes to the page's parent in the app", async ({
    page,
    context,
  }) => {
    await loginWithToken(page, 'learner');

    // A fresh tab (its history: the blank page, then the sub-page), same session.
    const direct = await context.newPage();
    await direct.goto('/userCenter/myOrder');
    await expect(direct.getByTestId('mobile-title')).toHaveText('我的订单');
    await direct.getByTestId('mobile-back').click();
    await pathIs(direct, '/userCenter');
    await expect(direct.getByTestId('user-center-grid')).toBeVisible();

    // A detail page goes up to its list; the list's arrow then goes on up to the overview.
    const detail = await context.newPage();
    await detail.goto('/userCenter/myNotifyInfo?id=1');
    await expect(detail.getByTestId('learner-mobile-header')).toBeVisible();
    await detail.getByTestId('mobile-back').click();
    await pathIs(detail, '/userCenter/myNotify');
    await detail.getByTestId('mobile-back').click();
    await pathIs(detail, '/userCenter');
  });
});

test.describe('an administrator whose role does not grant a page', () => {
  test('the founder opening the review page sees "no permission"; an unknown path is "not found"', async ({
    page,
  }) => {
    await loginWithToken(page, 'founder', '/manage/examineManage/exam/plan');
    await expect(page.getByTestId('error-page-401')).toBeVisible();
    await expect(page.getByTestId('error-page-401')).toContainText('没有权限');
    await expect(page.getByTestId('error-page-404')).toHaveCount(0);
    await expect(page.getByTestId('breadcrumb')).toContainText('首页');
    await expect(page.getByTestId('breadcrumb')).toContainText('没有权限');
    await expect(page).toHaveTitle(/没有权限/);

    await page.goto('/manage/examineManage/no-such-page');
    await expect(page.getByTestId('error-page-404')).toBeVisible();
    await expect(page.getByTestId('breadcrumb')).toContainText('页面不存在');
  });
});
