// Steps of the learner's class and program pages for browser journeys (the lead's journey imports them):
// a class with a fee made through the back-office API on a new program, joining it by the invitation link,
// paying its fee through the sandbox gateway, checking in with the session's QR link, studying a class
// course's lesson from the class page, the program's progress, and the class pages opened offline.
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { apiLogin, bearer } from '../fixtures/index.ts';
import { PAGE_LOAD } from '../fixtures/registration.ts';

export const MY_PROJECT = '/userCenter/myProject';
export const myProjectInfo = (classId: number) => `/userCenter/myProjectInfo?id=${classId}`;
export const MY_PROGRAM = '/userCenter/myProgram';

async function ok<T>(response: Promise<APIResponse>, what: string): Promise<T> {
  const res = await response;
  expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

export interface MadeTrainingClass {
  classId: number;
  joinCode: string;
  programId: number;
  /** The session running now (check-in open). */
  sessionId: number;
}

/**
 * A program made by the manager through the back-office API, on the occupation and level of the demo's
 * first program, with `courseIds` required. Answers its id.
 */
export async function makeProgramThroughApi(
  request: APIRequestContext,
  name: string,
  courseIds: readonly number[],
): Promise<number> {
  const headers = bearer(await apiLogin(request, 'manager'));
  const existing = await ok<{ data: { occupation_id: number; level: number }[] }>(
    request.get('/api/v1/admin/programs', { headers, params: { limit: 1 } }),
    'programs',
  );
  const occupation = existing.data[0];
  expect(occupation, 'the demo has a program to take an occupation from').toBeTruthy();
  const program = await ok<{ id: number }>(
    request.post('/api/v1/admin/programs', {
      headers,
      data: {
        name,
        occupation_id: occupation!.occupation_id,
        level: occupation!.level,
        course_ids: courseIds,
      },
    }),
    'program',
  );
  return program.id;
}

/**
 * Made through the back-office API: a program with `courseId` required (the manager), a project of the
 * demo college on it (the college administrator), and an open class of that project with the course, a fee and two sessions (one
 * running now, one tomorrow).
 */
export async function makeTrainingClassThroughApi(
  request: APIRequestContext,
  { name, courseId, feeFen }: { name: string; courseId: number; feeFen: number },
): Promise<MadeTrainingClass> {
  const programId = await makeProgramThroughApi(request, `${name} 方案`, [courseId]);
  // The project and class belong to the demo college: its administrator makes them.
  const collegeHeaders = bearer(await apiLogin(request, 'college'));
  const project = await ok<{ id: number }>(
    request.post('/api/v1/admin/training-projects', {
      headers: collegeHeaders,
      data: { name: `${name} 项目`, program_id: programId },
    }),
    'project',
  );
  const now = Date.now();
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  const made = await ok<{ id: number; join_code: string }>(
    request.post('/api/v1/admin/classes', {
      headers: collegeHeaders,
      data: {
        name,
        project_id: project.id,
        starts_on: day(-1),
        ends_on: day(30),
        capacity: 30,
        fee_fen: feeFen,
        course_ids: [courseId],
        sessions: [
          {
            title: `${name} 第一次课`,
            place: '实训楼 101',
            starts_at: new Date(now - 5 * 60_000).toISOString(),
            ends_at: new Date(now + 3 * 3600_000).toISOString(),
          },
          {
            title: `${name} 第二次课`,
            place: '实训楼 101',
            starts_at: new Date(now + 86_400_000).toISOString(),
            ends_at: new Date(now + 86_400_000 + 2 * 3600_000).toISOString(),
          },
        ],
      },
    }),
    'class',
  );
  await ok(
    request.put(`/api/v1/admin/classes/${made.id}/state`, {
      headers: collegeHeaders,
      data: { state: 'open' },
    }),
    'open the class',
  );
  const detail = await ok<{ sessions: { id: number; title: string }[] }>(
    request.get(`/api/v1/admin/classes/${made.id}`, { headers: collegeHeaders }),
    'class detail',
  );
  const running = detail.sessions.find((session) => session.title === `${name} 第一次课`);
  return { classId: made.id, joinCode: made.join_code, programId, sessionId: running!.id };
}

/** Opens the invitation link, confirms, and lands on the class page. */
export async function joinClassByLink(page: Page, code: string, classId: number): Promise<void> {
  await page.goto(`${MY_PROJECT}?join=${code}`);
  await expect(page.getByTestId('join-invitation')).toContainText(code, PAGE_LOAD);
  await page.getByTestId('join-confirm').click();
  await page.waitForURL(
    (url) => url.pathname === '/userCenter/myProjectInfo' && url.search === `?id=${classId}`,
  );
  await expect(page.getByTestId('class-title')).toBeVisible(PAGE_LOAD);
}

/** On the class page: pays the fee at the sandbox gateway; back on the class, the fee is paid. */
export async function payClassFee(page: Page, classId: number): Promise<string> {
  await page.goto(myProjectInfo(classId));
  await expect(page.getByTestId('class-fee')).toHaveAttribute('data-fee-state', 'unpaid', PAGE_LOAD);
  await page.getByTestId('class-pay').click();
  await page.waitForURL(/\/api\/v1\/payments\/sandbox\/pay\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL((url) => url.pathname === '/userCenter/myOrder' && url.searchParams.has('order_no'));
  await expect(page.getByTestId('order-paid-notice')).toBeVisible(PAGE_LOAD);
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;
  await page.goto(myProjectInfo(classId));
  await expect(page.getByTestId('class-fee')).toHaveAttribute('data-fee-state', 'paid', PAGE_LOAD);
  return orderNo;
}

/** The session's QR link as the head teacher's panel shows it (its API), path and query only. */
export async function checkInLinkThroughApi(request: APIRequestContext, sessionId: number): Promise<string> {
  const headers = bearer(await apiLogin(request, 'manager'));
  const { link } = await ok<{ link: string }>(
    request.get(`/api/v1/admin/class-sessions/${sessionId}/check-in-code`, { headers }),
    'check-in code',
  );
  const url = new URL(link, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/** Opens the QR link, taps once, and expects present (or late) on the page and in the schedule. */
export async function checkInByLink(page: Page, link: string, sessionId: number): Promise<string> {
  await page.goto(link);
  await page.getByTestId('check-in-tap').click();
  const result = page.getByTestId('check-in-result');
  await expect(result).toBeVisible(PAGE_LOAD);
  const status = (await result.getAttribute('data-status'))!;
  expect(['present', 'late']).toContain(status);
  await expect(page.getByTestId(`session-${sessionId}`).getByTestId('session-attendance')).toHaveAttribute(
    'data-status',
    status,
  );
  return status;
}

/** From the class page, "start"/"continue" on the class course opens its lesson. */
export async function openClassCourse(page: Page, classId: number, courseId: number): Promise<void> {
  await page.goto(myProjectInfo(classId));
  await page.getByTestId(`class-course-${courseId}`).getByTestId('class-course-continue').click();
  await page.waitForURL(/\/video\?id=\d+$/);
}

/** The class page shows the class course's progress (percent) once the fresh answer is in. */
export async function expectClassCoursePercent(
  page: Page,
  classId: number,
  courseId: number,
  percent: number,
): Promise<void> {
  await page.goto(myProjectInfo(classId));
  const cell = page.getByTestId(`class-course-${courseId}`).getByTestId('class-course-percent');
  await expect(cell).toHaveText(`${percent}%`, PAGE_LOAD);
}

/** myProgram: the program's card with its required courses and next step. */
export async function expectProgram(page: Page, programId: number, courses: RegExp): Promise<void> {
  await page.goto(MY_PROGRAM);
  const card = page.getByTestId(`my-program-${programId}`);
  await expect(card).toBeVisible(PAGE_LOAD);
  await expect(card.getByTestId('program-courses-done')).toHaveText(courses);
  await expect(card.getByTestId('program-next-step')).toBeVisible();
}

/** No horizontal scroll on the page as shown. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}
