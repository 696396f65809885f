// Steps of the back-office course pages for browser journeys (the page must be logged in as the manager):
// build a course with its chapters and video lessons through the course, chapter and lesson pages, price it,
// reorder by dragging, and publish it. The lead's learning journey imports buildCourse and publishCourse.
import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp } from '../fixtures/index.ts';

export const COURSE_LIST = '/manage/trainingManage/course/index';

export interface LessonSpec {
  title: string;
  /** A library video's title (the picker's search finds it); the demo library's first when left out. */
  video?: string;
  freePreview?: boolean;
}

export interface CourseSpec {
  title: string;
  /** Yuan; 0 = free. */
  price: number;
  chapters: { title: string; lessons: LessonSpec[] }[];
}

export interface BuiltCourse {
  courseId: number;
  chapterIds: number[];
  /** Per chapter, in the order made. */
  lessonIds: number[][];
}

/** The id in a row's test id `prefix<id>` of the row holding `text`. */
async function rowId(rows: Locator, prefix: string, text: string): Promise<number> {
  const row = rows.filter({ hasText: new RegExp(escapeRegExp(text)) });
  await expect(row).toHaveCount(1);
  return Number((await row.getAttribute('data-testid'))!.replace(prefix, ''));
}

/** Finds the course on the list page; answers its id. */
export async function findCourse(page: Page, title: string): Promise<number> {
  await page.goto(COURSE_LIST);
  await expect(page.getByTestId('course-table')).toBeVisible();
  await page.getByTestId('course-search').fill(title);
  return rowId(page.locator('[data-testid^="course-row-"]'), 'course-row-', title);
}

/** Sets the price (yuan) in the open course form. */
async function fillPrice(page: Page, yuan: number) {
  const price = page.getByTestId('course-price');
  await price.fill(String(yuan));
  await price.blur();
}

/**
 * Creates the course on the course list (a draft), its chapters on the chapter page and its lessons on the
 * lesson page (video lessons, each picked in the video picker); answers the ids.
 */
export async function buildCourse(page: Page, spec: CourseSpec): Promise<BuiltCourse> {
  await page.goto(COURSE_LIST);
  await expect(page.getByTestId('course-table')).toBeVisible();
  await page.getByTestId('course-add').click();
  await page.getByTestId('course-title').fill(spec.title);
  await fillPrice(page, spec.price);
  await page
    .getByTestId('course-introduction')
    .locator('[contenteditable="true"]')
    .fill(`${spec.title}的课程介绍`);
  await page.getByTestId('course-save').click();
  await expect(page.getByTestId('course-save')).toBeHidden();
  const courseId = await findCourse(page, spec.title);

  // Chapters.
  await page.getByTestId(`course-chapters-${courseId}`).click();
  await expect(page.getByTestId('course-chapter-page')).toBeVisible();
  const chapterRows = page.locator('[data-testid^="chapter-row-"]');
  const chapterIds: number[] = [];
  for (const [index, chapter] of spec.chapters.entries()) {
    await page.getByTestId('chapter-add').click();
    await page.getByTestId('chapter-name').fill(chapter.title);
    await page.getByTestId('chapter-save').click();
    await expect(page.getByTestId('chapter-save')).toBeHidden();
    await expect(chapterRows).toHaveCount(index + 1);
    chapterIds.push(await rowId(chapterRows, 'chapter-row-', chapter.title));
  }

  // Lessons, chapter by chapter.
  await page.getByTestId('to-lessons').click();
  await expect(page.getByTestId('course-lesson-page')).toBeVisible();
  const lessonIds: number[][] = [];
  for (const [index, chapter] of spec.chapters.entries()) {
    const chapterId = chapterIds[index]!;
    const rows = page.getByTestId(`lesson-chapter-${chapterId}`).locator('[data-testid^="lesson-row-"]');
    const ids: number[] = [];
    for (const [n, lesson] of chapter.lessons.entries()) {
      await page.getByTestId(`lesson-add-${chapterId}`).click();
      await page.getByTestId('lesson-title').fill(lesson.title);
      await page.getByTestId('lesson-video-pick').click();
      const picker = page.getByTestId('video-picker');
      await expect(picker).toBeVisible();
      if (lesson.video) await picker.getByTestId('video-picker-search').fill(lesson.video);
      const option = picker.locator('[data-testid^="video-option-"]', {
        hasText: lesson.video ? new RegExp(escapeRegExp(lesson.video)) : /./,
      });
      await option.first().click();
      await expect(page.getByTestId('lesson-video-chosen')).toBeVisible();
      if (lesson.freePreview) await page.getByTestId('lesson-free-preview').check();
      await page.getByTestId('lesson-save').click();
      await expect(page.getByTestId('lesson-save')).toBeHidden();
      await expect(rows).toHaveCount(n + 1);
      ids.push(await rowId(rows, 'lesson-row-', lesson.title));
    }
    lessonIds.push(ids);
  }
  return { courseId, chapterIds, lessonIds };
}

/** The titles of a chapter's lessons as the lesson page shows them, in order. */
export async function lessonTitles(page: Page, chapterId: number): Promise<string[]> {
  return page.getByTestId(`lesson-chapter-${chapterId}`).getByTestId('lesson-title-cell').allTextContents();
}

/** Drags one row onto another (native drag and drop) and waits for the order to be saved. */
export async function dragRow(page: Page, from: string, to: string) {
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/order$/.test(r.url()) && r.status() === 200,
  );
  await page.getByTestId(from).dragTo(page.getByTestId(to));
  await saved;
}

/** Opens the course's edit form, sets its price (yuan) and saves; the list shows the new price. */
export async function priceCourse(page: Page, courseId: number, title: string, yuan: number) {
  await findCourse(page, title);
  await page.getByTestId(`course-edit-${courseId}`).click();
  await expect(page.getByTestId('course-title')).toHaveValue(title);
  await fillPrice(page, yuan);
  await page.getByTestId('course-save').click();
  await expect(page.getByTestId('course-save')).toBeHidden();
  await expect(page.getByTestId(`course-price-${courseId}`)).toHaveText(
    yuan === 0 ? '免费' : `¥${yuan.toFixed(2)}`,
  );
}

/** Publishes the course from the list (confirmed); its state reads 已发布. */
export async function publishCourse(page: Page, courseId: number, title: string) {
  await findCourse(page, title);
  await page.getByTestId(`course-publish-${courseId}`).click();
  await page.getByTestId('course-publish-confirm').click();
  await expect(page.getByTestId(`course-state-${courseId}`)).toHaveText('已发布');
}
