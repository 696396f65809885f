// An administrator's own work order: the college administrator files one from the header's user menu,
// the manager opens it from the notice in the header's bell and replies on the work-order page, and the
// college administrator sees the unread badge and the reply in its drawer.
import type { Browser, Page } from '@playwright/test';
import { expect, loginWithToken, test, type DemoAccount } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';

async function actor(browser: Browser, account: DemoAccount, path: string): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  const page = await context.newPage();
  await loginWithToken(page, account, path);
  return page;
}

test('an administrator files a work order from the user menu and sees the staff reply', async ({
  browser,
}) => {
  test.setTimeout(journeyTimeout(25));
  const stamp = Date.now() % 100_000_000;
  const text = `E2E 管理员工单 ${stamp}：考场导出按钮无响应`;
  const replyText = `E2E 回复 ${stamp}：已修复`;

  const college = await actor(browser, 'college', '/manage/index');
  await college.getByTestId('user-menu').click();
  await college.getByTestId('user-menu-feedback').click();
  const drawer = college.getByTestId('my-work-orders');
  await drawer.getByTestId('my-work-order-new').click();
  await college.getByTestId('feedback-category').click();
  await college.getByRole('option').first().click();
  await college.getByTestId('feedback-content').fill(text);
  const created = college.waitForResponse(
    (res) =>
      res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/admin/feedbacks/mine',
  );
  await college.getByTestId('feedback-submit').click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  const id = ((await answer.json()) as { id: number }).id;
  await expect(college.getByTestId('feedback-thread')).toContainText(text);
  await college.keyboard.press('Escape');

  // The work order rings the manager's bell; its notice opens it on the work-order page.
  const manager = await actor(browser, 'manager', '/manage/index');
  await manager.getByTestId('staff-notice-open').click();
  await manager
    .getByTestId('staff-notice-list')
    .getByRole('button', { name: new RegExp(`#${id}(?!\\d)`) })
    .click();
  await expect(manager).toHaveURL(new RegExp(`/manage/settingManage/feedbacks\\?open=${id}$`));
  const thread = manager.getByTestId('feedback-thread');
  await expect(thread).toContainText(text);
  await manager.getByTestId('feedback-reply-input').fill(replyText);
  await manager.getByTestId('feedback-reply-send').click();
  await expect(thread).toContainText(replyText);
  await manager.context().close();

  await college.reload();
  await college.getByTestId('user-menu').click();
  await expect(college.getByTestId('user-menu-feedback-unread')).toBeVisible();
  await college.getByTestId('user-menu-feedback').click();
  const row = college.getByTestId(`my-work-order-row-${id}`);
  await expect(row.getByTestId('feedback-unread')).toBeVisible();
  await row.click();
  await expect(college.getByTestId('feedback-thread')).toContainText(replyText);
  await college.context().close();
});
