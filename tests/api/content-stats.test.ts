// Content statistics: views and downloads counted per day (countVisit) come back per day of the range, as
// totals and as top items with their titles; the range defaults to the last 30 days, may not pass 366 days
// or run backwards (422), and only the ContentStatistics page's administrators read it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaToday } from '../../src/shared/api/china-time.ts';
import { shiftDay, type ContentStats } from '../../src/shared/content-stats/schema.ts';
import { countVisit } from '../../src/server/content-stats/counts.ts';
import { articles, contentDailyCounts, customPages, downloads } from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';

let ctx: TestContext;
let founder: string;
let manager: string;
let college: string;
let learner: string;
const today = chinaToday();
const ids = { article: 0, other: 0, page: 0, download: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  [founder, manager, college, learner] = await Promise.all([
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
  const db = ctx.app.db;
  const [a, b] = await db
    .insert(articles)
    .values([
      { kind: 'news', title: '统计测试新闻甲', state: 'published', publishAt: new Date() },
      { kind: 'notice', title: '统计测试通知乙', state: 'published', publishAt: new Date() },
    ])
    .returning({ id: articles.id });
  const [p] = await db
    .insert(customPages)
    .values({ slug: 'stats-test', title: '统计测试页面' })
    .returning({ id: customPages.id });
  const [d] = await db.insert(downloads).values({ title: '统计测试表格' }).returning({ id: downloads.id });
  Object.assign(ids, { article: a!.id, other: b!.id, page: p!.id, download: d!.id });
  await db.delete(contentDailyCounts);
  // Today: article ×3, the other ×1, the page ×2, the file ×1 (counted as visitors would).
  for (let i = 0; i < 3; i++) await countVisit(db, 'article', ids.article);
  await countVisit(db, 'article', ids.other);
  await countVisit(db, 'page', ids.page);
  await countVisit(db, 'page', ids.page);
  await countVisit(db, 'download', ids.download);
  // Ten days ago and 40 days ago (outside the default range).
  await db.insert(contentDailyCounts).values([
    { day: shiftDay(today, -10), itemType: 'article', itemId: ids.other, count: 5 },
    { day: shiftDay(today, -10), itemType: 'download', itemId: ids.download, count: 4 },
    { day: shiftDay(today, -40), itemType: 'article', itemId: ids.article, count: 100 },
  ]);
});
afterAll(() => ctx.close());

const stats = (token: string | undefined, query = '') =>
  request(ctx.app, { method: 'GET', url: `/api/v1/admin/content-stats${query}`, token });

describe('content statistics', () => {
  it('defaults to the last 30 days: a row per day, totals, top items with titles', async () => {
    const res = await stats(founder);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ContentStats;
    expect(body.to).toBe(today);
    expect(body.from).toBe(shiftDay(today, -29));
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ day: today, views: 6, downloads: 1 });
    expect(body.daily.find((d) => d.day === shiftDay(today, -10))).toEqual({
      day: shiftDay(today, -10),
      views: 5,
      downloads: 4,
    });
    expect(body.totals).toEqual({ article_views: 9, page_views: 2, downloads: 5 });
    expect(body.top.articles).toEqual([
      { id: ids.other, title: '统计测试通知乙', count: 6 },
      { id: ids.article, title: '统计测试新闻甲', count: 3 },
    ]);
    expect(body.top.pages).toEqual([{ id: ids.page, title: '统计测试页面', count: 2 }]);
    expect(body.top.downloads).toEqual([{ id: ids.download, title: '统计测试表格', count: 5 }]);
  });

  it('a chosen range counts only its days; a deleted item keeps its counts as #id', async () => {
    const from = shiftDay(today, -45);
    const to = shiftDay(today, -5);
    const body = (await stats(manager, `?from=${from}&to=${to}`)).json() as ContentStats;
    expect(body.daily).toHaveLength(41);
    expect(body.totals).toEqual({ article_views: 105, page_views: 0, downloads: 4 });
    expect(body.top.articles[0]).toEqual({ id: ids.article, title: '统计测试新闻甲', count: 100 });

    await ctx.app.db.execute(sql`delete from custom_pages where id = ${ids.page}`);
    const after = (await stats(founder)).json() as ContentStats;
    expect(after.top.pages).toEqual([{ id: ids.page, title: `#${ids.page}`, count: 2 }]);
  });

  it('a year (366 days) is the longest range; backwards or malformed dates are 422 on the field', async () => {
    expect((await stats(founder, `?from=${shiftDay(today, -365)}&to=${today}`)).statusCode).toBe(200);
    const cases: [string, string][] = [
      [`?from=${shiftDay(today, -366)}&to=${today}`, 'to'],
      [`?from=${today}&to=${shiftDay(today, -1)}`, 'from'],
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await stats(founder, query);
      expect(res.statusCode, query).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field], query).toBeDefined();
    }
  });

  it('anonymous → 401; a learner and the college type → 403', async () => {
    expect((await stats(undefined)).statusCode).toBe(401);
    expect((await stats(learner)).statusCode).toBe(403);
    expect((await stats(college)).statusCode).toBe(403);
  });
});
