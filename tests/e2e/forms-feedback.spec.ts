// What a save tells the person who made it, against the built app and the demo data: a back-office form
// (exam staff, the exam plan) and a user-centre form (the profile) each confirm with the short success
// toast, which goes by itself (spec §9: 2000 ms); a plan like an existing one is created only after the
// administrator answers the duplicate warning.
import type { Locator, Page } from '@playwright/test';
import dayjs from 'dayjs';
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
  // A retry meets the plans an earlier attempt created: archived, they no longer count as alike.
  const earlier = await page.request.get(
    `/api/v1/admin/plans?keyword=${encodeURIComponent('重复提示电工技师')}&limit=50`,
    { headers: bearer(token) },
  );
  for (const plan of ((await earlier.json()) as { data: { id: number; state: string }[] }).data) {
    if (plan.state !== 'draft') continue;
    const archived = await page.request.post(`/api/v1/admin/plans/${plan.id}/transition`, {
      headers: bearer(token),
      data: { action: 'archive' },
    });
    expect(archived.ok()).toBe(true);
  }
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
  // The toast first: it is up for 2 s, which the drawer's closing may outlast on a loaded machine.
  await expectSuccessToast(page, '考试计划已创建（草稿）');
  await expect(page.getByTestId('plan-form')).toBeHidden();
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

test('the suggested sessions follow a changed registration end; a changed session left before it says so at once', async ({
  page,
}) => {
  // Steps: the page, the form, two picks of the registration end.
  test.setTimeout(journeyTimeout(4));
  await loginWithToken(page, 'manager', '/manage/examinationAffairsManage/plan/index');
  await page.getByTestId('plan-create').click();
  await expect(page.getByTestId('plan-form')).toBeVisible();
  const ends = page.getByTestId('plan-ends-input');
  const theory = page.getByTestId('plan-session-0');
  const practical = page.getByTestId('plan-session-1');
  const startOf = (session: Locator) => session.getByLabel('开始时间');
  /** Picks day `day` of the month `monthsAhead` after the shown one in the registration end's picker. */
  const pickEnd = async (monthsAhead: number, day: number) => {
    await ends.click();
    const dropdown = page.locator('.mantine-Popover-dropdown', {
      has: page.locator('.mantine-DateTimePicker-submitButton'),
    });
    for (let i = 0; i < monthsAhead; i++) await dropdown.locator('button[data-direction="next"]').click();
    await dropdown.locator('button:not([data-outside])', { hasText: new RegExp(`^${day}$`) }).click();
    await dropdown.locator('.mantine-DateTimePicker-submitButton').click();
    await expect(dropdown).toBeHidden();
    await expect(ends).toHaveText(new RegExp(`-${String(day).padStart(2, '0')} \\d{2}:\\d{2}$`));
    return dayjs((await ends.textContent()) ?? '');
  };
  const examDay = (end: dayjs.Dayjs) => end.add(15, 'day').format('YYYY-MM-DD');

  // Untouched, both suggestions move with the end.
  const later = await pickEnd(1, 20);
  await expect(startOf(theory)).toHaveText(`${examDay(later)} 09:00`);
  await expect(startOf(practical)).toHaveText(`${examDay(later)} 13:30`);
  await expect(page.getByText('考试场次须安排在报名截止之后')).toHaveCount(0);

  // The theory session changed by hand stays; now before the end, it says so before any save.
  await theory.getByRole('textbox').fill('理论考试（上午场）');
  const latest = await pickEnd(2, 10);
  await expect(startOf(theory)).toHaveText(`${examDay(later)} 09:00`);
  await expect(theory).toContainText('考试场次须安排在报名截止之后');
  await expect(startOf(practical)).toHaveText(`${examDay(latest)} 13:30`);
  await expect(practical).not.toContainText('考试场次须安排在报名截止之后');
});

test('saving the profile in the user centre says so', async ({ page }) => {
  // Steps: the page, the save.
  test.setTimeout(journeyTimeout(2));
  await loginWithToken(page, 'learner', '/userCenter/userInfo');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.getByTestId('profile-save').click();
  await expectSuccessToast(page, '个人资料已保存');
});
