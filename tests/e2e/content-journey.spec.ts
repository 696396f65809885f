// Content management end to end (issue 25), on the built app and the real server. The founder adds a banner
// cropped to the banner ratio with a schedule starting today, moves the courses above the skill tests,
// previews the draft and publishes it; writes a news article with an uploaded image and a table in the
// editor, pins and publishes it, and publishes a job. A visitor sees the banner, the sections in the new
// order, the article and the job on the portal home, in /news, /newsDetail (the body sanitised) and
// /jobDetail; the article stays readable offline after one visit; the founder's content statistics show
// the visit.
import { chinaToday } from '../../src/shared/api/china-time.ts';
import { apiLogin, bearer, expect, loginWithToken, test, waitForWorker } from './fixtures/index.ts';
import { PAGE_LOAD } from './fixtures/registration.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { INFORMATION_RELEASE, publicArticle, publishJob, writeNewsArticle } from './support/articles.ts';
import { expectArticlePage, openArticleFromNews } from './support/news.ts';
import {
  PORTAL_HOME_EDIT_PAGE,
  addBannerWithCrop,
  editorSectionOrder,
  moveSection,
  portalSectionOrder,
  previewHome,
  publishHome,
  saveHomeDraft,
} from './support/portal-home.ts';

test('the founder edits the home, publishes news and a job; a visitor reads them online and offline', async ({
  page,
  browser,
}) => {
  test.setTimeout(journeyTimeout(30));
  const stamp = Date.now() % 100_000_000;
  const bannerTitle = `E2E 横幅 ${stamp}`;
  const newsTitle = `E2E新闻${stamp}`;
  const jobTitle = `E2E岗位${stamp}`;

  // ---------------------------------------------------------------- the founder: the home page
  // The tab's landing page leads to the editor.
  await loginWithToken(page, 'founder', '/manage/contentManage/index');
  await page.waitForURL((url) => url.pathname === PORTAL_HOME_EDIT_PAGE);
  await expect(page.getByTestId('layout-panel')).toBeVisible();
  const bannerId = await addBannerWithCrop(page, { title: bannerTitle, link: '/news', from: 'today' });

  const before = await editorSectionOrder(page);
  expect(before.indexOf('courses')).toBeGreaterThan(before.indexOf('skillTests'));
  while (
    (await editorSectionOrder(page)).indexOf('courses') >
    (await editorSectionOrder(page)).indexOf('skillTests')
  )
    await moveSection(page, 'courses', 'up');
  const order = await editorSectionOrder(page);
  await saveHomeDraft(page);
  expect(await previewHome(page)).toEqual(order);
  await publishHome(page);

  // ---------------------------------------------------------------- the founder: news and a job
  await page.goto(INFORMATION_RELEASE);
  const newsId = await writeNewsArticle(page, {
    title: newsTitle,
    summary: '浏览器测试写的新闻',
    text: '学院举办开放日活动',
    image: true,
    table: ['项目', '时间'],
    pin: true,
  });
  const news = await publicArticle(page.request, newsId);
  expect(news.body).toMatch(/<img src="\/api\/v1\/uploads\/[0-9a-f-]{36}"/);
  expect(news.body).toContain('<table>');
  expect(news.body).not.toMatch(/style=|class=|<script|on[a-z]+=/i);
  const jobId = await publishJob(page, {
    title: jobTitle,
    employer: '浏览器测试公司',
    text: '负责设备维护',
    place: '苏州',
    salary: [6000, 8000],
    contact: { name: '张经理', phone: '0512-66001234' },
  });

  // ---------------------------------------------------------------- a visitor
  const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  try {
    await visitor.goto('/');
    await waitForWorker(visitor);
    await expect(visitor.getByTestId(`banner-${bannerId}`)).toContainText(bannerTitle, PAGE_LOAD);
    const shown = await portalSectionOrder(visitor.locator('body'));
    expect(shown).toEqual(order.filter((key) => shown.includes(key)));
    expect(shown.indexOf('courses')).toBeLessThan(shown.indexOf('skillTests'));
    // The pinned article leads the home's news; the job is in the home's jobs.
    await expect(visitor.getByTestId('home-news').getByRole('link', { name: newsTitle })).toBeVisible(
      PAGE_LOAD,
    );
    await expect(visitor.getByTestId('home-jobs').getByRole('link', { name: jobTitle })).toBeVisible();

    // /news → /newsDetail: the article with its table and image, nothing active in it.
    await openArticleFromNews(visitor, { id: newsId, title: newsTitle });
    await expectArticlePage(visitor, newsTitle, '学院举办开放日活动');
    const body = visitor.getByTestId('article-body');
    await expect(body.locator('table')).toContainText('项目');
    await expect(body.locator('img')).toHaveAttribute('src', /^\/api\/v1\/uploads\/[0-9a-f-]{36}$/);
    await expect(body.locator('script, iframe, object, embed, [style], [onerror], [onclick]')).toHaveCount(0);

    // /jobDetail from the jobs tab.
    await openArticleFromNews(visitor, { id: jobId, title: jobTitle }, 'job');
    await expect(visitor.getByTestId('job-employer')).toContainText('浏览器测试公司');
    await expect(visitor.getByTestId('job-apply')).toHaveAttribute('data-action', 'login');

    // Offline: the article read once opens again from the device, marked stale.
    await visitor.goto(`/newsDetail?id=${newsId}`);
    await expect(visitor.getByTestId('article-title')).toHaveText(newsTitle, PAGE_LOAD);
    await visitor.context().setOffline(true);
    try {
      await visitor.reload();
      await expect(visitor.getByTestId('article-title')).toHaveText(newsTitle, PAGE_LOAD);
      await expect(visitor.getByTestId('article-body')).toContainText('学院举办开放日活动');
      await expect(visitor.getByTestId('stale-badge').first()).toHaveAttribute('data-state', 'offline');
    } finally {
      await visitor.context().setOffline(false);
    }
  } finally {
    await visitor.close();
  }

  // ---------------------------------------------------------------- the founder: the statistics
  const today = chinaToday();
  await page.goto(`/manage/contentManage/statistics?from=${today}&to=${today}`);
  await expect(page.getByTestId('content-stats-page')).toBeVisible(PAGE_LOAD);
  await expect(page.getByTestId('content-stats-top-articles')).toContainText(newsTitle, PAGE_LOAD);
  await expect(page.getByTestId('content-stats-chart')).toBeVisible();

  // Unpinned again, so other journeys' lists keep the demo's order.
  const founder = bearer(await apiLogin(page.request, 'founder'));
  await page.request.post(`/api/v1/admin/articles/${newsId}/pin`, {
    data: { pinned: false },
    headers: founder,
  });
});
