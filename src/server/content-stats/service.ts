// The statistics page's figures, read from content_daily_counts (counts.ts adds to it): a row per day of
// the range, totals per kind and the most visited items with their current titles (an item deleted since
// keeps its counts and shows as "#id").
import { and, between, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CONTENT_STATS_TOP,
  daysInRange,
  shiftDay,
  type ContentStats,
  type ContentStatsTopItem,
} from '../../shared/content-stats/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { articles, contentDailyCounts, customPages, downloads } from '../db/schema/index.ts';
import type { CountedItem } from './counts.ts';

/** Other areas count their visits through this area's service. */
export { countVisit, type CountedItem } from './counts.ts';

const total = sql<number>`coalesce(sum(${contentDailyCounts.count}), 0)::int`;

async function titlesOf(db: DbOrTx, itemType: CountedItem, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const table = itemType === 'article' ? articles : itemType === 'page' ? customPages : downloads;
  const rows = await db
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

async function topItems(
  db: DbOrTx,
  itemType: CountedItem,
  from: string,
  to: string,
): Promise<ContentStatsTopItem[]> {
  const rows = await db
    .select({ id: contentDailyCounts.itemId, count: total })
    .from(contentDailyCounts)
    .where(and(eq(contentDailyCounts.itemType, itemType), between(contentDailyCounts.day, from, to)))
    .groupBy(contentDailyCounts.itemId)
    .orderBy(desc(total), contentDailyCounts.itemId)
    .limit(CONTENT_STATS_TOP);
  const titles = await titlesOf(
    db,
    itemType,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, title: titles.get(r.id) ?? `#${r.id}`, count: Number(r.count) }));
}

export async function contentStats(db: DbOrTx, range: { from: string; to: string }): Promise<ContentStats> {
  const { from, to } = range;
  const inRange = between(contentDailyCounts.day, from, to);
  const [perDay, perType, articlesTop, pagesTop, downloadsTop] = await Promise.all([
    db
      .select({ day: contentDailyCounts.day, itemType: contentDailyCounts.itemType, count: total })
      .from(contentDailyCounts)
      .where(inRange)
      .groupBy(contentDailyCounts.day, contentDailyCounts.itemType),
    db
      .select({ itemType: contentDailyCounts.itemType, count: total })
      .from(contentDailyCounts)
      .where(inRange)
      .groupBy(contentDailyCounts.itemType),
    topItems(db, 'article', from, to),
    topItems(db, 'page', from, to),
    topItems(db, 'download', from, to),
  ]);
  const daily = Array.from({ length: daysInRange(from, to) }, (_, i) => ({
    day: shiftDay(from, i),
    views: 0,
    downloads: 0,
  }));
  const byDay = new Map(daily.map((d) => [d.day, d]));
  for (const row of perDay) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    if (row.itemType === 'download') entry.downloads += Number(row.count);
    else entry.views += Number(row.count);
  }
  const sumOf = (type: CountedItem) => Number(perType.find((r) => r.itemType === type)?.count ?? 0);
  return {
    from,
    to,
    daily,
    totals: { article_views: sumOf('article'), page_views: sumOf('page'), downloads: sumOf('download') },
    top: { articles: articlesTop, pages: pagesTop, downloads: downloadsTop },
  };
}
