// The public news and job pages (issue 25) on the built app: a visitor on a phone browses /news's tabs,
// opens an article (its title tag and meta description set), goes offline and opens it again: still
// readable, marked stale; the learner applies to a job their certificate qualifies for (logging in from
// the job page through the real login form and coming back); the founder's content statistics show the
// article's visit, and the header's bell the application.
import { chinaToday } from '../../src/shared/api/china-time.ts';
import { DEMO_PASSWORD, expect, loginWithToken, test, waitForWorker } from './fixtures/index.ts';
import { PAGE_LOAD } from './fixtures/registration.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { expectNoHorizontalScroll } from './support/my-training.ts';
import {
  applyToJob,
  expectArticlePage,
  learnerCertificate,
  openArticleFromNews,
  publishArticleThroughApi,
} from './support/news.ts';

const stamp = Date.now().toString(36);
const PHONE = { width: 375, height: 812 };

test('a visitor reads news online and offline; a learner applies to a job; the statistics show the visit', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(16));
  await page.setViewportSize(PHONE);
  const article = await publishArticleThroughApi(request, {
    kind: 'news',
    title: `技能大赛开幕${stamp}`,
    summary: '第十届职业技能大赛在学院开幕',
    body: '<p>本届大赛共设 <strong>12</strong> 个项目。</p><table><tbody><tr><td>茶艺师</td><td>40 人</td></tr></tbody></table>',
  });
  const certificate = await learnerCertificate(request);
  const job = await publishArticleThroughApi(request, {
    kind: 'job',
    title: `茶艺师招聘${stamp}`,
    employer: '江城茶文化有限公司',
    occupation_id: certificate.occupationId,
    level_required: certificate.level,
    place: '江城市滨江区',
    salary_min: 5000,
    salary_max: 8000,
    contact_name: '王经理',
    contact_phone: '0571-88886666',
    body: '<p>负责茶艺表演与培训。</p>',
  });

  // A visitor: the tabs, then the article from the news list.
  await page.goto('/news');
  await waitForWorker(page);
  for (const tab of ['notice', 'job', 'download'] as const) {
    await page.getByTestId(`news-tab-${tab}`).click();
    await expect(page).toHaveURL(new RegExp(`/news\\?tab=${tab}$`));
    await expect(page.getByTestId('news-rows').or(page.getByTestId('news-empty'))).toBeVisible(PAGE_LOAD);
  }
  await expectNoHorizontalScroll(page);
  await openArticleFromNews(page, article);
  await expectArticlePage(page, article.title, '本届大赛共设');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    '第十届职业技能大赛在学院开幕',
  );
  await expect(page.getByTestId('article-body').locator('table')).toBeVisible();
  await expectNoHorizontalScroll(page);

  // Offline: the article opens again from the device, marked stale with when it was fetched.
  await page.context().setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('article-title')).toHaveText(article.title, PAGE_LOAD);
    await expect(page.getByTestId('article-body')).toContainText('本届大赛共设');
    await expect(page.getByTestId('stale-badge').first()).toHaveAttribute('data-state', 'offline');
    await page.goto('/news');
    await expect(page.getByTestId(`news-row-${article.id}`)).toBeVisible(PAGE_LOAD);
    await expect(page.getByTestId('stale-badge').first()).toHaveAttribute('data-state', 'offline');
  } finally {
    await page.context().setOffline(false);
  }

  // The job: a visitor is sent to log in; the learner applies.
  await openArticleFromNews(page, job, 'job');
  await expect(page.getByTestId('job-employer')).toContainText('江城茶文化有限公司');
  await expect(page.getByTestId('job-salary')).toContainText('5,000 - 8,000');
  await expect(page.getByTestId('job-apply')).toHaveAttribute('data-action', 'login');
  // Through the real login form, which brings the learner back to the job.
  await page.getByTestId('job-apply').click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByTestId('login-username').fill('learner');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  const captcha = page.getByTestId('login-captcha');
  if (await captcha.isVisible().catch(() => false)) await captcha.fill('0000');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`/jobDetail\\?id=${job.id}$`), PAGE_LOAD);
  await expect(page.getByTestId('article-title')).toHaveText(job.title, PAGE_LOAD);
  await applyToJob(page, '持证三年，可随时到岗');
  await page.reload();
  await expect(page.getByTestId('job-applied')).toBeVisible(PAGE_LOAD);

  // The founder's statistics of today show the article's visit.
  const today = chinaToday();
  await loginWithToken(page, 'founder', `/manage/contentManage/statistics?from=${today}&to=${today}`);
  await expect(page.getByTestId('content-stats-page')).toBeVisible(PAGE_LOAD);
  await expect(page.getByTestId('content-stats-top-articles')).toContainText(article.title, PAGE_LOAD);
  await expect(page.getByTestId('content-stats-chart')).toBeVisible(PAGE_LOAD);

  // The application reached the staff through the header's bell; its notice opens the job's applications.
  const bell = page.getByTestId('staff-notice-open');
  await expect(bell).toHaveAttribute('aria-label', /[1-9]/, PAGE_LOAD);
  await bell.click();
  const notice = page.getByTestId('staff-notice-list').getByRole('button', { name: job.title });
  await expect(notice).toContainText('江城茶文化有限公司');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`informationRelease\\?kind=job&applications=${job.id}`));
  await expect(page.getByTestId('application-drawer')).toContainText('持证三年，可随时到岗', PAGE_LOAD);
});
