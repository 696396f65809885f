// Steps of the public news and job pages for browser journeys: publish an article or a job through the back
// office's API (a job the demo learner's certificate qualifies for), open an article from /news, check its
// page, and apply to a job as the signed-in learner.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, bearer, expect } from '../fixtures/index.ts';
import { PAGE_LOAD } from '../fixtures/registration.ts';

export interface PublishedArticle {
  id: number;
  title: string;
}

async function okJson<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Creates and publishes an article (now) as the founder; answers its id. */
export async function publishArticleThroughApi(
  request: APIRequestContext,
  fields: Record<string, unknown> & { kind: 'news' | 'notice' | 'job'; title: string },
): Promise<PublishedArticle> {
  const headers = bearer(await apiLogin(request, 'founder'));
  const created = await okJson<{ id: number }>(
    await request.post('/api/v1/admin/articles', { headers, data: fields }),
    'create article',
  );
  await okJson(
    await request.post(`/api/v1/admin/articles/${created.id}/publish`, {
      headers,
      data: { publish_at: null },
    }),
    'publish article',
  );
  return { id: created.id, title: fields.title };
}

/** The occupation and level of the demo learner's first valid certificate (a job asking for them fits). */
export async function learnerCertificate(
  request: APIRequestContext,
): Promise<{ occupationId: number; level: number }> {
  const learner = bearer(await apiLogin(request, 'learner'));
  const me = await okJson<{ id: number }>(
    await request.get('/api/v1/user/info?apiType=learners', { headers: learner }),
    'learner info',
  );
  // The certificate page is the manager's (the founder's role leaves it out).
  const manager = bearer(await apiLogin(request, 'manager'));
  const list = await okJson<{
    data: { learner_id: number; plan_id: number; level: number; revoked: boolean }[];
  }>(await request.get('/api/v1/admin/certificates?limit=100', { headers: manager }), 'certificates');
  const mine = list.data.find((c) => c.learner_id === me.id && !c.revoked);
  if (!mine) throw new Error('the demo learner has no valid certificate');
  const plan = await okJson<{ occupation: { id: number } }>(
    await request.get(`/api/v1/admin/plans/${mine.plan_id}`, { headers: manager }),
    'plan',
  );
  return { occupationId: plan.occupation.id, level: mine.level };
}

/** Opens /news (optionally a tab), finds the article by its title and opens its page. */
export async function openArticleFromNews(
  page: Page,
  article: PublishedArticle,
  tab: 'news' | 'notice' | 'job' = 'news',
): Promise<void> {
  await page.goto(tab === 'news' ? '/news' : `/news?tab=${tab}`);
  await expect(page.getByTestId('news-page')).toBeVisible(PAGE_LOAD);
  await page.getByTestId('news-search').fill(article.title);
  const row = page.getByTestId(`news-row-${article.id}`);
  await expect(row).toBeVisible(PAGE_LOAD);
  await row.getByTestId('news-row-title').click();
  await expect(page).toHaveURL(new RegExp(`/(newsDetail|jobDetail)\\?id=${article.id}$`));
  await expect(page.getByTestId('article-title')).toHaveText(article.title, PAGE_LOAD);
}

/** Checks the open article's page: title tag, meta description, date, views and body text. */
export async function expectArticlePage(page: Page, title: string, bodyText: string): Promise<void> {
  await expect(page).toHaveTitle(new RegExp(`^${title} - `));
  await expect(page.getByTestId('article-date')).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('article-views')).toBeVisible();
  await expect(page.getByTestId('article-body')).toContainText(bodyText);
}

/** On the open job page as a signed-in learner: apply with a message, confirm, see "applied". */
export async function applyToJob(page: Page, message: string): Promise<void> {
  const apply = page.getByTestId('job-apply');
  await expect(apply).toHaveAttribute('data-action', 'apply', PAGE_LOAD);
  await expect(apply).toBeEnabled(PAGE_LOAD);
  await apply.click();
  await page.getByTestId('job-apply-message').fill(message);
  await page.getByTestId('job-apply-confirm').click();
  await expect(page.getByTestId('job-applied')).toBeVisible(PAGE_LOAD);
}
