// Demo views and downloads for the content statistics page: the 30 days before today of every published article,
// custom page and file the demo holds (seeded before this runs), a few a day with a weekly rhythm, so the
// chart and the top lists show something believable on a fresh install. Deterministic: the same install
// gives the same figures. Today is left to real visits (a browser test reads today's own).
import { eq } from 'drizzle-orm';
import { chinaToday } from '../../shared/api/china-time.ts';
import { shiftDay } from '../../shared/content-stats/schema.ts';
import type { Db } from '../db/client.ts';
import { articles, contentDailyCounts, customPages, downloads } from '../db/schema/index.ts';
import type { CountedItem } from '../content-stats/counts.ts';

const DAYS = 30;

export async function seedContentStatsDemo(db: Db): Promise<void> {
  const [articleRows, pageRows, downloadRows] = await Promise.all([
    db.select({ id: articles.id }).from(articles).where(eq(articles.state, 'published')),
    db.select({ id: customPages.id }).from(customPages).where(eq(customPages.published, true)),
    db.select({ id: downloads.id }).from(downloads).where(eq(downloads.published, true)),
  ]);
  const items: { type: CountedItem; id: number; weight: number }[] = [
    ...articleRows.map((r, i) => ({ type: 'article' as const, id: r.id, weight: 12 - (i % 8) })),
    ...pageRows.map((r, i) => ({ type: 'page' as const, id: r.id, weight: 6 - (i % 4) })),
    ...downloadRows.map((r, i) => ({ type: 'download' as const, id: r.id, weight: 5 - (i % 4) })),
  ];
  if (items.length === 0) return;
  const today = chinaToday();
  const rows = [];
  for (let back = DAYS; back >= 1; back--) {
    const day = shiftDay(today, -back);
    // Weekdays busier than weekends (day index 5, 6 of each week from the start of the range).
    const rhythm = (DAYS - back) % 7 >= 5 ? 0.5 : 1;
    for (const [n, item] of items.entries()) {
      const count = Math.round(item.weight * rhythm * (1 + ((n * 7 + back * 3) % 5) / 4));
      if (count > 0) rows.push({ day, itemType: item.type, itemId: item.id, count });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(contentDailyCounts)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}
