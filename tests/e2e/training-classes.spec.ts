// The class pages in the browser, against the built app and the demo data: the manager creates a project and
// a class with two courses and three sessions through the pages (the class then has them, in order), moves
// it to open; a college administrator's class list shows only its college's classes.
import { bearer, expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { CLASS_LIST, createProjectAndClass } from './support/training.ts';

test('the manager creates a project and a class with two courses and three sessions', async ({ page }) => {
  // Steps: the projects tab and its form, the class page and its save, the list, the state move.
  test.setTimeout(journeyTimeout(12));
  const stamp = Date.now() % 1_000_000;
  const token = await loginWithToken(page, 'manager', CLASS_LIST);
  const created = await createProjectAndClass(page, {
    project: `E2E培训项目${stamp}`,
    className: `E2E电工班${stamp}`,
    college: '江南职业技术学院',
    courses: ['电工安全操作入门', '茶艺师（中级）备考精讲'],
    sessions: ['开班仪式', '实操训练', '结业考核'],
    capacity: 40,
  });
  expect(created.joinCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

  const detail = await page.request.get(`/api/v1/admin/classes/${created.classId}`, {
    headers: bearer(token),
  });
  const klass = (await detail.json()) as {
    project_id: number;
    capacity: number;
    organization_name: string;
    courses: { title: string }[];
    sessions: { title: string }[];
  };
  expect(klass.project_id).toBe(created.projectId);
  expect(klass.capacity).toBe(40);
  expect(klass.organization_name).toBe('江南职业技术学院');
  expect(klass.courses.map((c) => c.title)).toEqual(['电工安全操作入门', '茶艺师（中级）备考精讲']);
  expect(klass.sessions.map((s) => s.title)).toEqual(['开班仪式', '实操训练', '结业考核']);

  // The row's state move is asked first, then the row shows the new state.
  await page.getByTestId(`class-move-${created.classId}`).click();
  await page.getByTestId('class-state-confirm').click();
  await expect(page.getByTestId(`class-state-${created.classId}`)).toHaveText('报名中');

  // The class page loads the class back as saved.
  await page.getByTestId(`class-set-${created.classId}`).click();
  await expect(page.getByTestId('class-form-name')).toHaveValue(`E2E电工班${stamp}`);
  await expect(page.locator('[data-testid^="session-row-"]')).toHaveCount(3);
});

test("a college administrator sees only its college's classes", async ({ page }) => {
  // Steps: the list, a filter.
  test.setTimeout(journeyTimeout(3));
  await loginWithToken(page, 'college', CLASS_LIST);
  const table = page.getByTestId('class-table');
  await expect(table.locator('[data-testid^="class-row-"]').first()).toBeVisible();
  await expect(table).toContainText('江南职业技术学院');
  await expect(table).not.toContainText('滨海技师学院');
  await expect(table).not.toContainText('2026 电工实操强化班');
  // No college filter for a college administrator.
  await expect(page.getByTestId('class-college-filter')).toHaveCount(0);
});
