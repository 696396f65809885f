// The back-office chrome in a real browser against the real server (spec §2 "Back office" and "Layout
// extras", §4 visited views, §6 roles): header tabs per administrator type, the college's step entries,
// visited-view tabs and their survival across a reload, pinyin route search, and the global size and
// theme colour surviving a reload.
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/shared/api/constants.ts';
import { expect, loginWithToken, test } from './fixtures/index.ts';

const EA = '/manage/examinationAffairsManage';

// Several of these walk through many full page loads; give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openManage(page: Page, username: 'founder' | 'manager' | 'college', path = '/manage/index') {
  await loginWithToken(page, username, path);
  // The first load on a busy machine may take a while (user info, menus, lazy chunks).
  await expect(page.getByTestId('manage-layout')).toBeVisible({ timeout: 30_000 });
}

const tabs = (page: Page) => page.getByTestId('system-tabs').getByRole('tab');
const tags = (page: Page) => page.getByTestId('tags-view').getByTestId('tag');

/** Waits until the open tabs are stored: a full page load before that would drop the newest tab. */
async function tabsStored(page: Page) {
  await expect(page.getByTestId('tags-view')).toHaveAttribute('data-saved', 'true');
}

/** Opens a page by its address (a full load) and waits until its tab is the active one and stored. */
async function visit(page: Page, path: string, title: string) {
  await tabsStored(page);
  await page.goto(path);
  await expect(tags(page).filter({ hasText: title })).toHaveAttribute('aria-selected', 'true');
  await tabsStored(page);
}

test.describe('header tabs and sidebar', () => {
  test('founder sees the six system tabs; the sidebar follows the chosen tab', async ({ page }) => {
    await openManage(page, 'founder');
    await expect(tabs(page)).toHaveText(['首页', '考务管理', '培训管理', '数据统计', '内容管理', '系统设置']);
    await expect(page.getByTestId('sidebar')).toHaveCSS('width', '210px');

    await page.getByTestId('system-tab-1').click();
    await page.waitForURL((url) => url.pathname === `${EA}/plan/index`);
    await expect(page.getByTestId('system-tab-1')).toHaveAttribute('aria-selected', 'true');
    const sidebar = page.getByTestId('sidebar-menu');
    await expect(sidebar.getByTestId('sidebar-item-ExamPlanManage')).toBeVisible();
    await expect(sidebar.getByTestId('sidebar-item-QuestionBank')).toBeVisible();
    await expect(sidebar.getByTestId('sidebar-item-ExamPlanStepExam')).toHaveCount(0);
    // Pages of other systems are not in this sidebar.
    await expect(sidebar.getByTestId('sidebar-item-Students')).toHaveCount(0);
    await expect(page.getByTestId('breadcrumb')).toContainText('计划管理');

    await page.getByTestId('system-tab-5').click();
    await page.waitForURL((url) => url.pathname === '/manage/settingManage/feedbacks');
    await expect(sidebar.getByTestId('sidebar-item-SystemLog')).toBeVisible();
  });

  test('college sees four tabs and the exam registration, ticket and scoring steps', async ({ page }) => {
    await openManage(page, 'college');
    await expect(tabs(page)).toHaveText(['首页', '考务管理', '培训管理', '数据统计']);

    await page.getByTestId('system-tab-1').click();
    await page.waitForURL((url) => url.pathname === `${EA}/plan/index` && url.search === '?step=exam');
    const sidebar = page.getByTestId('sidebar-menu');
    await expect(sidebar.getByTestId('sidebar-item-ExamPlanStepExam')).toHaveText('考试报名');
    await expect(sidebar.getByTestId('sidebar-item-ExamPlanStepTicket')).toHaveText('准考证');
    await expect(sidebar.getByTestId('sidebar-item-ExamPlanStepScoring')).toHaveText('成绩及证书查询');
    await expect(sidebar.getByTestId('sidebar-item-ExamPlanManage')).toHaveCount(0);
    await expect(sidebar.getByTestId('sidebar-item-QuestionBank')).toHaveCount(0);
    await expect(sidebar.getByTestId('sidebar-item-ExamPlanStepExam')).toHaveAttribute(
      'aria-current',
      'page',
    );

    await sidebar.getByTestId('sidebar-item-ExamPlanStepTicket').click();
    await page.waitForURL((url) => url.search === '?step=ticket');
    await expect(sidebar.getByTestId('sidebar-item-ExamPlanStepTicket')).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a switched-off system tab says 暂未开放 and does not navigate', async ({ page }) => {
    // Switch the statistics tab off in the server's answer, as the functional-module settings would.
    await page.route('**/api/v1/administrator/sidebars?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { tabs: { index: number; enabled: boolean }[] };
      for (const tab of body.tabs) if (tab.index === 3) tab.enabled = false;
      await route.fulfill({ response, json: body });
    });
    await openManage(page, 'manager');
    const statistics = page.getByTestId('system-tab-3');
    await expect(statistics).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled makes Playwright wait for an enabled element; a user can still click it.
    await statistics.click({ force: true });
    await expect(page.getByText('暂未开放')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/manage/index');
    await expect(page.getByTestId('system-tab-0')).toHaveAttribute('aria-selected', 'true');
  });

  test('the chrome follows the language without a reload', async ({ page }) => {
    await openManage(page, 'founder', `${EA}/room/index`);
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-option-en').click();
    await expect(tabs(page)).toHaveText([
      'Home',
      'Exam Affairs',
      'Training',
      'Statistics',
      'Content',
      'Settings',
    ]);
    await expect(page.getByTestId('sidebar-item-ExamRoom')).toHaveText('Exam rooms');
    await expect(page.getByTestId('breadcrumb')).toHaveText(/Home\s*\/\s*Exam rooms/);
    await expect(tags(page)).toHaveText(['Home', 'Exam rooms']);
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-option-ja').click();
    await expect(page.getByTestId('system-tab-1')).toHaveText('試験管理');
  });

  test('log-out asks first, then ends the admin session', async ({ page }) => {
    await openManage(page, 'founder');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page.getByTestId('logout-dialog')).toContainText('确定要退出登录吗？');
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL((url) => url.pathname === '/manage/login');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === STORAGE_KEYS.adminToken && c.value !== '')).toBeUndefined();
  });

  test('the sidebar toggles between full width and icons only, and the state survives a reload', async ({
    page,
  }) => {
    await openManage(page, 'founder');
    const sidebar = page.getByTestId('sidebar');
    await page.getByTestId('sidebar-toggle').click();
    await expect(sidebar).toHaveAttribute('data-opened', 'false');
    await expect(sidebar).toHaveCSS('width', '64px');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-opened', 'false');
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar')).toHaveCSS('width', '210px');
  });

  test('below 992 px the sidebar is closed and opens as a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openManage(page, 'founder');
    await expect(page.getByTestId('manage-layout')).toHaveAttribute('data-device', 'mobile');
    await expect(page.getByTestId('sidebar-menu')).toBeHidden();
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar-menu')).toBeVisible();
    await page.getByTestId('sidebar-item-Home').click();
    await expect(page.getByTestId('sidebar-menu')).toBeHidden();
  });

  test('the home page shows the server figures', async ({ page }) => {
    await openManage(page, 'founder');
    for (const key of ['candidates', 'open_plans', 'pending_reviews', 'todays_exams']) {
      await expect(page.getByTestId(`figure-${key}-value`)).toHaveText(/^\d[\d,]*$/);
    }
  });
});

test.describe('visited-view tabs', () => {
  test('add without duplicates, close, close others, close all keeping home, and survive a reload', async ({
    page,
  }) => {
    // Seven full page loads of the back office: on a loaded two-core CI machine this takes ~30 s.
    test.slow();
    await openManage(page, 'founder');
    await expect(tags(page)).toHaveText(['首页']);

    await visit(page, `${EA}/room/index`, '考场管理');
    await visit(page, `${EA}/personnel/index`, '考务人员');
    // In-app navigation to an open page selects its tab instead of adding another.
    await page.getByTestId('sidebar-item-ExamRoom').click();
    await expect(tags(page)).toHaveText(['首页', '考场管理', '考务人员']);
    await expect(tags(page).filter({ hasText: '考场管理' })).toHaveAttribute('aria-selected', 'true');

    // A query-only change updates the existing tab.
    await visit(page, `${EA}/room/index?page=2`, '考场管理');
    await expect(tags(page)).toHaveCount(3);
    await expect(tags(page).filter({ hasText: '考场管理' })).toHaveAttribute(
      'href',
      `${EA}/room/index?page=2`,
    );

    // Survives a reload (the complaint about the original).
    await tabsStored(page);
    await page.reload();
    await expect(tags(page)).toHaveText(['首页', '考场管理', '考务人员']);

    // Close the active tab: the last remaining one opens.
    await tags(page).filter({ hasText: '考场管理' }).getByTestId('tag-close').click();
    await expect(tags(page)).toHaveText(['首页', '考务人员']);
    await page.waitForURL((url) => url.pathname === `${EA}/personnel/index`);
    // Home is affixed: no close button.
    await expect(tags(page).filter({ hasText: '首页' }).getByTestId('tag-close')).toHaveCount(0);

    await visit(page, '/manage/settingManage/systemLog', '系统日志');
    await page.getByTestId('sidebar-item-Organization').click();
    await expect(tags(page)).toHaveText(['首页', '考务人员', '系统日志', '组织机构']);

    // Right-click: close others.
    await tags(page).filter({ hasText: '系统日志' }).click({ button: 'right' });
    await page.getByTestId('tag-menu-close-others').click();
    await expect(tags(page)).toHaveText(['首页', '系统日志']);
    await page.waitForURL((url) => url.pathname === '/manage/settingManage/systemLog');

    // Right-click: close all keeps the affixed home tab and goes there.
    await tags(page).filter({ hasText: '系统日志' }).click({ button: 'right' });
    await page.getByTestId('tag-menu-close-all').click();
    await expect(tags(page)).toHaveText(['首页']);
    await page.waitForURL((url) => url.pathname === '/manage/index');

    await tabsStored(page);
    await page.reload();
    await expect(tags(page)).toHaveText(['首页']);
  });

  test('refresh re-renders the page through /redirect and keeps the query', async ({ page }) => {
    await openManage(page, 'founder', `${EA}/room/index?page=3`);
    await tags(page).filter({ hasText: '考场管理' }).click({ button: 'right' });
    await page.getByTestId('tag-menu-refresh').click();
    await page.waitForURL((url) => url.pathname === `${EA}/room/index` && url.search === '?page=3');
    await expect(tags(page)).toHaveText(['首页', '考场管理']);
  });
});

test.describe('route search', () => {
  test("pinyin 'tiku' and initials 'tk' find 题库管理 in Chinese; picking it opens the page", async ({
    page,
  }) => {
    await openManage(page, 'founder');
    await page.getByTestId('header-search-open').click();
    const input = page.getByTestId('header-search-input');
    await input.fill('tk');
    await expect(page.getByRole('option').first()).toContainText('题库管理');
    await input.fill('tiku');
    await expect(page.getByRole('option').first()).toContainText('题库管理');
    await page.getByRole('option').first().click();
    await page.waitForURL((url) => url.pathname === `${EA}/question/index`);
    await expect(page.getByTestId('system-tab-1')).toHaveAttribute('aria-selected', 'true');
  });

  test('hidden pages and pages of other roles are not offered', async ({ page }) => {
    await openManage(page, 'college');
    await page.getByTestId('header-search-open').click();
    await page.getByTestId('header-search-input').fill('题库');
    await expect(page.getByRole('option')).toHaveCount(0);
    await page.getByTestId('header-search-input').fill('准考证');
    await expect(page.getByRole('option').first()).toContainText('准考证');
  });
});

test.describe('size and theme', () => {
  test('the global size and the theme colour persist across a reload', async ({ page }) => {
    await openManage(page, 'founder');

    await page.getByTestId('size-menu').click();
    await page.getByTestId('size-option-small').click();
    expect((await page.context().cookies()).find((c) => c.name === STORAGE_KEYS.size)?.value).toBe('small');

    await page.getByTestId('settings-open').click();
    await page.getByTestId('theme-swatch-11a983').click();
    const activeTab = page.getByTestId('system-tab-0');
    await expect(activeTab).toHaveCSS('border-bottom-color', 'rgb(17, 169, 131)');

    await page.reload();
    await expect(page.getByTestId('system-tab-0')).toHaveCSS('border-bottom-color', 'rgb(17, 169, 131)');
    await page.getByTestId('size-menu').click();
    await expect(page.getByTestId('size-option-small')).toHaveAttribute('data-selected', 'true');
  });
});
