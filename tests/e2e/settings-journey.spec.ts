// The system-settings journey (system 5), against the built app and the demo data, in one serial test:
// the founder adds a department (and is told why the college itself cannot be deleted), creates a custom
// role granting two menu items and a college administrator in that department with that role (its first
// password shown once, the account found by search); that administrator logs in through the login page,
// sees exactly those two menus and is refused an API outside them; a learner files a work order with a
// screenshot, the manager replies, the learner sees the reply and the notification; the founder finds
// each of those writes in the system log and exports the log. The statistics system switched off (its
// tab says 暂未开放) is settings-module-switch.alone.spec.ts: it runs after every other browser test.
import type { Browser, Page } from '@playwright/test';
import { ERROR_CODES } from '../../src/shared/api/errors.ts';
import { apiLogin, bearer, expect, loginWithToken, test, type DemoAccount } from './fixtures/index.ts';
import { makePng } from './fixtures/registration.ts';
import { journeyTimeout } from './fixtures/timing.ts';

test.describe.configure({ mode: 'serial' });

const GRANTED = ['ExamRoom', 'ExamStaff'] as const;

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

const idOf = async (locator: ReturnType<Page['getByTestId']>, prefix: string) =>
  Number((await locator.getAttribute('data-testid'))!.replace(prefix, ''));

/** A fresh page of its own (cookies, storage) for one actor of the journey. */
async function pageFor(browser: Browser): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  return context.newPage();
}

async function actor(browser: Browser, account: DemoAccount, path: string): Promise<Page> {
  const page = await pageFor(browser);
  await loginWithToken(page, account, path);
  return page;
}

test('settings journey: accounts, grants, work order and system log', async ({ browser }) => {
  test.setTimeout(journeyTimeout(30));
  // Per run, so a repeated run in the same worker names new accounts.
  const stamp = Date.now() % 100_000_000;
  const department = `E2E系${stamp % 10_000}`;
  const roleName = `E2E角色${stamp}`;
  const username = `e2e_col_${stamp}`;
  let departmentId = 0;
  let roleId = 0;
  let administratorId = 0;
  let password = '';
  let feedbackId = 0;
  const feedbackText = `E2E 工单 ${stamp}：报名页面无法上传照片`;
  const replyText = `E2E 回复 ${stamp}：已修复，请重试`;

  const founder = await actor(browser, 'founder', '/manage/settingManage/organization');

  await test.step('founder adds a department under the college, which cannot itself be deleted', async () => {
    const tree = founder.getByTestId('org-tree');
    await expect(tree).toBeVisible();
    const college = tree.locator('[data-testid^="org-node-"]', { hasText: '江南职业技术学院' }).first();
    const collegeId = await idOf(college, 'org-node-');
    await founder.getByTestId(`org-add-child-${collegeId}`).click();
    await founder.getByTestId('org-form-name').fill(department);
    await founder.getByTestId('org-form-code').fill(`E2E-${stamp}`);
    await founder.getByTestId('org-form-save').click();
    await expect(founder.getByTestId('org-form-save')).toBeHidden();
    const node = tree.locator('[data-testid^="org-node-"]', { hasText: department });
    await expect(node).toHaveCount(1);
    departmentId = await idOf(node, 'org-node-');

    await founder.getByTestId(`org-delete-${collegeId}`).click();
    const dialog = founder.getByTestId('org-delete-dialog');
    await dialog.getByRole('button', { name: '删除' }).click();
    await expect(dialog).toContainText('该机构下还有');
    await founder.keyboard.press('Escape');
  });

  await test.step('founder creates a custom role granting exactly two menu items', async () => {
    await founder.goto('/manage/settingManage/rolePermission');
    await founder.getByTestId('role-add').click();
    await founder.getByTestId('role-name').fill(roleName);
    await founder.getByTestId('role-form-save').click();
    await expect(founder.getByTestId('role-form-save')).toBeHidden();
    const row = founder.locator('[data-testid^="role-row-"]', { hasText: roleName });
    await expect(row).toHaveCount(1);
    roleId = await idOf(row, 'role-row-');
    await row.click();
    await expect(founder.getByTestId('role-tree')).toBeVisible();
    for (const name of GRANTED) {
      const box = founder.getByTestId(`role-grant-${name}`);
      await expect(box).not.toBeChecked();
      await box.check();
    }
    await founder.getByTestId('role-save').click();
    await expect(founder.getByText('权限已保存')).toBeVisible();
    await expect(row).toContainText('2');
  });

  await test.step('founder creates a college administrator in the department with the role', async () => {
    await founder.goto('/manage/settingManage/administratorAccount');
    await expect(founder.getByTestId('admin-table')).toBeVisible();
    await founder.getByTestId('admin-create').click();
    await founder.getByTestId('admin-form-username').fill(username);
    await founder.getByTestId('admin-form-real-name').fill('旅程院校管理员');
    await choose(founder, 'admin-form-type', '院校管理员');
    await founder.getByTestId('admin-form-save').click();
    // The shared schema asks for the college administrator's organisation before anything is sent.
    await expect(founder.getByText('院校管理员必须属于一个机构')).toBeVisible();
    await choose(founder, 'admin-form-organization', new RegExp(department));
    await choose(founder, 'admin-form-role', roleName);
    await founder.getByTestId('admin-form-save').click();

    const shown = founder.getByTestId('password-shown');
    await expect(shown).toHaveText(/^\S{16}$/);
    password = (await shown.textContent())!;
    await founder.getByTestId('password-done').click();
    await expect(shown).toBeHidden();

    await founder.getByTestId('admin-search').fill(username);
    const row = founder.locator('[data-testid^="admin-row-"]', { hasText: username });
    await expect(row).toHaveCount(1);
    administratorId = await idOf(row, 'admin-row-');
  });

  await test.step('the new administrator logs in and sees exactly the two granted menus', async () => {
    const page = await pageFor(browser);
    await page.goto('/manage/login');
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(password);
    const captcha = page.getByTestId('login-captcha');
    if (await captcha.isVisible().catch(() => false)) await captcha.fill('0000');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/manage/index'));

    await page.getByTestId('system-tab-1').click();
    const entries = page.getByTestId('sidebar-menu').locator('[data-testid^="sidebar-"]');
    await expect(page.getByTestId(`sidebar-item-${GRANTED[0]}`)).toBeVisible();
    const ids = await entries.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    expect(ids.sort()).toEqual(GRANTED.map((name) => `sidebar-item-${name}`).sort());

    // The whole menu tree (all systems) holds those two pages and nothing else.
    const token = await apiLogin(page.request, username, 'administrators', password);
    const menus = await page.request.get('/api/v1/user/menus', { headers: bearer(token) });
    expect(menus.status()).toBe(200);
    type Item = { name: string; component: string; children: Item[] };
    const leaves = (items: Item[]): string[] =>
      items.flatMap((i) => (i.children.length > 0 ? leaves(i.children) : [i.name]));
    expect(leaves(((await menus.json()) as { data: Item[] }).data).sort()).toEqual([...GRANTED].sort());

    const refused = await page.request.get('/api/v1/admin/system-logs', { headers: bearer(token) });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: number }).code).toBe(ERROR_CODES.notGranted);
    await page.context().close();
  });

  const learner = await actor(browser, 'learner', '/userCenter/myFeedback');

  await test.step('learner files a work order with a screenshot', async () => {
    await learner.getByTestId('feedback-new').click();
    await choose(learner, 'feedback-category', /./);
    await learner.getByTestId('feedback-content').fill(feedbackText);
    const uploaded = learner.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().includes('/upload'),
    );
    await learner
      .getByTestId('feedback-shot')
      .locator('input[type="file"]')
      .setInputFiles(makePng(320, 200, 'screen.png'));
    expect((await uploaded).status()).toBeLessThan(300);
    const created = learner.waitForResponse(
      (res) =>
        res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/learner/feedbacks',
    );
    await learner.getByTestId('feedback-submit').click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    feedbackId = ((await answer.json()) as { id: number }).id;
    await learner.goto('/userCenter/myFeedback');
    await expect(learner.getByTestId(`feedback-row-${feedbackId}`)).toContainText(feedbackText);
  });

  await test.step('manager opens the work order and replies', async () => {
    const manager = await actor(browser, 'manager', '/manage/settingManage/feedbacks');
    await manager.getByTestId('feedback-search').fill(String(stamp));
    // Only this work order is listed: the search has answered, so the list no longer re-renders under the click.
    await expect(manager.locator('[data-testid^="feedback-row-"]')).toHaveCount(1);
    await expect(manager.getByTestId(`feedback-row-${feedbackId}`)).toBeVisible();
    await manager.getByTestId(`feedback-view-${feedbackId}`).click();
    const thread = manager.getByTestId('feedback-thread');
    await expect(thread).toContainText(feedbackText);
    await expect(thread.getByTestId('feedback-screenshots')).toBeVisible();
    await manager.getByTestId('feedback-reply-input').fill(replyText);
    await manager.getByTestId('feedback-reply-send').click();
    await expect(thread).toContainText(replyText);
    await manager.context().close();
  });

  await test.step('learner sees the reply, marked new, and the notification', async () => {
    await learner.goto('/userCenter/myFeedback');
    const row = learner.getByTestId(`feedback-row-${feedbackId}`);
    await expect(row.getByTestId('feedback-unread')).toBeVisible();
    await row.click();
    await expect(learner.getByTestId('feedback-thread')).toContainText(replyText);

    await learner.goto('/userCenter/myNotify');
    await expect(learner.getByTestId('notify-list')).toContainText(`#${feedbackId}`);
    await learner.context().close();
  });

  await test.step('founder finds each write in the system log, reads a change and exports it', async () => {
    await founder.goto('/manage/settingManage/systemLog');
    await expect(founder.getByTestId('system-log-table')).toBeVisible();
    await expect(founder.getByTestId('system-log-export-cap')).toContainText('50000');
    const rows = founder.locator('[data-testid^="system-log-row-"]');
    const writes: [string, string | number][] = [
      ['organization.create', departmentId],
      ['role.create', roleId],
      ['role.grants', roleId],
      ['administrator.create', administratorId],
      ['feedback.reply', feedbackId],
    ];
    for (const [action, target] of writes) {
      // Wait for the list answer of exactly this filter, so a row left from the last one is not taken.
      const listed = founder.waitForResponse((res) => {
        const url = new URL(res.url());
        return (
          url.pathname === '/api/v1/admin/system-logs' &&
          url.searchParams.get('action') === action &&
          url.searchParams.get('target_id') === String(target)
        );
      });
      await choose(founder, 'system-log-action-filter', `(${action})`);
      await founder.getByTestId('system-log-target-id-filter').fill(String(target));
      const answer = (await (await listed).json()) as { meta: { total: number } };
      expect(answer.meta.total, `${action} ${target}`).toBeGreaterThan(0);
      await expect(rows.first(), action).toBeVisible();
    }
    const [download] = await Promise.all([
      founder.waitForEvent('download'),
      founder.getByTestId('system-log-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^系统日志-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
  await founder.context().close();
});
