// Courses and video learning end to end (issue 23), on the built app and the real server, one course from
// the video library to the learner's progress:
// 1. the manager uploads a real MP4 made with ffmpeg on the video library page; the connection drops
//    mid-upload (Chromium's offline emulation) and the upload goes on from where it stopped;
// 2. builds a course with two chapters and three lessons (the new video as the free preview, two demo
//    library videos), prices it and publishes it, on the course, chapter and lesson pages;
// 3. a visitor finds it in /course and plays the free preview;
// 4. a new learner buys it through the sandbox gateway (the existing order and pay flow), watches a lesson
//    at real speed for a few heartbeats, reloads and resumes at the same position, and finds the course
//    with its progress in myCourse and the lesson in /myVideo.
// The video library, course and learning specs cover each page's other paths.
import type { Browser, Page } from '@playwright/test';
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { PAGE_LOAD, openAsLearner, registerCandidateViaApi } from './fixtures/registration.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { buildCourse, priceCourse, publishCourse } from './support/courses.ts';
import {
  expectInMyCourses,
  expectInMyVideos,
  expectResumeAfterReload,
  openCourseFromCatalogue,
  startPlaying,
  watchLesson,
} from './support/learning.ts';
import { VIDEO_PAGE, expectUploadDone, findVideo, makeVideo, startVideoUpload } from './support/videos.ts';

const stamp = Date.now().toString(36);
/** Two of the demo library's videos (src/server/demo/videos.ts), 40 s each. */
const DEMO_VIDEOS = ['电工安全操作规范', '茶艺基础：器具与冲泡'] as const;
const TUS_PATCHES = '**/api/v1/admin/videos/tus/**';

/** A page in a context of its own (cookies, offline switch), in the app's locale and time zone. */
async function pageIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

const uploadPercent = async (page: Page) =>
  Number((await page.getByTestId('video-upload-percent').textContent())?.replace('%', '') ?? 0);

test('a course from the video library to the learner’s progress', async ({ browser }) => {
  test.setTimeout(journeyTimeout(30));
  const videoTitle = `旅程视频 ${stamp}`;
  const courseTitle = `旅程课程 ${stamp}`;
  const manager = await pageIn(browser);

  await test.step('the manager uploads a video; the connection drops mid-upload and it goes on', async () => {
    const file = makeVideo(`journey-${stamp}.mp4`, 4);
    await loginWithToken(manager, 'manager', VIDEO_PAGE);
    await expect(manager.getByTestId('video-library-page')).toBeVisible();
    // Small chunks, each held back a little, so there is an upload to interrupt.
    await manager.evaluate(() => localStorage.setItem('video-upload-chunk-bytes', String(256 * 1024)));
    await manager.route(TUS_PATCHES, async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue().catch(() => undefined);
    });
    await startVideoUpload(manager, file, videoTitle);
    await expect.poll(() => uploadPercent(manager), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
    await manager.context().setOffline(true);
    await expect(manager.getByTestId('video-upload-state')).toHaveText(/网络已断开/);
    const atDrop = await uploadPercent(manager);
    await manager.context().setOffline(false);
    await expect.poll(() => uploadPercent(manager), { timeout: 30_000 }).toBeGreaterThan(atDrop);
    await expectUploadDone(manager);
    await manager.unroute(TUS_PATCHES);
    const videoId = await findVideo(manager, videoTitle);
    await expect(manager.getByTestId(`video-duration-${videoId}`)).toHaveText('00:04');
  });

  const course = await test.step('the manager builds the course, prices it and publishes it', async () => {
    const built = await buildCourse(manager, {
      title: courseTitle,
      price: 0,
      chapters: [
        {
          title: '第一章 认识课程',
          lessons: [
            { title: `试看课 ${stamp}`, video: videoTitle, freePreview: true },
            { title: `正课一 ${stamp}`, video: DEMO_VIDEOS[0] },
          ],
        },
        { title: '第二章 实操', lessons: [{ title: `正课二 ${stamp}`, video: DEMO_VIDEOS[1] }] },
      ],
    });
    expect(built.lessonIds.flat()).toHaveLength(3);
    await priceCourse(manager, built.courseId, courseTitle, 9.9);
    await publishCourse(manager, built.courseId, courseTitle);
    return built;
  });
  await manager.context().close();
  const [preview, firstLesson] = course.lessonIds[0]!;

  await test.step('a visitor finds it in /course and plays the free preview', async () => {
    const visitor = await pageIn(browser);
    expect(await openCourseFromCatalogue(visitor, courseTitle)).toBe(course.courseId);
    await expect(visitor.getByTestId('course-price')).toHaveText('¥9.90');
    await expect(visitor.getByTestId(`lesson-row-${firstLesson}`)).toHaveAttribute('data-open', '0');
    await visitor.getByTestId(`lesson-row-${preview}`).click();
    await expect(visitor).toHaveURL(new RegExp(`/video\\?id=${preview}$`));
    await expect(visitor.getByTestId('preview-notice')).toBeVisible();
    await startPlaying(visitor);
    await visitor.context().close();
  });

  const learner = await pageIn(browser);
  await test.step('a new learner buys it through the sandbox gateway', async () => {
    const token = await registerCandidateViaApi(learner.request);
    await openAsLearner(learner, token, `/courseDetail?id=${course.courseId}`);
    const action = learner.getByTestId('course-action');
    await expect(action).toHaveAttribute('data-action', 'buy', PAGE_LOAD);
    await action.click();
    await learner.waitForURL(/\/api\/v1\/payments\/sandbox\/pay\//);
    await learner.getByRole('button', { name: '确认支付' }).click();
    await learner.waitForURL(
      (url) => url.pathname === '/userCenter/myOrder' && url.searchParams.has('order_no'),
    );
    await expect(learner.getByTestId('order-paid-notice')).toBeVisible(PAGE_LOAD);
    await learner.goto(`/courseDetail?id=${course.courseId}`);
    await expect(action).not.toHaveAttribute('data-action', /buy|pay|login/, PAGE_LOAD);
    await expect(learner.getByTestId(`lesson-row-${firstLesson}`)).toHaveAttribute('data-open', '1');
  });

  await test.step('the learner watches a lesson, reloads and resumes, and sees the progress', async () => {
    await learner.getByTestId(`lesson-row-${firstLesson}`).click();
    await expect(learner).toHaveURL(new RegExp(`/video\\?id=${firstLesson}$`));
    const watched = await watchLesson(learner, 22);
    expect(watched.heartbeats).toBeGreaterThanOrEqual(2);
    await expect(learner.getByTestId('lesson-progress')).toHaveText(/已学 [1-9]\d*(\.\d)?%/);
    await expectResumeAfterReload(learner, watched.position);
    await expectInMyCourses(learner, course.courseId, `正课一 ${stamp}`);
    await expectInMyVideos(learner, firstLesson!);
  });
  await learner.context().close();
});
