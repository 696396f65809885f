// The learner's course pages on a course the manager publishes through the API: a visitor finds it in /course
// and plays the free preview; the learner joins it, watches a lesson at real speed (heartbeats go out), reloads
// and resumes where they stopped, and finds the course in myCourse and the lesson in /myVideo; a paid course's
// "buy" makes the order and opens the gateway of the existing pay flow. Also on a phone-sized screen.
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import {
  expectInMyCourses,
  expectInMyVideos,
  expectResumeAfterReload,
  openCourseFromCatalogue,
  publishCourseThroughApi,
  startPlaying,
  watchLesson,
} from './support/learning.ts';

const stamp = Date.now().toString(36);

test.describe('learning', () => {
  test('a visitor finds a course in the catalogue and plays its free preview', async ({ page, request }) => {
    test.setTimeout(journeyTimeout(5));
    const title = `浏览器试看课程 ${stamp}`;
    const made = await publishCourseThroughApi(request, { title, priceFen: 9900 });
    await page.goto('/');
    await expect(page.getByTestId('home-courses')).toBeVisible();
    await expect(page.locator(`[data-course-title="${title}"]`)).toBeVisible();

    const courseId = await openCourseFromCatalogue(page, title);
    expect(courseId).toBe(made.courseId);
    await expect(page.getByTestId('course-price')).toHaveText('¥99.00');
    await expect(page.getByTestId('course-teachers')).toContainText('王老师');
    await expect(page.getByTestId('course-introduction')).toContainText('课程介绍');
    await expect(page.getByTestId('course-action')).toHaveAttribute('data-action', 'login');
    // The preview is open to anyone, the other lesson is not.
    const second = page.getByTestId(`lesson-row-${made.lessonIds[1]}`);
    await expect(second).toHaveAttribute('data-open', '0');
    await page.getByTestId(`lesson-row-${made.lessonIds[0]}`).click();
    await expect(page).toHaveURL(new RegExp(`/video\\?id=${made.lessonIds[0]}$`));
    await expect(page.getByTestId('preview-notice')).toBeVisible();
    await startPlaying(page);
    await expect(page.getByTestId('player-time')).toHaveText(/^0:0[1-9] \/ 0:40$|^0:[1-3]\d \/ 0:40$/);

    // A lesson that is not a preview asks the visitor to log in (once, without reloading for ever).
    await page.goto(`/video?id=${made.lessonIds[1]}`);
    await expect(page.getByTestId('lesson-login')).toBeVisible();
  });

  test('the learner joins a course, watches a lesson, resumes after a reload and finds it in myCourse and /myVideo', async ({
    page,
    request,
  }) => {
    test.setTimeout(journeyTimeout(8));
    const title = `浏览器学习课程 ${stamp}`;
    const made = await publishCourseThroughApi(request, { title });
    await loginWithToken(page, 'learner', `/courseDetail?id=${made.courseId}`);
    await expect(page.getByTestId('course-action')).toHaveAttribute('data-action', 'join');
    await page.getByTestId('course-action').click();
    await expect(page).toHaveURL(new RegExp(`/video\\?id=${made.lessonIds[0]}$`));
    await expect(page.getByTestId('preview-notice')).toHaveCount(0);

    const watched = await watchLesson(page, 25);
    expect(watched.heartbeats).toBeGreaterThanOrEqual(2);
    expect(watched.position).toBeGreaterThan(20);
    await expect(page.getByTestId('lesson-progress')).toHaveText(/已学 [1-9]\d*(\.\d)?%/);

    await expectResumeAfterReload(page, watched.position);
    await expectInMyCourses(page, made.courseId, `第 1 课 ${title}`);
    await expectInMyVideos(page, made.lessonIds[0]!);
  });

  test('"buy" on a paid course makes its order and opens the gateway', async ({ page, request }) => {
    const title = `浏览器付费课程 ${stamp}`;
    const made = await publishCourseThroughApi(request, { title, priceFen: 1990 });
    await loginWithToken(page, 'learner2', `/courseDetail?id=${made.courseId}`);
    const action = page.getByTestId('course-action');
    await expect(action).toHaveAttribute('data-action', 'buy');
    await expect(action).toHaveText('购买课程 ¥19.90');
    await action.click();
    await expect(page).toHaveURL(/\/api\/v1\/payments\/sandbox\/pay\//);
    // Back on the course, the pending order is there to pay.
    await page.goto(`/courseDetail?id=${made.courseId}`);
    await expect(action).toHaveAttribute('data-action', 'pay');
    await expect(action).toHaveText('继续支付');
  });

  test('the demo learner finds their courses and recent lessons, continues a course and reads a PDF lesson on a phone', async ({
    page,
  }) => {
    test.setTimeout(journeyTimeout(5));
    await page.setViewportSize({ width: 390, height: 844 });
    await loginWithToken(page, 'learner', '/userCenter/myCourse');
    const electrician = page.getByTestId(/^my-course-\d+$/).filter({ hasText: '电工安全操作入门' });
    await expect(electrician.getByTestId('my-course-percent')).toHaveText(/^[1-9]\d*(\.\d)?%$/);
    const tea = page.getByTestId(/^my-course-\d+$/).filter({ hasText: '茶艺师（中级）备考精讲' });
    await expect(tea).toBeVisible();

    // The bought course continues where the learner stopped.
    await tea.getByTestId('my-course-continue').click();
    await expect(page).toHaveURL(/\/video\?id=\d+$/);
    await expect
      .poll(() => page.getByTestId('lesson-video').evaluate((v) => (v as HTMLVideoElement).currentTime))
      .toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The half-read handout is in /myVideo; "continue" opens the PDF with its reading timer.
    await page.goto('/myVideo');
    const handout = page.getByTestId(/^recent-lesson-\d+$/).filter({ hasText: '1.2 安全规程要点（讲义）' });
    await handout.getByTestId('recent-lesson-continue').click();
    await expect(page.getByTestId('lesson-document')).toBeAttached();
    await expect(page.getByTestId('lesson-document-download')).toBeVisible();
    await expect(page.getByTestId('reading-timer')).toContainText('/ 5:00');
  });

  test('the catalogue and a course fit a phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const title = `浏览器手机课程 ${stamp}`;
    await publishCourseThroughApi(request, { title });
    await openCourseFromCatalogue(page, title);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByTestId('course-action')).toBeVisible();
  });
});
