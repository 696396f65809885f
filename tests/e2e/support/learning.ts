// Steps of the learner's course pages for browser journeys: a published course made through the back-office
// API (on a library video), finding a course in /course, playing a lesson at real speed while its heartbeats
// go out, checking that a reload resumes where it stopped, and finding the course and lesson in
// /userCenter/myCourse and /myVideo.
import { expect, type APIRequestContext, type APIResponse, type Page, type Response } from '@playwright/test';
import { apiLogin, bearer } from '../fixtures/index.ts';

export interface MadeCourse {
  courseId: number;
  /** In course order: the first is a free preview. */
  lessonIds: number[];
}

async function ok<T>(response: Promise<APIResponse>, what: string): Promise<T> {
  const res = await response;
  expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A 40-second demo video: other journeys upload shorter ones, which come first in the library. */
const DEMO_VIDEO_TITLE = '电工安全操作规范';

/**
 * Publishes a course made by the manager through the back-office API: one chapter with `lessons` video
 * lessons on a 40-second demo video, the first a free preview. `priceFen` 0 makes it free.
 */
export async function publishCourseThroughApi(
  request: APIRequestContext,
  { title, priceFen = 0, lessons = 2 }: { title: string; priceFen?: number; lessons?: number },
): Promise<MadeCourse> {
  const headers = bearer(await apiLogin(request, 'manager'));
  const videos = await ok<{ data: { id: number; title: string }[] }>(
    request.get('/api/v1/admin/videos', { headers, params: { keyword: DEMO_VIDEO_TITLE, limit: 10 } }),
    'video library',
  );
  const videoId = videos.data.find((video) => video.title === DEMO_VIDEO_TITLE)?.id;
  expect(videoId, `the demo video library has "${DEMO_VIDEO_TITLE}"`).toBeTruthy();
  const course = await ok<{ id: number }>(
    request.post('/api/v1/admin/courses', {
      headers,
      data: {
        title,
        price_fen: priceFen,
        category: '浏览器测试',
        introduction: `<p>${title}：课程介绍</p>`,
        teachers: [{ name: '王老师', title: '高级技师' }],
      },
    }),
    'course',
  );
  const chapter = await ok<{ id: number }>(
    request.post(`/api/v1/admin/courses/${course.id}/chapters`, { headers, data: { title: '第一章 入门' } }),
    'chapter',
  );
  const lessonIds: number[] = [];
  for (let i = 0; i < lessons; i++) {
    const lesson = await ok<{ id: number }>(
      request.post(`/api/v1/admin/courses/${course.id}/lessons`, {
        headers,
        data: {
          title: `第 ${i + 1} 课 ${title}`,
          chapter_id: chapter.id,
          kind: 'video',
          video_id: videoId,
          free_preview: i === 0,
          no_seek_ahead: i > 0,
        },
      }),
      'lesson',
    );
    lessonIds.push(lesson.id);
  }
  await ok(request.post(`/api/v1/admin/courses/${course.id}/publish`, { headers }), 'publish');
  return { courseId: course.id, lessonIds };
}

/** /course: searches for the course by title and opens its detail. */
export async function openCourseFromCatalogue(page: Page, title: string): Promise<number> {
  await page.goto('/course');
  await expect(page.getByTestId('course-page')).toBeVisible();
  await page.getByTestId('course-search').fill(title);
  const card = page.locator(`[data-course-title="${title}"]`);
  await expect(card).toHaveCount(1);
  const courseId = Number((await card.getAttribute('data-testid'))!.replace('course-card-', ''));
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/courseDetail\\?id=${courseId}$`));
  await expect(page.getByTestId('course-detail-title')).toHaveText(title);
  return courseId;
}

const video = (page: Page) => page.getByTestId('lesson-video');

/** The player's position (seconds). */
export function playerPosition(page: Page): Promise<number> {
  return video(page).evaluate((element) => (element as HTMLVideoElement).currentTime);
}

/** Starts playback with the player's own button and waits until the video really moves. */
export async function startPlaying(page: Page): Promise<number> {
  await expect(video(page)).toBeVisible();
  // The resume position is applied once the metadata is in.
  await expect
    .poll(() => video(page).evaluate((element) => (element as HTMLVideoElement).readyState))
    .toBeGreaterThanOrEqual(1);
  const from = await playerPosition(page);
  await page.getByTestId('player-toggle').click();
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-playing', '1');
  await expect.poll(() => playerPosition(page)).toBeGreaterThan(from + 0.5);
  return from;
}

const isHeartbeat = (response: Response) =>
  response.request().method() === 'POST' &&
  /\/api\/v1\/learner\/lessons\/\d+\/heartbeats$/.test(response.url());

/**
 * On /video: plays the lesson at real speed for `seconds`, then pauses (the pause sends a last heartbeat,
 * waited for). Answers the position paused at and how many heartbeats the server accepted meanwhile.
 */
export async function watchLesson(
  page: Page,
  seconds: number,
): Promise<{ position: number; heartbeats: number }> {
  let heartbeats = 0;
  const count = (response: Response) => {
    if (isHeartbeat(response) && response.ok()) heartbeats += 1;
  };
  page.on('response', count);
  try {
    await startPlaying(page);
    await page.waitForTimeout(seconds * 1000);
    const last = page.waitForResponse((response) => isHeartbeat(response) && response.ok());
    await page.getByTestId('player-toggle').click();
    await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-playing', '0');
    await last;
    return { position: await playerPosition(page), heartbeats };
  } finally {
    page.off('response', count);
  }
}

/** Reloads /video and checks playback resumes within `tolerance` seconds of `position`. */
export async function expectResumeAfterReload(page: Page, position: number, tolerance = 3): Promise<void> {
  await page.reload();
  await expect(video(page)).toBeVisible();
  await expect
    .poll(async () => Math.abs((await playerPosition(page)) - position), { timeout: 20_000 })
    .toBeLessThanOrEqual(tolerance);
}

/** /userCenter/myCourse lists the course with its progress (and the last lesson studied, when given). */
export async function expectInMyCourses(
  page: Page,
  courseId: number,
  lastLessonTitle?: string,
): Promise<void> {
  await page.goto('/userCenter/myCourse');
  const card = page.getByTestId(`my-course-${courseId}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('my-course-percent')).toHaveText(/^\d+(\.\d)?%$/);
  if (lastLessonTitle) await expect(card).toContainText(lastLessonTitle);
}

/** /myVideo lists the lesson with some progress; "继续" opens it. */
export async function expectInMyVideos(page: Page, lessonId: number): Promise<void> {
  await page.goto('/myVideo');
  const card = page.getByTestId(`recent-lesson-${lessonId}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('recent-lesson-position')).toHaveText(/[1-9]\d*(\.\d)?%|已完成/);
  await card.getByTestId('recent-lesson-continue').click();
  await expect(page).toHaveURL(new RegExp(`/video\\?id=${lessonId}$`));
}
