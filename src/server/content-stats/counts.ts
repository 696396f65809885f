// Daily views and downloads for content management's statistics page: one row per item per day, incremented
// in place (an upsert), so counting a visit is one statement and never a read-modify-write race. The day is
// China's calendar day, as every date the platform shows.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { contentDailyCounts } from '../db/schema/index.ts';

export type CountedItem = 'article' | 'page' | 'download';

/** Adds one view (article, page) or download (file) to today's count of the item. */
export async function countVisit(db: DbOrTx, itemType: CountedItem, itemId: number): Promise<void> {
  await db
    .insert(contentDailyCounts)
    .values({ day: sql`(now() at time zone 'Asia/Shanghai')::date`, itemType, itemId, count: 1 })
    .onConflictDoUpdate({
      target: [contentDailyCounts.day, contentDailyCounts.itemType, contentDailyCounts.itemId],
      set: { count: sql`${contentDailyCounts.count} + 1` },
    });
}
