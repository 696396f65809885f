// The information page in the browser, as the founder: a news article with an uploaded image and a table is
// written in the editor, pinned and published, and a job is published; the portal's public answers carry
// them, the article's body sanitised (only allowed tags, the image one of our own uploads).
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { INFORMATION_RELEASE, publicArticle, publishJob, writeNewsArticle } from './support/articles.ts';

test('the founder writes, pins and publishes a news article with an image and a table, and publishes a job', async ({
  page,
}) => {
  // Steps: the form with an upload and a table, save, pin, publish; the job form, save, publish; two reads.
  test.setTimeout(journeyTimeout(18));
  const stamp = Date.now() % 1_000_000;
  const token = await loginWithToken(page, 'founder', INFORMATION_RELEASE);

  const newsId = await writeNewsArticle(page, {
    title: `E2E新闻${stamp}`,
    summary: '浏览器测试写的新闻',
    text: '学院举办开放日活动',
    image: true,
    table: ['项目', '时间'],
    pin: true,
  });
  const news = await publicArticle(page.request, newsId);
  expect(news).toMatchObject({ title: `E2E新闻${stamp}`, kind: 'news', pinned: true });
  expect(news.body).toContain('学院举办开放日活动');
  expect(news.body).toMatch(/<img src="\/api\/v1\/uploads\/[0-9a-f-]{36}"/);
  expect(news.body).toContain('<table>');
  expect(news.body).toContain('项目');
  expect(news.body).not.toMatch(/style=|class=|<script|on[a-z]+=/i);

  // The portal's list shows it first (pinned).
  const list = await page.request.get('/api/v1/articles?kind=news&limit=5');
  const rows = ((await list.json()) as { data: { id: number }[] }).data;
  expect(rows[0]?.id).toBe(newsId);

  const jobId = await publishJob(page, {
    title: `E2E岗位${stamp}`,
    employer: '浏览器测试公司',
    text: '负责设备维护',
    place: '苏州',
    salary: [6000, 8000],
    contact: { name: '张经理', phone: '0512-66001234' },
  });
  const job = await publicArticle(page.request, jobId);
  expect(job).toMatchObject({ kind: 'job', employer: '浏览器测试公司' });

  // Its applications (none yet) and the jobs' categories, each in a drawer.
  await page.getByTestId(`article-applications-${jobId}`).click();
  await expect(page.getByText('暂无报名')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('article-categories').click();
  await page.getByTestId('category-name').fill(`E2E分类${stamp}`);
  await page.getByTestId('category-add').click();
  await expect(
    page.locator('[data-testid^="category-row-"] input[value="E2E分类' + stamp + '"]'),
  ).toHaveCount(1);
  const categories = await page.request.get('/api/v1/content-categories?kind=job');
  expect(((await categories.json()) as { data: { name: string }[] }).data.map((c) => c.name)).toContain(
    `E2E分类${stamp}`,
  );

  // Unpin again, so other journeys' pinned expectations keep their demo order.
  await page.request.post(`/api/v1/admin/articles/${newsId}/pin`, {
    data: { pinned: false },
    headers: { authorization: `Bearer ${token}` },
  });
});
