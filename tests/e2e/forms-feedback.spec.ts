// What a save tells the person who made it, against the built app and the demo data: a back-office form
// (exam staff, the exam plan) and a user-centre form (the profile) each confirm with the short success
// toast, which goes by itself (spec §9: 2000 ms); a plan like an existing one is created only after the
// administrator answers the duplicate warning.
import type { Page } from '@playwright/test';
import { bearer, expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';

const stamp = Date.now() % 100_000_000;

/** The success toast with this text: shown, then gone without anyone closing it. */
async function expectSuccessToast(page: Page, text: string) {
  const toast = page.getByTestId('toast-success').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden();
}

/** Opens a Mantine Select by its testid and picks the option whose text matches. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('saving a person on the exam staff page says so', async ({ page }) => {
  // Steps: the page, the form, the save.
  test.setTimeout(journeyTimeout(3));
  await loginWithToken(page, 'manager', '/manage/examinationAffairsManage/personnel/index');
  await expect(page.getByTestId('staff-table')).toBeVisible();
  await page.getByTestId('staff-add').click();
  await page.getByTestId('staff-name').fill(`提示E2E${stamp % 10_000}`);
  await page.getByTestId('staff-phone').fill(`137${String(stamp).padStart(8, '0')}`);
  await choose(page, 'staff-role', '监考员');
  await page.getByTestId('staff-save').click();
  await expectSuccessToast(page, '已保存');
});

test('a new plan is confirmed by a toast; the same plan again is created only once the warning is answered', async ({
  page,
}) => {
  // Steps: the page, two fillings of the form, the first save, the warning, the confirmed save.
  test.setTimeout(journeyTimeout(6));
  const title = `重复提示电工技师 ${stamp}`;
  const token = await loginWithToken(page, 'manager', '/manage/examinationAffairsManage/plan/index');
  await expect(page.getByTestId('plan-management')).toBeVisible();

  // 电工 二级/技师 at 滨海: no demo plan is like it, so the first one is created straight away.
  const fillPlan = async () => {
    await page.getByTestId('plan-create').click();
    await expect(page.getByTestId('plan-form')).toBeVisible();
    await page.getByTestId('plan-title-input').fill(title);
    await choose(page, 'plan-occupation-input', /6-31-01-03/);
    await choose(page, 'plan-level-input', '二级/技师');
    await choose(page, 'plan-college-input', /滨海/);
    await page.getByTestId('plan-fee-input').fill('180');
    await page.getByTestId('plan-capacity-input').fill('30');
  };

  await fillPlan();
  await page.getByTestId('plan-form-submit').click();
  await expect(page.getByTestId('plan-form')).toBeHidden();
  await expectSuccessToast(page, '考试计划已创建（草稿）');
  // The new plan's details open after a save; closed to start the next one.
  await page.keyboard.press('Escape');

  await fillPlan();
  await page.getByTestId('plan-form-submit').click();
  const warning = page.getByTestId('plan-duplicate-dialog');
  await expect(warning).toContainText('仍要创建这个计划吗');
  await expect(warning).toContainText(title);
  await warning.getByTestId('confirm-ok').click();
  await expectSuccessToast(page, '考试计划已创建（草稿）');

  const list = await page.request.get(`/api/v1/admin/plans?keyword=${encodeURIComponent(title)}&limit=10`, {
    headers: bearer(token),
  });
  expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(2);
});

test('saving the profile in the user centre says so', async ({ page }) => {
  // Steps: the page, the save.
  test.setTimeout(journeyTimeout(2));
  await loginWithToken(page, 'learner', '/userCenter/userInfo');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.getByTestId('profile-save').click();
  await expectSuccessToast(page, '个人资料已保存');
});
