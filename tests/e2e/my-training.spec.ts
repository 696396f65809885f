// The learner's classes and programs end to end (issue 24), on the built app and the real server: a class
// with a fee on a new program (made through the back-office API), a new learner joins it by the invitation
// link, pays the fee through the sandbox gateway, checks in to the running session by opening its QR link
// (made through the head teacher's API), studies a lesson of the class course from the class page, and sees
// the program's progress move; the class pages open offline with the last data marked stale; all on a
// phone-sized screen without horizontal scrolling.
import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForWorker } from './fixtures/index.ts';
import { PAGE_LOAD, newCandidate, registerCandidateViaApi } from './fixtures/registration.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { publishCourseThroughApi, startPlaying } from './support/learning.ts';
import {
  MY_PROJECT,
  checkInByLink,
  checkInLinkThroughApi,
  expectClassCoursePercent,
  expectNoHorizontalScroll,
  joinClassByLink,
  makeTrainingClassThroughApi,
  myProjectInfo,
  openClassCourse,
  payClassFee,
} from './support/my-training.ts';

const stamp = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

test('a learner joins a class by link, pays, checks in, studies and sees the program move', async ({
  browser,
  request,
}) => {
  test.setTimeout(journeyTimeout(30));
  const course = await publishCourseThroughApi(request, { title: `班级课程 ${stamp}`, lessons: 2 });
  const made = await makeTrainingClassThroughApi(request, {
    name: `学员旅程班 ${stamp}`,
    courseId: course.courseId,
    feeFen: 20_000,
  });
  const page = await phonePage(browser);
  const candidate = newCandidate();
  await registerCandidateViaApi(page.request, candidate);

  await test.step('the invitation link opened signed out goes to the login and back to the invitation', async () => {
    await page.goto(`${MY_PROJECT}?join=${made.joinCode}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${MY_PROJECT}?join=${made.joinCode}`);
    await page.getByTestId('login-username').fill(candidate.username);
    await page.getByTestId('login-password').fill(candidate.password);
    const captcha = page.getByTestId('login-captcha');
    if (await captcha.isVisible().catch(() => false)) await captcha.fill('0000');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === MY_PROJECT);
    await expect(page.getByTestId('join-invitation')).toContainText(made.joinCode, PAGE_LOAD);
    // Before joining, the list is empty and points at joining.
    await expect(page.getByTestId('my-project-empty')).toBeVisible(PAGE_LOAD);
    await expectNoHorizontalScroll(page);
  });

  await test.step('the learner joins by the invitation link', async () => {
    await joinClassByLink(page, made.joinCode, made.classId);
    await expect(page.getByTestId('class-fee')).toHaveAttribute('data-fee-state', 'unpaid');
    // Unpaid: the class course is not open yet.
    await expect(page.getByTestId('class-course-continue')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  });

  await test.step('pays the fee through the sandbox gateway; the class course opens', async () => {
    await payClassFee(page, made.classId);
    await expect(page.getByTestId('class-course-continue')).toBeVisible();
  });

  await test.step('an old code asks to scan again; the session QR link checks in with one tap', async () => {
    await page.goto(`${myProjectInfo(made.classId)}&checkin=${made.sessionId}.0000000000000000`);
    await page.getByTestId('check-in-tap').click();
    await expect(page.getByTestId('check-in-problem')).toHaveAttribute('data-kind', 'expired');
    await expectNoHorizontalScroll(page);
    const link = await checkInLinkThroughApi(request, made.sessionId);
    expect(link).toContain(`/userCenter/myProjectInfo?id=${made.classId}&checkin=${made.sessionId}.`);
    await checkInByLink(page, link, made.sessionId);
  });

  await test.step('studies the first lesson from the class page; the program progress moves', async () => {
    await page.goto('/userCenter/myProgram');
    const program = page.getByTestId(`my-program-${made.programId}`);
    await expect(program).toBeVisible(PAGE_LOAD);
    await expect(program.getByTestId(`program-course-${course.courseId}`)).toHaveText('0%');
    await expect(program.getByTestId('program-next-step')).toHaveAttribute('data-kind', 'course');
    await expectNoHorizontalScroll(page);

    await openClassCourse(page, made.classId, course.courseId);
    await startPlaying(page);
    await expect(page.getByTestId('lesson-completed')).toBeVisible({ timeout: 90_000 });
    await expectClassCoursePercent(page, made.classId, course.courseId, 50);

    await page.goto('/userCenter/myProgram');
    await expect(program.getByTestId(`program-course-${course.courseId}`)).toHaveText('50%', PAGE_LOAD);
  });

  await test.step('the class pages open offline with the last data, marked stale', async () => {
    await waitForWorker(page);
    await page.goto(MY_PROJECT);
    await expect(page.getByTestId(`my-class-${made.classId}`)).toBeVisible(PAGE_LOAD);
    await page.goto(myProjectInfo(made.classId));
    await expect(page.getByTestId('class-title')).toBeVisible(PAGE_LOAD);
    await page.context().setOffline(true);
    try {
      await page.goto(MY_PROJECT);
      await expect(page.getByTestId(`my-class-${made.classId}`)).toBeVisible(PAGE_LOAD);
      await expect(page.getByTestId('stale-badge').first()).toHaveAttribute('data-state', 'offline');
      await page.goto(myProjectInfo(made.classId));
      await expect(page.getByTestId('class-title')).toBeVisible(PAGE_LOAD);
      await expect(page.getByTestId('stale-badge').first()).toHaveAttribute('data-state', 'offline');
      await expect(
        page.getByTestId(`session-${made.sessionId}`).getByTestId('session-attendance'),
      ).toHaveAttribute('data-status', /present|late/);
      await expectNoHorizontalScroll(page);
    } finally {
      await page.context().setOffline(false);
    }
  });
  await page.context().close();
});
