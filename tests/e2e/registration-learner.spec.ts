// The candidate's side of the registration chain (issue 5): the public portal, sign-up, the profile
// with the region cascade and the 2-inch photo, and an application with materials that ends submitted.
// The review and payment continue in the back-office spec with the helpers of fixtures/registration.ts.
import { expect, loginWithToken, test } from './fixtures/index.ts';
import {
  applyToPlan,
  approveAsManager,
  completeProfile,
  firstOpenPlan,
  openAsLearner,
  payApplication,
  registerCandidateViaApi,
  PAGE_LOAD,
  signUpCandidate,
} from './fixtures/registration.ts';

test.describe('registration: learner side', () => {
  // Sign-up, uploads and the first lazy chunks take a while on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('the portal lists the open skill tests with fee and seats, and apply asks a visitor to log in', async ({
    page,
    request,
  }) => {
    const plan = await firstOpenPlan(request);
    const asked: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/api/v1/skill-tests/')) asked.push(pathname);
    });
    const shell = await page.goto('/');
    // The server names the page's chunks in the shell, paints its banners with the page's own carousel and
    // sends its banners and skill tests with it (issue 4: first paint).
    const html = await shell!.text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/PortalPage-[\w-]+\.js">/);
    expect(html).toMatch(
      /<link rel="preload" as="image" href="\/api\/v1\/uploads\/[\w.-]+" fetchpriority="high">/,
    );
    expect(html).toMatch(
      /<div data-first-paint="portal">.*data-testid="banner-carousel".*<img src="\/api\/v1\/uploads\/[\w.-]+"/,
    );
    expect(html).toContain('<script type="application/json" id="first-answers">');
    await expect(page.getByTestId('portal-page')).toBeVisible(PAGE_LOAD);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    const card = page.getByTestId(`skill-test-${plan.id}`);
    await expect(card).toBeVisible();
    await expect(page.getByTestId('banner-carousel').locator('img').first()).toBeVisible();
    // Rendered from the answers that came with the page: neither list was asked for.
    expect(asked.filter((p) => p.endsWith('/banners/list'))).toHaveLength(0);
    expect(asked.filter((p) => p.endsWith('/skill-tests/list'))).toHaveLength(0);
    await expect(card.getByTestId('skill-test-fee')).toHaveText(/^¥\d[\d,]*\.\d{2}$/);
    await expect(card.getByTestId('skill-test-seats')).toContainText(String(plan.seats_left));

    await page.getByTestId('portal-more-tests').click();
    await expect(page).toHaveURL(/\/enroll$/);
    await page.getByTestId(`skill-test-${plan.id}`).getByTestId('skill-test-apply').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('a new candidate signs up, completes the profile, applies with materials, and pays once approved', async ({
    page,
    request,
    browserProblems,
  }) => {
    test.setTimeout(180_000);
    const candidate = await signUpCandidate(page);
    await expect(page.getByTestId('profile-welcome')).toBeVisible(PAGE_LOAD);
    await expect(page.getByTestId('profile-missing')).toBeVisible();

    await completeProfile(page, candidate);

    const plan = await firstOpenPlan(request);
    const enrollmentId = await applyToPlan(page, plan.id);
    await expect(page.getByTestId('application-status')).toBeVisible();

    await page.goto('/userCenter/myEnrollLists');
    const row = page.getByTestId(`enrollment-${enrollmentId}`);
    await expect(row).toHaveAttribute('data-state', 'submitted');
    await expect(row.getByTestId('enrollment-state')).toHaveText('待审核');

    await test.step('once approved, the candidate pays through the sandbox gateway and sees the receipt', async () => {
      await approveAsManager(request, enrollmentId);
      const orderNo = await payApplication(page, enrollmentId);
      const receipt = page.getByTestId('receipt');
      await expect(receipt.getByTestId('receipt-order-no')).toHaveText(orderNo);
      await expect(receipt.getByTestId('receipt-state')).toHaveText('已支付');
      await expect(receipt.getByTestId('receipt-trade-no')).toHaveText(/^SBX/);
      await page.goto(`/userCenter/myEnrollInfo?id=${enrollmentId}`);
      await expect(page.getByTestId('application-detail')).toHaveAttribute('data-state', 'paid', PAGE_LOAD);
      await expect(page.getByTestId('application-paid')).toBeVisible();
    });

    expect(browserProblems.filter((p) => p.kind !== 'console')).toEqual([]);
  });

  test('an incomplete profile blocks applying and leads to the profile page with what is missing', async ({
    page,
    request,
  }) => {
    const plan = await firstOpenPlan(request);
    const token = await registerCandidateViaApi(request);
    await openAsLearner(page, token, `/userCenter/myEnrollInfo?plan_id=${plan.id}`);
    await expect(page.getByTestId('application-profile-incomplete')).toBeVisible(PAGE_LOAD);
    await expect(page.getByTestId('application-form')).toHaveCount(0);
    await page.getByTestId('application-complete-profile').click();
    await expect(page).toHaveURL(/\/userCenter\/userInfo\?reason=403002&from=/);
    await expect(page.getByTestId('profile-missing')).toContainText('2 寸证件照');
  });

  test('a plan whose registration has not opened cannot be applied to', async ({ page, request }) => {
    const res = await request.get('/api/v1/skill-tests/skill-tests/list?scope=upcoming&limit=50');
    const { data } = (await res.json()) as { data: { id: number; registration_open: boolean }[] };
    const upcoming = data.find((plan) => !plan.registration_open);
    test.skip(!upcoming, 'the demo data has no plan whose window is still ahead');
    await loginWithToken(page, 'learner', `/userCenter/myEnrollInfo?plan_id=${upcoming!.id}`);
    await expect(page.getByTestId('application-closed')).toBeVisible(PAGE_LOAD);
    await expect(page.getByTestId('apply-submit')).toHaveCount(0);
  });
});
