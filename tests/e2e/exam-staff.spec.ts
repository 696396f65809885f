// Exam staff (/manage/examinationAffairsManage/personnel/index) and the rooms' availability by session,
// against the built app and the demo data: the manager adds a person (the form refuses a bad phone first),
// puts them on duty in a room for the 茶艺师 plan's theory session, is refused a second room at the same time
// with the server's clash message, and then sees the person in that room on the rooms page's availability.
import type { Page } from '@playwright/test';
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';

test.describe.configure({ mode: 'serial' });

const PLAN = /茶艺师.*滨海考点专场/;
const SESSION = /理论知识考试/;
const FIRST_ROOM = '101 标准化考场';
const SECOND_ROOM = '茶艺实训室';

const stamp = Date.now() % 100_000_000;
const name = `考务E2E${stamp % 10_000}`;
const phone = `139${String(stamp).padStart(8, '0')}`;

/** Opens a Mantine Select by its testid and picks the option whose text matches. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('the manager adds a person, puts them on duty, and a second room at the same time is refused', async ({
  page,
}) => {
  // Steps: the page, the refused form, the save, the search, the drawer, the duty's three choices and its
  // save, the clash.
  test.setTimeout(journeyTimeout(10));
  await loginWithToken(page, 'manager', '/manage/examinationAffairsManage/personnel/index');
  await expect(page.getByTestId('staff-table')).toBeVisible();

  // The shared schema refuses a malformed phone on the field before anything is sent.
  await page.getByTestId('staff-add').click();
  await page.getByTestId('staff-name').fill(name);
  await page.getByTestId('staff-phone').fill('12345');
  await page.getByTestId('staff-save').click();
  await expect(page.getByText('手机号格式不正确')).toBeVisible();

  await page.getByTestId('staff-phone').fill(phone);
  await choose(page, 'staff-role', '监考员');
  await page.getByTestId('staff-save').click();
  await expect(page.getByTestId('staff-save')).toBeHidden();

  await page.getByTestId('staff-search').fill(name);
  const nameCell = page.locator('[data-testid^="staff-row-"]', { hasText: name });
  await expect(nameCell).toHaveCount(1);
  const staffId = (await nameCell.getAttribute('data-testid'))!.replace('staff-row-', '');

  // On duty in the first room for the theory session.
  await page.getByTestId(`staff-duties-${staffId}`).click();
  const drawer = page.getByTestId('duties-drawer');
  await expect(drawer.getByTestId('duty-list')).toContainText('暂无考务安排');
  await choose(page, 'duty-plan', PLAN);
  await choose(page, 'duty-session', SESSION);
  await choose(page, 'duty-room', new RegExp(FIRST_ROOM));
  await page.getByTestId('duty-save').click();
  await expect(drawer.getByTestId('duty-list')).toContainText(FIRST_ROOM);
  await expect(page.getByTestId('duty-error')).toHaveCount(0);

  // The same time in another room: refused, and the form says why.
  await choose(page, 'duty-room', new RegExp(SECOND_ROOM));
  await page.getByTestId('duty-save').click();
  const clash = page.getByTestId('duty-error');
  await expect(clash).toContainText('同一时间不能在两个考场');
  await expect(clash).toContainText(name);
  await expect(drawer.getByTestId('duty-list')).not.toContainText(SECOND_ROOM);
});

test('the rooms page shows availability by session with the people on duty', async ({ page }) => {
  // Steps: the page, the tab, the plan and the session, the availability.
  test.setTimeout(journeyTimeout(5));
  await loginWithToken(page, 'manager', '/manage/examinationAffairsManage/room/index');
  await expect(page.getByTestId('rooms-table')).toBeVisible();
  await page.getByTestId('room-availability-tab').click();
  const panel = page.getByTestId('room-availability');
  await expect(panel.getByTestId('availability-empty')).toBeVisible();
  await choose(page, 'availability-plan', PLAN);
  await choose(page, 'availability-session', SESSION);
  await expect(panel.getByTestId('availability-summary')).toBeVisible();
  const room = panel.getByRole('row').filter({ hasText: FIRST_ROOM });
  await expect(room).toHaveCount(1);
  // The demo invigilator and the person the previous test put on duty.
  await expect(room).toContainText('吴婷');
  await expect(room).toContainText(name);
  await expect(room.getByRole('progressbar').first()).toBeVisible();
});
