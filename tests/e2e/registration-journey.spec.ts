// The whole registration chain across both sides (issue 5): a new candidate signs up, completes the
// profile with the region cascade and applies with materials; the manager rejects it with a reason on the
// review page; the candidate reads the reason and resubmits; the manager approves; the candidate pays
// through the sandbox gateway's page and sees the paid state; the college administrator sees the
// candidate in its exam-registration step and never another college's candidates.
import type { Browser, Page } from '@playwright/test';
import {
  apiLogin,
  bearer,
  expect,
  loginWithToken,
  test,
  watchBrowserProblems,
  type BrowserProblem,
  type DemoAccount,
} from './fixtures/index.ts';
import { applyToPlan, completeProfile, payApplication, signUpCandidate } from './fixtures/registration.ts';

interface PlanRow {
  id: number;
  title: string;
  organization: { id: number; name: string };
  registration_open: boolean;
  seats_left: number;
}

/** A back-office page of its own (another browser context: its own cookies), logged in as `account`. */
async function openBackOffice(
  browser: Browser,
  account: DemoAccount,
  path: string,
): Promise<{ page: Page; problems: BrowserProblem[] }> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  const problems = watchBrowserProblems(page);
  await loginWithToken(page, account, path);
  return { page, problems };
}

/** Opens the candidate's application on the review page: plan filter, keyword search, row. */
async function openApplication(
  page: Page,
  planTitle: string,
  username: string,
  enrollmentId: number,
): Promise<void> {
  // A first back-office visit downloads the layout and page chunks: allow a slow machine its time.
  await expect(page.getByTestId('review-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('review-plan').click();
  await page.getByRole('option', { name: planTitle }).first().click();
  await page.getByTestId('review-keyword').fill(username);
  await expect(page.getByTestId(`review-row-name-${enrollmentId}`)).toBeVisible();
  await expect(page.getByTestId('review-table').locator('tbody tr')).toHaveCount(1);
  await page.getByTestId(`review-open-${enrollmentId}`).click();
  await expect(page.getByTestId('review-detail-name')).toBeVisible();
  await expect(page.getByTestId('review-detail-state')).toHaveText('待审核');
}

/** Problems that are not the expected 4xx answers the pages handle themselves. */
const unexpected = (problems: BrowserProblem[]) =>
  problems.filter((p) => p.kind !== 'console' || !/status of 4\d\d/.test(p.text));

test.describe('registration journey: candidate, manager, college', () => {
  test('apply, reject with a reason, resubmit, approve, pay; the college sees only its own candidates', async ({
    page,
    request,
    browser,
    browserProblems,
  }) => {
    test.setTimeout(420_000);

    // A plan of the college administrator's own college, open for registration, with seats.
    const collegeToken = await apiLogin(request, 'college', 'administrators');
    const ownPlans = await request.get('/api/v1/admin/plans?state=published&limit=100', {
      headers: bearer(collegeToken),
    });
    expect(ownPlans.status()).toBe(200);
    const plan = ((await ownPlans.json()) as { data: PlanRow[] }).data.find(
      (p) => p.registration_open && p.seats_left > 0,
    );
    expect(plan, "the demo data has an open plan in the college admin's own college").toBeTruthy();

    const candidate =
      await test.step('a new candidate signs up, completes the profile and applies with materials', async () => {
        const signedUp = await signUpCandidate(page);
        // The first visit also fills the service worker's precache, which can hold the lookups back a while.
        await expect(page.getByTestId('profile-page')).toBeVisible({ timeout: 30_000 });
        await completeProfile(page, signedUp);
        return signedUp;
      });
    const enrollmentId = await applyToPlan(page, plan!.id);

    const manager = await openBackOffice(browser, 'manager', '/manage/examineManage/exam/plan');
    const reason = '身份证照片不清晰，请重新上传清晰的身份证人像面照片';

    await test.step('the manager sees the form and materials side by side and rejects with a reason', async () => {
      await openApplication(manager.page, plan!.title, candidate.username, enrollmentId);
      const detail = manager.page.getByTestId('review-detail');
      await expect(detail.getByTestId('review-answer-real_name')).toHaveText(candidate.realName);
      await expect(detail.getByTestId('review-answer-id_number')).toHaveText(candidate.idCard);

      // An image material opens zoomable; a PDF opens from a blob: URL fetched with the admin token.
      await detail.getByTestId('review-material-id_card_front-zoom').click();
      const zoom = manager.page.getByTestId('image-zoom-modal');
      await expect(zoom.getByTestId('zoom-image')).toHaveAttribute('src', /^blob:/);
      await zoom.getByTestId('zoom-in').click();
      await expect(zoom.getByTestId('zoom-level')).toHaveText('125%');
      await manager.page.keyboard.press('Escape');
      await expect(zoom.getByTestId('zoom-image')).toHaveCount(0);
      const popup = manager.page.waitForEvent('popup');
      await detail.getByTestId('review-material-diploma-open').click();
      const pdfTab = await popup;
      await pdfTab.waitForURL(/^blob:/);
      await pdfTab.close();

      await detail.getByTestId('review-reject').click();
      const rejectModal = manager.page.getByTestId('reject-modal');
      await rejectModal.getByTestId('reject-submit').click();
      await expect(rejectModal.getByText('请填写驳回原因（至少 2 个字）')).toBeVisible();
      await rejectModal.getByTestId('reject-reason').fill(reason);
      const rejected = manager.page.waitForResponse((res) =>
        res.url().endsWith(`/api/v1/admin/enrollments/${enrollmentId}/reject`),
      );
      await rejectModal.getByTestId('reject-submit').click();
      expect((await rejected).status()).toBe(200);
      await expect(rejectModal).toBeHidden();
      // The decided application leaves the "awaiting review" queue.
      await expect(manager.page.getByTestId(`review-row-name-${enrollmentId}`)).toHaveCount(0);
      await manager.page.getByTestId('review-state').getByText('未通过').click();
      await expect(manager.page.getByTestId(`review-row-name-${enrollmentId}`)).toBeVisible();
    });

    await test.step('the candidate sees the reason and resubmits', async () => {
      await page.goto(`/userCenter/myEnrollInfo?id=${enrollmentId}`);
      await expect(page.getByTestId('application-detail')).toHaveAttribute('data-state', 'rejected');
      await expect(page.getByTestId('application-reject-reason')).toContainText(reason);
      const resubmitted = page.waitForResponse(
        (res) =>
          res.url().endsWith(`/api/v1/enrollments/${enrollmentId}`) && res.request().method() === 'PUT',
      );
      await page.getByTestId('apply-submit').click();
      expect((await resubmitted).status()).toBe(200);
      await expect(page.getByTestId('application-detail')).toHaveAttribute('data-state', 'submitted');
    });

    await test.step('the manager approves the resubmitted application (confirmed first)', async () => {
      await manager.page.reload();
      await openApplication(manager.page, plan!.title, candidate.username, enrollmentId);
      await manager.page.getByTestId('review-detail').getByTestId('review-approve').click();
      const confirm = manager.page.getByTestId('approve-confirm');
      await expect(confirm).toContainText(candidate.realName);
      const approved = manager.page.waitForResponse((res) =>
        res.url().endsWith(`/api/v1/admin/enrollments/${enrollmentId}/approve`),
      );
      await confirm.getByTestId('confirm-ok').click();
      expect((await approved).status()).toBe(200);
      await expect(manager.page.getByTestId(`review-row-name-${enrollmentId}`)).toHaveCount(0);
    });

    await test.step('the candidate pays through the sandbox gateway and sees the paid state', async () => {
      const orderNo = await payApplication(page, enrollmentId);
      expect(orderNo).toMatch(/^\d{20}$/);
      // The new candidate's only order, in myOrder.
      const orderState = page.getByTestId('my-order-page').getByTestId('order-state');
      await expect(orderState).toHaveCount(1);
      await expect(orderState).toHaveAttribute('data-state', 'paid');
      await page.goto('/userCenter/myEnrollLists');
      await expect(page.getByTestId(`enrollment-${enrollmentId}`)).toHaveAttribute('data-state', 'paid');
    });

    await test.step("the college administrator sees the candidate, and no other college's candidates", async () => {
      const college = await openBackOffice(
        browser,
        'college',
        '/manage/examinationAffairsManage/plan/index?step=exam',
      );
      await expect(college.page.getByTestId('college-exam-step')).toBeVisible({ timeout: 30_000 });
      const candidates = college.page.getByTestId('college-candidates');
      await college.page.getByTestId('college-keyword').fill(candidate.username);
      await expect(college.page.getByTestId(`college-candidate-name-${enrollmentId}`)).toHaveText(
        candidate.realName,
      );
      await expect(college.page.getByTestId(`college-candidate-state-${enrollmentId}`)).toHaveText('已缴费');
      // An application to another college's plan (found with the manager's token) never shows up.
      const managerToken = await apiLogin(request, 'manager', 'administrators');
      const allPlans = await request.get('/api/v1/skill-tests/skill-tests/list?limit=100');
      const foreignPlans = ((await allPlans.json()) as { data: PlanRow[] }).data.filter(
        (p) => p.organization.id !== plan!.organization.id,
      );
      expect(foreignPlans.length, 'the demo data has an open plan in another college').toBeGreaterThan(0);
      let foreign: { id: number; learner: { username: string } } | undefined;
      for (const foreignPlan of foreignPlans) {
        for (const state of ['submitted', 'approved', 'paid', 'rejected']) {
          const res = await request.get(`/api/v1/admin/reviews?plan_id=${foreignPlan.id}&state=${state}`, {
            headers: bearer(managerToken),
          });
          foreign ??= ((await res.json()) as { data: { id: number; learner: { username: string } }[] })
            .data[0];
        }
      }
      expect(foreign, "the demo data has an application in another college's plan").toBeTruthy();
      const searched = college.page.waitForResponse(
        (res) =>
          res.url().includes('/api/v1/college/enrollments?') &&
          new URL(res.url()).searchParams.get('keyword') === foreign!.learner.username,
      );
      await college.page.getByTestId('college-keyword').fill(foreign!.learner.username);
      expect((await searched).status()).toBe(200);
      await expect(college.page.getByTestId(`college-candidate-name-${foreign!.id}`)).toHaveCount(0);

      // Unfiltered, every candidate listed applied to a plan of the administrator's own college.
      await college.page.getByTestId('college-keyword').fill('');
      const rows = candidates.locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) await expect(row).toContainText(plan!.organization.name);

      // The server refuses the other college's plan outright.
      const refused = await request.get(`/api/v1/college/enrollments?plan_id=${foreignPlans[0]!.id}`, {
        headers: bearer(collegeToken),
      });
      expect(refused.status()).toBe(403);
      expect(unexpected(college.problems)).toEqual([]);
      await college.page.context().close();
    });

    expect(unexpected(manager.problems)).toEqual([]);
    expect(unexpected(browserProblems)).toEqual([]);
    await manager.page.context().close();
  });
});
