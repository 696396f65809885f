// Training end to end (issue 24), on the built app and the real server. The manager creates a project on a
// program and a class of it with two courses and three sessions through the pages, opens the class for
// enrolment, imports 30 students from Excel (one bad row reported and left out), sends the class a notice
// and gives an imported student a password to sign in with. A learner joins by the invitation link, pays
// the fee through the sandbox gateway, checks in to the running session with its QR link and studies a
// lesson. The head teacher's attendance sheet (the college administrator's) shows the check-in; the
// manager confirms the completion; the learner downloads the completion certificate and sees the
// program's progress move. The batch pages make three classes from a template and set their capacity
// together. A college administrator's class list shows only its college's classes.
import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiLogin, bearer, expect, loginWithToken, test } from './fixtures/index.ts';
import { PAGE_LOAD, openAsLearner, registerCandidateViaApi } from './fixtures/registration.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { STUDENT_LIST, importStudents, studentRows, type StudentRow } from './support/class-members.ts';
import { confirmCompletion, expectCheckedIn } from './support/class-records.ts';
import { publishCourseThroughApi, startPlaying } from './support/learning.ts';
import {
  MY_PROGRAM,
  checkInByLink,
  checkInLinkThroughApi,
  expectClassCoursePercent,
  joinClassByLink,
  makeProgramThroughApi,
  myProjectInfo,
  openClassCourse,
  payClassFee,
} from './support/my-training.ts';
import {
  CLASS_LIST,
  createClassesFromTemplate,
  createProject,
  createProjectAndClass,
  setCapacityOfClasses,
} from './support/training.ts';

const COLLEGE = '江南职业技术学院';

interface ClassDetail {
  id: number;
  name: string;
  project_id: number;
  organization_id: number;
  head_teacher_id: number | null;
  starts_on: string;
  ends_on: string;
  capacity: number;
  fee_fen: number;
  enrol_opens_at: string | null;
  enrol_closes_at: string | null;
  rule_progress_percent: number;
  rule_attendance_percent: number;
  rule_test_pass_score: number | null;
  description: string;
  courses: { id: number; title: string }[];
  sessions: { id: number; title: string; place: string; starts_at: string; ends_at: string }[];
}

/**
 * The class page's pickers lay sessions on whole days ahead; check-in needs one running now. Moves the
 * class's schedule through the class API (the same save the class page makes): the class starts yesterday,
 * the first session runs from 5 minutes ago for 3 hours, the others on the next two days. Answers the
 * running session's id.
 */
async function runFirstSessionNow(
  request: APIRequestContext,
  token: string,
  classId: number,
): Promise<number> {
  const headers = bearer(token);
  const detail = (await (
    await request.get(`/api/v1/admin/classes/${classId}`, { headers })
  ).json()) as ClassDetail;
  const now = Date.now();
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  const res = await request.put(`/api/v1/admin/classes/${classId}`, {
    headers,
    data: {
      name: detail.name,
      project_id: detail.project_id,
      organization_id: detail.organization_id,
      head_teacher_id: detail.head_teacher_id,
      capacity: detail.capacity,
      fee_fen: detail.fee_fen,
      enrol_opens_at: detail.enrol_opens_at,
      enrol_closes_at: detail.enrol_closes_at,
      rule_progress_percent: detail.rule_progress_percent,
      rule_attendance_percent: detail.rule_attendance_percent,
      rule_test_pass_score: detail.rule_test_pass_score,
      description: detail.description,
      course_ids: detail.courses.map((course) => course.id),
      starts_on: day(-1),
      ends_on: day(30),
      sessions: detail.sessions.map((session, index) => ({
        id: session.id,
        title: session.title,
        place: session.place,
        starts_at: at(index === 0 ? -5 : index * 1440),
        ends_at: at(index === 0 ? 180 : index * 1440 + 120),
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return detail.sessions[0]!.id;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

test('a class from creation to the completion certificate', async ({ browser, page, request }) => {
  // Steps: the project and class forms (8), the state move and the class page (3), two imports (6), the
  // notice (3), a password reset (3), the learner's join, payment, check-in and lesson (12), the
  // attendance sheet (2), completion (4), the certificate and the program (4).
  test.setTimeout(journeyTimeout(45));
  const stamp = Date.now() % 1_000_000;
  const courseTitles = [`培训旅程课程甲 ${stamp}`, `培训旅程课程乙 ${stamp}`];
  const courses = [
    await publishCourseThroughApi(request, { title: courseTitles[0]!, lessons: 1 }),
    await publishCourseThroughApi(request, { title: courseTitles[1]!, lessons: 1 }),
  ];
  const programName = `培训旅程方案 ${stamp}`;
  const programId = await makeProgramThroughApi(
    request,
    programName,
    courses.map((course) => course.courseId),
  );
  const className = `培训旅程班 ${stamp}`;
  const manager = await loginWithToken(page, 'manager', CLASS_LIST);

  const created = await test.step('the manager creates the project and the class', async () => {
    const made = await createProjectAndClass(page, {
      project: `培训旅程项目 ${stamp}`,
      program: programName,
      className,
      college: COLLEGE,
      courses: courseTitles,
      sessions: ['开班仪式', '实操训练', '结业考核'],
      capacity: 40,
      fee: 200,
      // One lesson of the two courses and the one session held so far.
      rule: { progress: 50, attendance: 100 },
    });
    const detail = (await (
      await request.get(`/api/v1/admin/classes/${made.classId}`, { headers: bearer(manager) })
    ).json()) as ClassDetail;
    expect(detail.courses.map((course) => course.title)).toEqual(courseTitles);
    expect(detail.sessions.map((session) => session.title)).toEqual(['开班仪式', '实操训练', '结业考核']);
    expect(detail.fee_fen).toBe(20_000);
    expect(detail.rule_progress_percent).toBe(50);
    return made;
  });
  const sessionId = await runFirstSessionNow(request, manager, created.classId);

  await test.step('opens it for enrolment from the class list', async () => {
    await page.goto(CLASS_LIST);
    await page.getByTestId('class-search').fill(className);
    await page.getByTestId(`class-move-${created.classId}`).click();
    await page.getByTestId('class-state-confirm').click();
    await expect(page.getByTestId(`class-state-${created.classId}`)).toHaveText('报名中');
    // The class page loads the class back as saved.
    await page.getByTestId(`class-set-${created.classId}`).click();
    await expect(page.getByTestId('class-form-name')).toHaveValue(className);
    await expect(page.locator('[data-testid^="session-row-"]')).toHaveCount(3);
  });

  let importedFirst: StudentRow | undefined;
  await test.step('imports 30 students (one bad row reported), opens the class and sends a notice', async () => {
    const rows = studentRows(30, 7, stamp);
    const imported = await importStudents(page, created.classId, rows);
    expect(imported).toBe(29);
    importedFirst = rows[0]!;
    await expect(page.getByTestId('class-enrolled')).toContainText('29 / 40');
    await page.getByTestId('class-tab-notices').click();
    await page.getByTestId('notices-send').click();
    await page.getByTestId('notice-title').fill('第一次面授课安排');
    await page.getByTestId('notice-body').fill('今天上午在实训楼 201 上课，请扫码签到。');
    await page.getByTestId('notice-submit').click();
    await expect(page.getByTestId('notice-submit')).toBeHidden();
    await expect(page.getByTestId('class-notices-table')).toContainText('第一次面授课安排');
  });

  await test.step('gives an imported student a password to sign in with', async () => {
    const student = importedFirst!;
    await page.goto(STUDENT_LIST);
    await page.getByTestId('students-search').fill(student.idNumber);
    const row = page.locator('[data-testid^="student-row-"]', { hasText: student.name });
    await expect(row).toHaveCount(1);
    const id = Number((await row.getAttribute('data-testid'))!.replace('student-row-', ''));
    await page.getByTestId(`student-reset-${id}`).click();
    await page.getByTestId('confirm-ok').click();
    const shown = page.getByTestId('password-shown');
    await expect(shown).toBeVisible();
    const password = (await shown.textContent())!.trim();
    await page.getByTestId('password-done').click();
    expect(await apiLogin(request, `u${student.phone}`, 'learners', password)).toBeTruthy();
  });

  const learnerPage = await newPage(browser);
  const learnerToken = await registerCandidateViaApi(learnerPage.request);
  const me = (await (await request.get('/api/v1/user/info', { headers: bearer(learnerToken) })).json()) as {
    id: number;
  };

  await test.step('a learner joins by the invitation link and pays the fee', async () => {
    await openAsLearner(learnerPage, learnerToken, MY_PROGRAM);
    const program = learnerPage.getByTestId(`my-program-${programId}`);
    await expect(learnerPage.getByTestId('my-program-page')).toBeVisible(PAGE_LOAD);
    await expect(program).toHaveCount(0);
    await joinClassByLink(learnerPage, created.joinCode, created.classId);
    await expect(learnerPage.getByTestId('class-notices')).toContainText('第一次面授课安排');
    await payClassFee(learnerPage, created.classId);
  });

  await test.step('checks in with the session QR link and studies a lesson', async () => {
    const link = await checkInLinkThroughApi(request, sessionId);
    await checkInByLink(learnerPage, link, sessionId);
    await learnerPage.goto(MY_PROGRAM);
    const program = learnerPage.getByTestId(`my-program-${programId}`);
    await expect(program.getByTestId('program-courses-done')).toHaveText(/0\/2/, PAGE_LOAD);
    await expect(program.getByTestId(`program-class-${created.classId}`)).toHaveAttribute(
      'data-completed',
      'false',
    );
    await openClassCourse(learnerPage, created.classId, courses[0]!.courseId);
    await startPlaying(learnerPage);
    await expect(learnerPage.getByTestId('lesson-completed')).toBeVisible({ timeout: 90_000 });
    await expectClassCoursePercent(learnerPage, created.classId, courses[0]!.courseId, 100);
    await expect(learnerPage.getByTestId('class-standing')).toHaveAttribute('data-meets', 'true');
  });

  await test.step("the head teacher's attendance sheet shows the check-in", async () => {
    const teacherPage = await newPage(browser);
    await loginWithToken(teacherPage, 'college');
    await expectCheckedIn(teacherPage, created.classId, sessionId, me.id);
    await teacherPage.context().close();
  });

  await test.step('the manager confirms the completion', async () => {
    const [number] = await confirmCompletion(page, created.classId, [me.id]);
    expect(number).toMatch(/^JY\d{13}$/);
  });

  await test.step('the learner downloads the certificate and sees the program move', async () => {
    await learnerPage.goto(myProjectInfo(created.classId));
    await expect(learnerPage.getByTestId('class-completed')).toBeVisible(PAGE_LOAD);
    const download = learnerPage.waitForEvent('download');
    await learnerPage.getByTestId('class-certificate').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^结业证书-JY\d{13}\.pdf$/);
    expect(
      fs
        .readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await learnerPage.goto(MY_PROGRAM);
    const program = learnerPage.getByTestId(`my-program-${programId}`);
    await expect(program.getByTestId('program-courses-done')).toHaveText(/1\/2/, PAGE_LOAD);
    await expect(program.getByTestId(`program-course-${courses[0]!.courseId}`)).toHaveText('100%');
    await expect(program.getByTestId(`program-class-${created.classId}`)).toHaveAttribute(
      'data-completed',
      'true',
    );
  });
  await learnerPage.context().close();
});

test('the manager makes three classes from a template and sets their capacity together', async ({
  page,
  request,
}) => {
  // Steps: the projects tab and its form (3), the batch page (4), the list (1), the batch settings (3).
  test.setTimeout(journeyTimeout(11));
  const stamp = Date.now() % 1_000_000;
  const manager = await loginWithToken(page, 'manager', CLASS_LIST);
  const project = `批量班级项目 ${stamp}`;
  await createProject(page, project);
  const ids = await createClassesFromTemplate(page, {
    project,
    college: COLLEGE,
    pattern: `批量班 ${stamp} 第{n}期`,
    count: 3,
  });
  await setCapacityOfClasses(page, ids, 25);
  for (const id of ids) {
    const detail = (await (
      await request.get(`/api/v1/admin/classes/${id}`, { headers: bearer(manager) })
    ).json()) as ClassDetail;
    expect(detail.capacity).toBe(25);
    expect(detail.name).toMatch(new RegExp(`^批量班 ${stamp} 第[123]期$`));
  }
});

test("a college administrator sees only its college's classes", async ({ page, request }) => {
  // Steps: the list, a search.
  test.setTimeout(journeyTimeout(3));
  const token = await apiLogin(request, 'college');
  await loginWithToken(page, 'college', CLASS_LIST);
  const table = page.getByTestId('class-table');
  await expect(table.locator('[data-testid^="class-row-"]').first()).toBeVisible();
  await expect(table).toContainText(COLLEGE);
  await expect(table).not.toContainText('滨海技师学院');
  // The other college's demo class is not found by its name either.
  await page.getByTestId('class-search').fill('2026 电工实操强化班');
  await expect(table.locator('[data-testid^="class-row-"]')).toHaveCount(0);
  // No college filter for a college administrator.
  await expect(page.getByTestId('class-college-filter')).toHaveCount(0);
  const other = await request.get('/api/v1/admin/classes', {
    headers: bearer(token),
    params: { keyword: '2026 电工实操强化班' },
  });
  expect(((await other.json()) as { data: unknown[] }).data).toHaveLength(0);
});
