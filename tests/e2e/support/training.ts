// Steps of the class pages for browser journeys (the page must be logged in as a founder or manager): create
// a training project on the class list's projects tab, then a class of it on the class page with its courses
// (published, picked by title, in order) and sessions (added as rows, next to each other from the class's
// first day). The lead's journey imports createProjectAndClass.
import { expect, type Page } from '@playwright/test';
import { escapeRegExp } from '../fixtures/index.ts';

export const CLASS_LIST = '/manage/trainingManage/classes/index';
export const CLASS_ADD = '/manage/trainingManage/classes/add';

export interface ClassSpec {
  project: string;
  className: string;
  /** The college's name (the project is platform-wide, so the class names its college). */
  college: string;
  /** Published courses' titles (or a part of each), in study order. */
  courses: string[];
  /** The sessions' titles (one a day, 09:00–11:00, from the class's first day). */
  sessions: string[];
  capacity?: number;
  /** Yuan; 0 = free. */
  fee?: number;
  /** The project's program (a part of its name); none when absent. */
  program?: string;
  /** The completion rule's course progress and attendance (percent); the form's defaults when absent. */
  rule?: { progress: number; attendance: number };
}

export interface CreatedClass {
  projectId: number;
  classId: number;
  joinCode: string;
}

/** Picks `option` (a part of its label) in the Mantine select `testId`. */
async function pick(page: Page, testId: string, option: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(option);
  await page
    .getByRole('option', { name: new RegExp(escapeRegExp(option)) })
    .first()
    .click();
}

/** Creates a platform-wide project (on `program` when given) on the projects tab; answers its id. */
export async function createProject(page: Page, name: string, program?: string): Promise<number> {
  await page.goto(`${CLASS_LIST}?tab=projects`);
  await expect(page.getByTestId('project-table')).toBeVisible();
  await page.getByTestId('project-add').click();
  await page.getByTestId('project-name').fill(name);
  if (program) await pick(page, 'project-program', program);
  await page.getByTestId('project-save').click();
  await expect(page.getByTestId('project-save')).toBeHidden();
  await page.getByTestId('project-search').fill(name);
  const row = page.locator('[data-testid^="project-row-"]', { hasText: name });
  await expect(row).toHaveCount(1);
  return Number((await row.getAttribute('data-testid'))!.replace('project-row-', ''));
}

/**
 * Picks the class's dates in the range picker: the 1st to the 28th of next month (so every session row
 * added from the first day falls inside them).
 */
async function pickNextMonth(page: Page) {
  await page.getByTestId('class-form-dates').click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.locator('button[data-direction="next"]').click();
  await dropdown.locator('button:not([data-outside])', { hasText: /^1$/ }).first().click();
  await dropdown.locator('button:not([data-outside])', { hasText: /^28$/ }).first().click();
  await expect(page.getByTestId('class-form-dates')).toHaveText(/-01 – .*-28/);
}

/** Creates the project, then the class on the class page; answers their ids and the class's join code. */
export async function createProjectAndClass(page: Page, spec: ClassSpec): Promise<CreatedClass> {
  const projectId = await createProject(page, spec.project, spec.program);

  await page.goto(CLASS_ADD);
  await expect(page.getByTestId('class-form')).toBeVisible();
  await pick(page, 'class-form-project', spec.project);
  await pick(page, 'class-form-college', spec.college);
  await page.getByTestId('class-form-name').fill(spec.className);
  await pickNextMonth(page);
  await page.getByTestId('class-form-capacity').fill(String(spec.capacity ?? 30));
  const fee = page.getByTestId('class-form-fee');
  await fee.fill(String(spec.fee ?? 0));
  await fee.blur();
  if (spec.rule) {
    await page.getByTestId('class-form-rule-progress').fill(String(spec.rule.progress));
    await page.getByTestId('class-form-rule-attendance').fill(String(spec.rule.attendance));
  }
  for (const course of spec.courses) await pick(page, 'class-form-courses-add', course);
  await expect(page.locator('[data-testid^="class-form-courses-item-"]')).toHaveCount(spec.courses.length);
  for (const [index, title] of spec.sessions.entries()) {
    await page.getByTestId('session-add').click();
    await page.getByTestId(`session-title-${index}`).fill(title);
  }
  await page.getByTestId('class-form-save').click();
  await page.waitForURL((url) => url.pathname === CLASS_LIST);

  await page.getByTestId('class-search').fill(spec.className);
  const row = page.locator('[data-testid^="class-row-"]', { hasText: spec.className });
  await expect(row).toHaveCount(1);
  const classId = Number((await row.getAttribute('data-testid'))!.replace('class-row-', ''));
  const code = (await page.getByTestId(`class-code-${classId}`).textContent()) ?? '';
  return { projectId, classId, joinCode: code.trim().slice(-8) };
}

export const CLASS_ADD_MANY = '/manage/trainingManage/classes/addClasses';

/**
 * Makes `count` classes of the project at once on the batch page, named by `pattern` (`{n}` is the number),
 * with the college and dates of next month; answers their ids from the list, in name order.
 */
export async function createClassesFromTemplate(
  page: Page,
  spec: { project: string; college: string; pattern: string; count: number },
): Promise<number[]> {
  await page.goto(CLASS_ADD_MANY);
  await expect(page.getByTestId('classes-add-form')).toBeVisible();
  await pick(page, 'class-form-project', spec.project);
  await pick(page, 'class-form-college', spec.college);
  await page.getByTestId('classes-add-pattern').fill(spec.pattern);
  await page.getByTestId('classes-add-count').fill(String(spec.count));
  await expect(page.getByTestId('classes-add-preview').locator('.mantine-Badge-root')).toHaveCount(
    spec.count,
  );
  await pickNextMonth(page);
  await page.getByTestId('classes-add-save').click();
  await page.waitForURL((url) => url.pathname === CLASS_LIST);

  const prefix = spec.pattern.split('{n}')[0]!;
  await page.getByTestId('class-search').fill(prefix);
  // Every row the list shows is one of them: the search has answered (ticking before it re-renders the
  // list would be lost).
  const rows = page.locator('[data-testid^="class-row-"]');
  await expect(rows).toHaveCount(spec.count);
  for (const row of await rows.all()) await expect(row).toContainText(prefix);
  const ids = await rows.evaluateAll((cells) =>
    cells.map((cell) => Number(cell.getAttribute('data-testid')!.replace('class-row-', ''))),
  );
  return ids;
}

/** Ticks the listed classes on the list (already searched to them) and sets their capacity on the batch page. */
export async function setCapacityOfClasses(
  page: Page,
  ids: readonly number[],
  capacity: number,
): Promise<void> {
  for (const id of ids) await page.getByTestId(`class-check-${id}`).check();
  for (const id of ids) await expect(page.getByTestId(`class-check-${id}`)).toBeChecked();
  await page.getByTestId('class-batch-set').click();
  await expect(page.getByTestId('classes-set-form')).toBeVisible();
  await expect(
    page.getByTestId('classes-set-selected').locator('.mantine-Badge-root[data-variant="outline"]'),
  ).toHaveCount(ids.length);
  await page.getByTestId('classes-set-tick-capacity').check();
  await page.getByTestId('classes-set-capacity').fill(String(capacity));
  await page.getByTestId('classes-set-save').click();
  await page.waitForURL((url) => url.pathname === CLASS_LIST);
}
