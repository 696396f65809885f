// The certification chain across both sides (issue 6), on a fresh plan whose candidates applied, were
// approved and paid through the real API: the manager auto-assigns seats and issues admission tickets; the
// candidate downloads the ticket PDF (its text extracted with pdftotext) and, with the network offline,
// still opens the ticket page; the manager imports scores from the Excel template (a file with one wrong
// row is refused whole first), publishes them and issues certificates; the candidate sees the
// notification, the scores and the certificate, and the certificate's QR verification page confirms it.
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CERTIFICATE_NUMBER_PATTERN } from '../../src/shared/certificates/schema.ts';
import {
  apiLogin,
  bearer,
  expect,
  loginAs,
  test,
  waitForWorker,
  watchBrowserProblems,
  type BrowserProblem,
} from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import {
  fillScoreSheet,
  loginLearnerForm,
  paidPlanForChain,
  pdfTextOf,
  readScoreSheet,
  type ChainPlan,
  type SheetMarks,
} from './fixtures/certification.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface TicketAnswer {
  data: { id: number; plan_id: number; ticket_no: string; name: string; verify_path: string }[];
}
interface LearnerScoreAnswer {
  data: {
    plan_id: number;
    theory: number | null;
    passed: boolean;
    certificate: { number: string; verify_path: string } | null;
  }[];
}
interface ScoreListAnswer {
  data: { enrollment_id: number; score: { theory: number | null } | null }[];
  summary: { candidates: number; entered: number; passed: number };
  plan: { state: string };
}
interface SeatListAnswer {
  summary: { paid: number; ticketed: number; unseated: number };
  plan: { state: string };
}

/** A context of its own (cookies, offline switch), in the app's locale and time zone. */
async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/**
 * Problems that are not expected here: the refused import answers 422 and the offline reload fails its
 * network requests on purpose; both show up as console errors the pages handle themselves.
 */
const unexpected = (problems: BrowserProblem[]) =>
  problems.filter(
    (p) => p.kind !== 'console' || !/status of 4\d\d|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(p.text),
  );

/** Waits for the answer of an API call the page makes (method + path suffix). */
const apiAnswer = (page: Page, method: string, path: string) =>
  page.waitForResponse(
    (res) => res.request().method() === method && new URL(res.url()).pathname === `/api${path}`,
  );

test.describe('certification chain: seats, tickets, scores, certificates', () => {
  test('seats and tickets, the ticket PDF and offline page, the Excel import, publication and the certificate', async ({
    browser,
    request,
  }, testInfo) => {
    // Steps: the plan and its three candidates through the API (four), seats and tickets (four), the
    // candidate's login, ticket page, PDF and offline reload (five), the Excel template, the refused and the
    // accepted import, publication and certificates (five), notifications, scores and two QR pages (four).
    test.setTimeout(journeyTimeout(22));

    const plan: ChainPlan = await test.step('a fresh plan with three paid candidates (API)', () =>
      paidPlanForChain(request));
    const managerToken = await apiLogin(request, 'manager', 'administrators');
    const candidate = plan.candidates[0]!;
    const candidateToken = await apiLogin(request, candidate.username, 'learners', candidate.password);

    const managerContext = await newContext(browser);
    const manager = await managerContext.newPage();
    const managerProblems = watchBrowserProblems(manager);
    const learnerContext = await newContext(browser);
    const learner = await learnerContext.newPage();
    const learnerProblems = watchBrowserProblems(learner);

    await test.step('the manager auto-assigns seats and issues the tickets', async () => {
      await loginAs(manager, 'manager');
      await manager.goto(`/manage/examinationAffairsManage/plan/index?step=ticket&plan=${plan.id}`);
      const summary = manager.getByTestId('seat-summary');
      await expect(summary).toBeVisible();
      const count = (key: string) => summary.getByTestId(`seat-summary-${key}`);
      await expect(count('paid')).toContainText(String(plan.candidates.length));
      await expect(count('unseated')).toContainText(String(plan.candidates.length));
      // Not seated yet: every row says so.
      for (const c of plan.candidates)
        await expect(manager.getByTestId(`seat-row-${c.enrollmentId}`)).toContainText('未安排');

      await manager.getByTestId('seats-auto').click();
      const seated = apiAnswer(manager, 'POST', `/v1/admin/plans/${plan.id}/seats/auto`);
      await manager.getByTestId('seats-auto-confirm').click();
      const seatAnswer = await seated;
      expect(seatAnswer.status(), await seatAnswer.text()).toBe(200);
      // Every candidate sits in both sessions (theory and practical).
      expect(((await seatAnswer.json()) as { seated: number }).seated).toBe(plan.candidates.length * 2);
      for (const c of plan.candidates) {
        const row = manager.getByTestId(`seat-row-${c.enrollmentId}`);
        await expect(row).not.toContainText('未安排');
        await expect(row).toContainText(/\d+ 号/);
        await expect(manager.getByTestId(`seat-move-${c.enrollmentId}`)).toBeVisible();
      }
      const seats = (await (
        await request.get(`/api/v1/admin/plans/${plan.id}/seats`, { headers: bearer(managerToken) })
      ).json()) as SeatListAnswer;
      expect(seats.summary).toMatchObject({ paid: plan.candidates.length, unseated: 0 });

      await manager.getByTestId('tickets-issue').click();
      const dialog = manager.getByTestId('tickets-issue-dialog');
      const issued = apiAnswer(manager, 'POST', `/v1/admin/plans/${plan.id}/tickets/issue`);
      await dialog.getByTestId('confirm-ok').click();
      const issueAnswer = await issued;
      expect(issueAnswer.status(), await issueAnswer.text()).toBe(200);
      expect(await issueAnswer.json()).toMatchObject({
        issued: plan.candidates.length,
        plan_state: 'tickets_issued',
      });
      for (const c of plan.candidates)
        await expect(manager.getByTestId(`ticket-pdf-${c.enrollmentId}`)).toBeVisible();
      await expect(count('ticketed')).toContainText(String(plan.candidates.length));
    });

    const ticket =
      await test.step('the candidate downloads the ticket PDF and opens the ticket page offline', async () => {
        const tickets = (await (
          await request.get('/api/v0/user/occupational-skill-tests/admissionDownload?limit=100', {
            headers: bearer(candidateToken),
          })
        ).json()) as TicketAnswer;
        const own = tickets.data.find((t) => t.plan_id === plan.id);
        expect(own, 'the candidate holds a ticket of the new plan').toBeTruthy();

        await loginLearnerForm(learner, candidate.username, candidate.password);
        await learner.goto('/userCenter/admissionDown');
        const card = learner.locator(`[data-testid="ticket-card"][data-ticket-no="${own!.ticket_no}"]`);
        await expect(card).toBeVisible();
        await expect(card.getByTestId('ticket-name')).toHaveText(own!.name);
        await expect(card.getByTestId('ticket-id-number')).toContainText('*');

        const [download] = await Promise.all([
          learner.waitForEvent('download'),
          card.getByTestId('ticket-download').click(),
        ]);
        const file = testInfo.outputPath('chain-ticket.pdf');
        await download.saveAs(file);
        const text = await pdfTextOf(file);
        expect(text).toContain(own!.name);
        expect(text).toContain(own!.ticket_no);

        // Once the service worker controls the page, the ticket opens from the device without a network.
        await waitForWorker(learner);
        await learner.reload();
        await expect(card).toBeVisible();
        await learnerContext.setOffline(true);
        try {
          await learner.reload();
          await expect(card).toBeVisible();
          await expect(card.getByTestId('ticket-name')).toHaveText(own!.name);
          await expect(learner.getByTestId('stale-badge')).toHaveAttribute('data-state', 'offline');
        } finally {
          await learnerContext.setOffline(false);
        }
        return own!;
      });

    await test.step('the manager imports the scores from Excel (a wrong file first), publishes and issues certificates', async () => {
      await manager.goto(`/manage/examinationAffairsManage/plan/index?step=scoring&plan=${plan.id}`);
      await expect(manager.getByTestId('score-summary')).toBeVisible();

      const [download] = await Promise.all([
        manager.waitForEvent('download'),
        manager.getByTestId('scores-template').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const templatePath = testInfo.outputPath('scores-template.xlsx');
      await download.saveAs(templatePath);
      const template = fs.readFileSync(templatePath);
      const rows = await readScoreSheet(template);
      expect(rows.map((r) => r.ticketNo)).toContain(ticket.ticket_no);
      expect(rows).toHaveLength(plan.candidates.length);
      // The candidate passes; the others: one passes, one fails the theory part.
      let others = 0;
      const marks: SheetMarks[] = rows.map((r) =>
        r.ticketNo === ticket.ticket_no
          ? { theory: 86, practical: 91 }
          : others++ === 0
            ? { theory: 75, practical: 68 }
            : { theory: 52, practical: 80 },
      );
      const scoreList = async () =>
        (await (
          await request.get(`/api/v1/admin/plans/${plan.id}/scores`, { headers: bearer(managerToken) })
        ).json()) as ScoreListAnswer;

      // One wrong row (spreadsheet row 3: a theory mark of 120): the whole file is refused.
      const wrong = marks.map((m, i) => (i === 1 ? { ...m, theory: 120 } : m));
      const input = manager.getByTestId('scores-import-input');
      const refused = apiAnswer(manager, 'POST', `/v1/admin/plans/${plan.id}/scores/import`);
      await input.setInputFiles({
        name: 'scores-wrong.xlsx',
        mimeType: XLSX,
        buffer: await fillScoreSheet(template, wrong),
      });
      expect((await refused).status()).toBe(422);
      const errors = manager.getByTestId('scores-import-errors');
      await expect(errors).toBeVisible();
      await expect(errors).toContainText('第 3 行');
      expect((await scoreList()).summary.entered, 'nothing was written').toBe(0);

      const imported = apiAnswer(manager, 'POST', `/v1/admin/plans/${plan.id}/scores/import`);
      await input.setInputFiles({
        name: 'scores.xlsx',
        mimeType: XLSX,
        buffer: await fillScoreSheet(template, marks),
      });
      const importAnswer = await imported;
      expect(importAnswer.status(), await importAnswer.text()).toBe(200);
      await expect(manager.getByTestId('scores-import-done')).toContainText(String(plan.candidates.length));
      await expect(manager.getByTestId('scores-import-errors')).toHaveCount(0);
      await expect(manager.getByTestId(`score-row-${candidate.enrollmentId}`)).toContainText('86');
      expect((await scoreList()).summary.entered).toBe(plan.candidates.length);

      await manager.getByTestId('scores-publish').click();
      const published = apiAnswer(manager, 'POST', `/v1/admin/plans/${plan.id}/scores/publish`);
      await manager.getByTestId('scores-publish-dialog').getByTestId('confirm-ok').click();
      const publishAnswer = await published;
      expect(publishAnswer.status(), await publishAnswer.text()).toBe(200);
      expect(await publishAnswer.json()).toMatchObject({
        passed: 2,
        failed: 1,
        plan_state: 'scores_published',
      });

      await manager.getByTestId('certificates-issue').click();
      const certified = apiAnswer(manager, 'POST', `/v1/admin/plans/${plan.id}/certificates/issue`);
      await manager.getByTestId('certificates-issue-dialog').getByTestId('confirm-ok').click();
      const certifyAnswer = await certified;
      expect(certifyAnswer.status(), await certifyAnswer.text()).toBe(200);
      const certify = (await certifyAnswer.json()) as {
        issued: number;
        numbers: string[];
        plan_state: string;
      };
      expect(certify).toMatchObject({ issued: 2, plan_state: 'certificates_issued' });
      // The list shows the candidate's new certificate number.
      await expect(manager.getByTestId(`score-certificate-${candidate.enrollmentId}`)).toHaveText(
        CERTIFICATE_NUMBER_PATTERN,
      );
      expect(certify.numbers).toContain(
        await manager.getByTestId(`score-certificate-${candidate.enrollmentId}`).textContent(),
      );
    });

    await test.step('the candidate sees the notification, the scores and the certificate; its QR page confirms it', async () => {
      const scores = (await (
        await request.get('/api/v0/user/occupational-skill-tests/examScores?limit=100', {
          headers: bearer(candidateToken),
        })
      ).json()) as LearnerScoreAnswer;
      const score = scores.data.find((s) => s.plan_id === plan.id);
      expect(score?.certificate, 'the candidate holds a certificate of the new plan').toBeTruthy();
      const certificate = score!.certificate!;
      expect(certificate.number).toMatch(CERTIFICATE_NUMBER_PATTERN);

      await learner.goto('/userCenter/myNotify');
      await expect(learner.getByTestId('unread-badge')).toBeVisible();
      const items = learner.getByTestId('notify-item');
      const scoreMessage = items.filter({ hasText: `成绩已发布：${plan.title}` });
      await expect(scoreMessage).toHaveAttribute('data-read', '0');
      await expect(scoreMessage.getByTestId('notify-unread')).toBeVisible();
      await expect(items.filter({ hasText: certificate.number })).toHaveAttribute('data-read', '0');

      await learner.goto('/userCenter/achievementQuery');
      const card = learner.locator(`[data-testid="score-card"][data-plan-code="${plan.code}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('score-result')).toHaveAttribute('data-result', 'passed');
      await expect(card.getByTestId('score-theory')).toHaveText('86');
      await expect(card.getByTestId('score-practical')).toHaveText('91');
      await expect(card.getByTestId('certificate-number')).toHaveText(certificate.number);

      // The QR code's page is public: a fresh context without any session.
      const anonymous = await newContext(browser);
      try {
        const visitor = await anonymous.newPage();
        await visitor.goto(certificate.verify_path);
        await expect(visitor.getByTestId('verify-result')).toHaveAttribute('data-state', 'valid');
        await expect(visitor.getByTestId('verify-number')).toHaveText(certificate.number);
        await expect(visitor.getByTestId('verify-name')).toContainText('*');
        // The admission ticket's QR code opens the same kind of page.
        await visitor.goto(ticket.verify_path);
        await expect(visitor.getByTestId('verify-result')).toHaveAttribute('data-state', 'valid');
        await expect(visitor.getByTestId('verify-number')).toHaveText(ticket.ticket_no);
      } finally {
        await anonymous.close();
      }
    });

    expect(unexpected(managerProblems)).toEqual([]);
    expect(unexpected(learnerProblems)).toEqual([]);
    await managerContext.close();
    await learnerContext.close();
  });
});
