// Organisation tree and administrator accounts (system 5), against the built app and the demo data: the
// manager adds a department under a college, is told why the college itself cannot be deleted, creates an
// administrator and sees its first password once, then finds the account by its username.
import type { Page } from '@playwright/test';
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now() % 100_000_000;

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('the manager adds a department and is told what keeps a college from deletion', async ({ page }) => {
  test.setTimeout(journeyTimeout(6));
  await loginWithToken(page, 'manager', '/manage/settingManage/organization');
  const tree = page.getByTestId('org-tree');
  await expect(tree).toBeVisible();
  const college = tree.locator('[data-testid^="org-node-"]', { hasText: '江南职业技术学院' }).first();
  const collegeId = (await college.getAttribute('data-testid'))!.replace('org-node-', '');

  const name = `E2E系${stamp % 10_000}`;
  await page.getByTestId(`org-add-child-${collegeId}`).click();
  await page.getByTestId('org-form-name').fill(name);
  await page.getByTestId('org-form-code').fill(`E2E-${stamp}`);
  await page.getByTestId('org-form-save').click();
  await expect(page.getByTestId('org-form-save')).toBeHidden();
  await expect(tree).toContainText(name);

  await page.getByTestId(`org-delete-${collegeId}`).click();
  const dialog = page.getByTestId('org-delete-dialog');
  await dialog.getByRole('button', { name: '删除' }).click();
  await expect(dialog).toContainText('该机构下还有');
});

test('the manager creates an administrator and sees its first password once', async ({ page }) => {
  test.setTimeout(journeyTimeout(6));
  await loginWithToken(page, 'manager', '/manage/settingManage/administratorAccount');
  await expect(page.getByTestId('admin-table')).toBeVisible();

  const username = `e2e_admin_${stamp}`;
  await page.getByTestId('admin-create').click();
  await page.getByTestId('admin-form-username').fill(username);
  await page.getByTestId('admin-form-real-name').fill('测试管理员');
  await choose(page, 'admin-form-type', '院校管理员');
  await page.getByTestId('admin-form-save').click();
  // The shared schema asks for the college administrator's organisation before anything is sent.
  await expect(page.getByText('院校管理员必须属于一个机构')).toBeVisible();
  await choose(page, 'admin-form-organization', /江南职业技术学院/);
  await page.getByTestId('admin-form-save').click();

  const password = page.getByTestId('admin-initial-password');
  await expect(password).toHaveText(/^\S{16}$/);
  await page.getByTestId('admin-password-done').click();
  await expect(password).toBeHidden();

  await page.getByTestId('admin-search').fill(username);
  await expect(page.locator('[data-testid^="admin-row-"]', { hasText: username })).toHaveCount(1);
});
