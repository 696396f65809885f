// Exam centre pages on the built app and the real server: the manager binds an approved paper (on the demo
// 电工 bank, made through the paper API) to a ticketed plan's theory session and opens the exam on
// /manage/examinationCenter/examPlanLists; a candidate takes it through the candidate API and submits; the
// examiner scores the essay and material answers on the paper's marking page in blind mode with the keyboard
// (digits, Enter) and writes the theory scores into the plan's score sheet.
import type { APIRequestContext } from '@playwright/test';
import { answerablesOf, type DrawnPaper } from '../../src/shared/exams/drawn-paper.ts';
import { apiLogin, bearer, expect, loginWithToken, test } from './fixtures/index.ts';
import { paidPlanForChain } from './fixtures/certification.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { bindAndOpenExam, scoreAllEssays, writeTheoryScores } from './support/exam-center.ts';

test.describe.configure({ mode: 'serial' });

const CANDIDATE = 'candidate08';
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PAPER = `E2E阅卷卷${stamp}`;

async function ok<T = unknown>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  status = 200,
): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** An approved random paper on the demo 电工 bank (the chain plan's occupation and level). */
async function approvedPaper(request: APIRequestContext, headers: Record<string, string>) {
  const banks = await ok<{ data: { id: number; name: string }[] }>(
    await request.get('/api/v1/admin/test-paper-banks', { headers }),
  );
  const bank = banks.data.find((b) => b.name.startsWith('电工'));
  expect(bank, 'the demo 电工 bank').toBeTruthy();
  const paper = await ok<{ id: number }>(
    await request.post('/api/v1/admin/test-papers', {
      headers,
      data: {
        name: PAPER,
        bank_id: bank!.id,
        mode: 'random',
        duration_minutes: 60,
        pass_score: 1,
        counts: { single_choice: 2, choice: 0, determine: 1, essay: 1, material: 1 },
        type_scores: { essay: 10 },
      },
    }),
    201,
  );
  await ok(await request.post(`/api/v1/admin/test-papers/${paper.id}/approve`, { headers, data: {} }));
  return paper.id;
}

test('bind and open an exam, score its essays with the keyboard, write the theory scores', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(16));
  const managerHeaders = bearer(await apiLogin(request, 'manager', 'administrators'));
  const plan = await paidPlanForChain(request, [CANDIDATE]);
  await ok(
    await request.post(`/api/v1/admin/plans/${plan.id}/seats/auto`, { headers: managerHeaders, data: {} }),
  );
  await ok(
    await request.post(`/api/v1/admin/plans/${plan.id}/tickets/issue`, { headers: managerHeaders, data: {} }),
  );
  await approvedPaper(request, managerHeaders);

  await loginWithToken(page, 'manager', '/manage/examinationCenter/examPlanLists');
  const sessionId = await test.step('bind the paper and open the exam (asked first)', () =>
    bindAndOpenExam(page, plan.title, PAPER));

  await test.step('the candidate starts, answers every question and submits', async () => {
    const token = await apiLogin(request, CANDIDATE, 'learners');
    const headers = bearer(token);
    const exams = await ok<{ data: { exam_id: number; plan_id: number; ticket_no: string }[] }>(
      await request.get('/api/v1/learner/exams', { headers }),
    );
    const exam = exams.data.find((e) => e.plan_id === plan.id)!;
    const profile = await ok<{ id_card: string }>(await request.get('/api/v1/learner/info', { headers }));
    const attempt = await ok<{ id: number; paper: DrawnPaper }>(
      await request.post(`/api/v1/learner/exams/${exam.exam_id}/start`, {
        headers,
        data: { ticket_no: exam.ticket_no, id_number: profile.id_card },
      }),
    );
    const now = new Date().toISOString();
    const parts = attempt.paper.questions.flatMap(answerablesOf);
    const answers = parts.map((q) => ({
      question_id: q.question_id,
      answer:
        q.type === 'essay'
          ? { choices: [], text: `考生的作答 ${q.question_id}` }
          : { choices: [q.options[0]!.key], text: '' },
      version: 1,
      recorded_at: now,
    }));
    await ok(
      await request.post(`/api/v1/learner/attempts/${attempt.id}/submit`, {
        headers: { ...headers, 'idempotency-key': `e2e-exam-center-${stamp}` },
        data: { device_now: now, answers },
      }),
    );
  });

  await test.step('the live monitor shows the submitted candidate', async () => {
    await page.getByTestId(`exam-monitor-${sessionId}`).click();
    await expect(page.getByTestId('exam-monitor-counts')).toContainText('已交卷 1');
    await expect(page.getByTestId('exam-monitor-rows')).toContainText('已交卷');
    await page.keyboard.press('Escape');
  });

  const scored = await test.step('score every essay and material answer, blind, with the keyboard', () =>
    scoreAllEssays(page, PAPER));
  expect(scored).toBeGreaterThan(0);

  await test.step('write the theory scores into the score sheet', async () => {
    const result = await writeTheoryScores(page, plan.title);
    expect(result).toContain('已写入 1 名考生的理论成绩');
    const sheet = await ok<{ data: { score: { theory: number | null } | null }[] }>(
      await request.get(`/api/v1/admin/plans/${plan.id}/scores`, { headers: managerHeaders }),
    );
    expect(sheet.data[0]!.score!.theory).not.toBeNull();
  });
});
