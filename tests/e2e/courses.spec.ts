// The course pages in the browser, against the built app and the demo video library: the manager builds a
// course with two chapters and three video lessons, reorders lessons and chapters by dragging (the order
// survives a reload), prices it and publishes it.
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { buildCourse, dragRow, lessonTitles, priceCourse, publishCourse } from './support/courses.ts';

test('the manager builds a course, reorders it by dragging, prices and publishes it', async ({ page }) => {
  // Steps: the course form, two chapters, three lessons, two drags, a reload, the price, the publish.
  test.setTimeout(journeyTimeout(16));
  const title = `E2E课程${Date.now() % 1_000_000}`;
  await loginWithToken(page, 'manager', '/manage/trainingManage/course/index');
  const built = await buildCourse(page, {
    title,
    price: 0,
    chapters: [
      {
        title: '第一章 入门',
        lessons: [
          { title: '第一课 器具', video: '茶艺基础', freePreview: true },
          { title: '第二课 冲泡', video: '茶艺基础' },
        ],
      },
      { title: '第二章 进阶', lessons: [{ title: '第三课 刀工', video: '刀工' }] },
    ],
  });
  const [first, second] = built.chapterIds as [number, number];
  const [one, two] = built.lessonIds[0] as [number, number];
  expect(await lessonTitles(page, first)).toEqual(['第一课 器具', '第二课 冲泡']);

  // Drag the second lesson onto the first: the order is saved and survives a reload.
  await dragRow(page, `lesson-row-${two}`, `lesson-row-${one}`);
  await expect.poll(() => lessonTitles(page, first)).toEqual(['第二课 冲泡', '第一课 器具']);
  await page.reload();
  await expect(page.getByTestId(`lesson-row-${one}`)).toBeVisible();
  expect(await lessonTitles(page, first)).toEqual(['第二课 冲泡', '第一课 器具']);

  // The preview streams the lesson's video through a short-lived grant.
  await page.getByTestId(`lesson-preview-${one}`).click();
  const video = page.getByTestId('preview-video');
  await expect(video).toHaveAttribute('src', /\/api\/v1\/media\/[0-9a-f]{48}$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(video).toBeHidden();

  // Chapters: drag the second chapter above the first, then put it back with the keyboard buttons.
  await page.getByTestId('to-chapters').click();
  await expect(page.getByTestId('course-chapter-page')).toBeVisible();
  const chapterTitles = () => page.getByTestId('chapter-title').allTextContents();
  await dragRow(page, `chapter-row-${second}`, `chapter-row-${first}`);
  await expect.poll(chapterTitles).toEqual(['第二章 进阶', '第一章 入门']);
  await page.reload();
  await expect.poll(chapterTitles).toEqual(['第二章 进阶', '第一章 入门']);
  await page.getByTestId(`up-chapter-row-${first}`).click();
  await expect.poll(chapterTitles).toEqual(['第一章 入门', '第二章 进阶']);

  await priceCourse(page, built.courseId, title, 19.9);
  await publishCourse(page, built.courseId, title);
  await expect(page.getByTestId(`course-row-${built.courseId}`)).toBeVisible();
});
