// The online theory exam end to end (issue 22), on the built app and the real server: the manager builds a
// question bank (a category and the 60-question template workbook of all five types), a random paper that
// is checked and approved, binds it to a plan whose candidates hold admission tickets and opens the exam.
// The candidate starts from the admission ticket page with ticket + ID number, answers half the paper, loses
// the network (Chromium's offline emulation), answers the rest offline, reloads the page offline (the
// service worker serves the shell and the runner resumes from the device at the same question with every
// answer), comes back online and submits; the server holds every answer exactly once, at the version the
// device made. A second candidate's paper differs. The examiner scores the essays, theory scores go to the
// plan's score sheet, the scores are published and the candidate sees the total in achievementQuery.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/shared/api/constants.ts';
import {
  apiLogin,
  bearer,
  expect,
  loginWithToken,
  test,
  waitForWorker,
  watchBrowserProblems,
} from './fixtures/index.ts';
import { paidPlanForChain, type ChainPlan } from './fixtures/certification.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { bindAndOpenExam, scoreAllEssays, writeTheoryScores } from './support/exam-center.ts';
import { checkAndApprovePaper, buildRandomPaper } from './support/exam-papers.ts';
import { createBankAndCategory, importQuestionsFromTemplate } from './support/exam-questions.ts';
import { writeQuestionFixture } from './support/question-fixture.ts';

/** Demo candidates with complete profiles that the other journeys leave alone. */
const CANDIDATES = ['candidate06', 'candidate07'] as const;
/** The random paper: 13 top-level questions of the five types. */
const COUNTS = { single_choice: 4, choice: 3, determine: 3, essay: 2, material: 1 };

interface Ticket {
  plan_id: number;
  ticket_no: string;
  id_number: string;
}
interface HeldAnswer {
  question_id: number;
  version: number;
  answer: { choices: string[]; text: string };
}
interface AttemptView {
  id: number;
  exam_id: number;
  state: string;
  paper: {
    total_score: number;
    questions: {
      question_id: number;
      type: string;
      options: { key: string }[];
      sub_questions: { question_id: number; type: string; options: { key: string }[] }[];
    }[];
  };
  answers: HeldAnswer[];
  late: unknown[];
  result: { score: number | null; total_score: number } | null;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status?: number): Promise<T> {
  const text = await response.text();
  if (status) expect(response.status(), `${response.url()}: ${text}`).toBe(status);
  else expect(response.status(), `${response.url()}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : null) as T;
}

/** A context of its own (cookies, offline switch), in the app's locale and time zone. */
async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/** A learner signed in as the client does it (the session cookies), then `target` opened. */
async function learnerPage(context: BrowserContext, username: string, target: string): Promise<Page> {
  const page = await context.newPage();
  const token = await apiLogin(page.request, username, 'learners');
  const base = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1');
  await context.addCookies([
    { name: STORAGE_KEYS.learnerToken, value: token, domain: base.hostname, path: '/', sameSite: 'Lax' },
    {
      name: STORAGE_KEYS.learnerTokenType,
      value: 'Bearer',
      domain: base.hostname,
      path: '/',
      sameSite: 'Lax',
    },
  ]);
  await page.goto(target);
  return page;
}

/** The candidate's ticket on the plan, with the ID number the identity check asks for (the ticket masks it). */
async function ticketOf(request: APIRequestContext, token: string, planId: number): Promise<Ticket> {
  const tickets = await ok<{ data: Ticket[] }>(
    await request.get('/api/v0/user/occupational-skill-tests/admissionDownload', {
      headers: bearer(token),
      params: { page: 1, limit: 50 },
    }),
  );
  const ticket = tickets.data.find((t) => t.plan_id === planId);
  expect(ticket, 'the candidate holds a ticket on the plan').toBeTruthy();
  const profile = await ok<{ id_card: string }>(
    await request.get('/api/v1/learner/info', { headers: bearer(token) }),
  );
  return { ...ticket!, id_number: profile.id_card };
}

// ---------------------------------------------------------------- the back office
// Every back-office step is that page's own (tests/e2e/support/exam-*.ts): the question bank, the test
// papers and the exam centre (binding, opening, blind scoring, writing the theory scores).

interface ExamSetup {
  plan: ChainPlan;
  bankId: number;
  paperId: number;
  paperName: string;
  examId: number;
}

/** The manager builds the bank, its category, the 60 imported questions and the approved random paper. */
async function buildBankAndPaper(page: Page, stamp: string) {
  const bankName = `理论考试题库 ${stamp}`;
  const bankId = await createBankAndCategory(page, {
    name: bankName,
    occupation: '电工',
    level: '中级工',
    categories: ['综合'],
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'exam-journey-')), 'questions.xlsx');
  const written = await writeQuestionFixture(file, undefined, `J${stamp}`);
  expect(written.total).toBe(60);
  expect(await importQuestionsFromTemplate(page, bankName, file)).toBe(60);
  const paperName = `理论考试随机卷 ${stamp}`;
  await buildRandomPaper(page, {
    name: paperName,
    bank: bankName,
    counts: COUNTS,
    durationMinutes: 60,
    passScore: 25,
  });
  const paperId = await checkAndApprovePaper(page, paperName);
  return { bankId, paperId, paperName };
}

async function issueTickets(request: APIRequestContext, headers: Record<string, string>, planId: number) {
  await ok(await request.post(`/api/v1/admin/plans/${planId}/seats/auto`, { headers, data: {} }));
  await ok(await request.post(`/api/v1/admin/plans/${planId}/tickets/issue`, { headers, data: {} }));
}

/** The online exam bound to the plan's theory session (bound on the exam plan list page). */
async function examOf(request: APIRequestContext, headers: Record<string, string>, plan: ChainPlan) {
  const sessions = await ok<{ data: { plan_id: number; exam: { id: number; state: string } | null }[] }>(
    await request.get('/api/v1/admin/online-exams', {
      headers,
      params: { keyword: plan.code, page: 1, limit: 50 },
    }),
  );
  const exam = sessions.data.find((s) => s.plan_id === plan.id)?.exam;
  expect(exam?.state, 'the exam is bound and open').toBe('open');
  return exam!.id;
}

// ---------------------------------------------------------------- the candidate's page

/** Answers the question on screen; answers each answered question id with the version the device made. */
async function answerCurrentQuestion(page: Page, essay: string): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  const question = page.getByTestId('exam-question');
  const type = await question.getAttribute('data-type');
  const parts = type === 'material' ? await question.getByTestId('sub-question').all() : [question];
  for (const part of parts) {
    const id = Number(await part.getAttribute('data-question-id'));
    const partType = await part.getAttribute('data-type');
    const options = part.locator(`[data-testid^="option-${id}-"]`);
    if (partType === 'essay') {
      await part.getByTestId(`answer-${id}`).fill(`${essay} ${id}`);
      versions.set(id, 1);
    } else if (partType === 'choice') {
      await options.nth(0).check();
      await options.nth(1).check();
      versions.set(id, 2);
    } else {
      await options.nth(0).check();
      versions.set(id, 1);
    }
    await expect(part.getByTestId('save-mark').first()).toBeVisible();
  }
  return versions;
}

async function currentQuestionId(page: Page): Promise<number> {
  return Number(await page.getByTestId('exam-question').getAttribute('data-question-id'));
}

test.describe.configure({ mode: 'serial' });

test.describe('the online theory exam', () => {
  let setup: ExamSetup;
  let managerHeaders: Record<string, string>;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(journeyTimeout(24));
    const stamp = Date.now().toString(36).slice(-5).toUpperCase();
    managerHeaders = bearer(await apiLogin(request, 'manager', 'administrators'));
    // The plan, its candidates' applications, payments and tickets through the API (other journeys' pages).
    const plan = await paidPlanForChain(request, CANDIDATES);
    await issueTickets(request, managerHeaders, plan.id);
    // The question bank and paper pages, as the manager uses them.
    const context = await newContext(browser);
    const manager = await context.newPage();
    await loginWithToken(manager, 'manager');
    const { bankId, paperId, paperName } = await buildBankAndPaper(manager, stamp);
    await bindAndOpenExam(manager, plan.title, paperName);
    await context.close();
    const examId = await examOf(request, managerHeaders, plan);
    setup = { plan, bankId, paperId, paperName, examId };
  });

  test('a candidate answers through a lost network and a reload, submits, and sees the published total', async ({
    browser,
    request,
  }) => {
    test.setTimeout(journeyTimeout(20));
    const context = await newContext(browser);
    const page = await learnerPage(context, CANDIDATES[0], '/userCenter/admissionDown');
    const problems = watchBrowserProblems(page);
    const token = await apiLogin(request, CANDIDATES[0], 'learners');
    const ticket = await ticketOf(request, token, setup.plan.id);
    const expected = new Map<number, number>();
    let attemptId = 0;

    await test.step('the ticket page leads to the open exam; identity check and start', async () => {
      await expect(page.getByTestId('open-exam-notice')).toBeVisible();
      await page.getByTestId('open-exam-go').click();
      await expect(page).toHaveURL(/\/userCenter\/myExam$/);
      const card = page.locator(`[data-testid="my-exam-card"][data-exam-id="${setup.examId}"]`);
      await card.getByTestId('my-exam-enter').click();
      await expect(page.getByTestId('exam-identity')).toBeVisible();
      await expect(page.getByTestId('identity-ticket-no')).toHaveValue(ticket.ticket_no);
      // A wrong ID number is refused under its input.
      await page.getByTestId('identity-id-number').fill('110101199001011234');
      await page.getByTestId('identity-start').click();
      await expect(page.getByTestId('exam-identity')).toContainText('不一致');
      await page.getByTestId('identity-id-number').fill(ticket.id_number);
      await page.getByTestId('identity-start').click();
      await expect(page.getByTestId('exam-runner')).toBeVisible();
      attemptId = Number(await page.getByTestId('exam-runner').getAttribute('data-attempt-id'));
      await expect(page.getByTestId('exam-countdown')).toContainText(/\d\d:\d\d/);
      await waitForWorker(page);
    });

    const total = await page.locator('[data-testid^="sheet-"]').count();
    expect(total).toBe(13);
    const half = Math.floor(total / 2);

    await test.step('half the paper online: every answer saved on the server', async () => {
      for (let i = 0; i < half; i++) {
        for (const [id, v] of await answerCurrentQuestion(page, '在线作答')) expected.set(id, v);
        await page.getByTestId('question-next').click();
      }
      await expect(page.getByTestId('exam-connection')).toHaveAttribute('data-state', 'saved');
      for (let n = 1; n <= half; n++)
        await expect(page.getByTestId(`sheet-${n}`)).toHaveAttribute('data-mark', 'saved');
    });

    let resumeAt = 0;
    await test.step('offline: the rest is kept on the device, and a reload resumes at the same question', async () => {
      await context.setOffline(true);
      await expect(page.getByTestId('exam-connection')).toHaveAttribute('data-state', 'offline');
      for (let i = half; i < total; i++) {
        for (const [id, v] of await answerCurrentQuestion(page, '离线作答')) expected.set(id, v);
        if (i < total - 1) await page.getByTestId('question-next').click();
      }
      for (let n = half + 1; n <= total; n++)
        await expect(page.getByTestId(`sheet-${n}`)).toHaveAttribute('data-mark', 'device');
      // Back to a question in the middle, then the page is reloaded with no network.
      await page.getByTestId(`sheet-${half + 1}`).click();
      resumeAt = await currentQuestionId(page);
      await page.reload();
      await expect(page.getByTestId('exam-runner')).toBeVisible();
      expect(await currentQuestionId(page)).toBe(resumeAt);
      for (let n = 1; n <= total; n++)
        await expect(page.getByTestId(`sheet-${n}`)).not.toHaveAttribute('data-mark', 'none');
      await expect(page.getByTestId('exam-connection')).toHaveAttribute('data-state', 'offline');
    });

    await test.step('back online: everything is sent, then the candidate submits', async () => {
      await context.setOffline(false);
      await expect(page.getByTestId('exam-connection')).toHaveAttribute('data-state', 'saved', {
        timeout: 60_000,
      });
      for (let n = 1; n <= total; n++)
        await expect(page.getByTestId(`sheet-${n}`)).toHaveAttribute('data-mark', 'saved');
      await page.getByTestId('exam-submit').click();
      await expect(page.getByTestId('submit-unanswered')).toContainText('所有题目都已作答');
      await page.getByTestId('submit-confirm').click();
      await expect(page.getByTestId('exam-finished')).toBeVisible();
    });

    await test.step('the server holds every answer once, at the version the device made', async () => {
      const view = await ok<AttemptView>(
        await request.get(`/api/v1/learner/attempts/${attemptId}`, { headers: bearer(token) }),
      );
      expect(view.state).toBe('submitted');
      expect(view.late).toEqual([]);
      expect(view.result).toBeNull();
      const held = new Map(view.answers.map((a) => [a.question_id, a.version]));
      expect(held.size).toBe(view.answers.length);
      expect(Object.fromEntries(held)).toEqual(Object.fromEntries(expected));
      const essays = view.answers.filter((a) => a.answer.text !== '');
      expect(essays.some((a) => a.answer.text.startsWith('离线作答'))).toBe(true);
    });

    await test.step("a second candidate's paper differs", async () => {
      const otherToken = await apiLogin(request, CANDIDATES[1], 'learners');
      const otherTicket = await ticketOf(request, otherToken, setup.plan.id);
      const other = await ok<AttemptView>(
        await request.post(`/api/v1/learner/exams/${setup.examId}/start`, {
          headers: bearer(otherToken),
          data: { ticket_no: otherTicket.ticket_no, id_number: otherTicket.id_number },
        }),
      );
      const mine = await ok<AttemptView>(
        await request.get(`/api/v1/learner/attempts/${attemptId}`, { headers: bearer(token) }),
      );
      const shape = (v: AttemptView) =>
        JSON.stringify(v.paper.questions.map((q) => [q.question_id, q.options.map((o) => o.key)]));
      expect(shape(other)).not.toBe(shape(mine));
      // It answers its essays and submits, so every ticketed candidate has a theory score.
      const essays = other.paper.questions.flatMap((q) =>
        q.type === 'material'
          ? q.sub_questions.filter((s) => s.type === 'essay')
          : q.type === 'essay'
            ? [q]
            : [],
      );
      const at = new Date().toISOString();
      await ok(
        await request.post(`/api/v1/learner/attempts/${other.id}/submit`, {
          headers: bearer(otherToken),
          data: {
            device_now: at,
            answers: essays.map((q) => ({
              question_id: q.question_id,
              answer: { choices: [], text: '第二位考生的作答' },
              version: 1,
              recorded_at: at,
            })),
          },
        }),
      );
    });

    await test.step('the examiner scores the essays; theory scores are written and published', async () => {
      await ok(
        await request.post(`/api/v1/admin/online-exams/${setup.examId}/close`, {
          headers: managerHeaders,
          data: {},
        }),
      );
      const backOffice = await newContext(browser);
      const examiner = await backOffice.newPage();
      await loginWithToken(examiner, 'manager');
      expect(await scoreAllEssays(examiner, setup.paperName)).toBeGreaterThan(0);
      expect(await writeTheoryScores(examiner, setup.plan.title)).toContain('已写入');
      await backOffice.close();
      await ok(
        await request.post(`/api/v1/admin/plans/${setup.plan.id}/scores/publish`, {
          headers: managerHeaders,
          data: {},
        }),
      );
    });

    await test.step('the candidate sees the total in achievementQuery', async () => {
      const view = await ok<AttemptView>(
        await request.get(`/api/v1/learner/attempts/${attemptId}`, { headers: bearer(token) }),
      );
      expect(view.result?.score).not.toBeNull();
      const theory = Math.round((view.result!.score! / view.result!.total_score) * 1000) / 10;
      await page.goto('/userCenter/achievementQuery');
      await expect(page.getByText(setup.plan.title).first()).toBeVisible();
      await expect(page.locator('body')).toContainText(String(theory));
    });

    // The refused identity answers 422 and the offline requests fail on purpose: the pages handle both.
    expect(
      problems.filter(
        (p) =>
          p.kind !== 'console' ||
          !/status of 4\d\d|ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch/.test(p.text),
      ),
    ).toEqual([]);
    await context.close();
  });
});
