// The system log's reads: the filtered list (newest first), the action names in use, and the export's rows.
// Rows are written by lib/system-log.ts inside each write's transaction; nothing here changes them.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, max, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SystemLogFilters, SystemLogView, systemLogListQuery } from '../../shared/system-logs/schema.ts';
import { SYSTEM_LOG_EXPORT_MAX } from '../../shared/system-logs/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { administrators, systemLogs } from '../db/schema/index.ts';
import { chinaDateTime, chinaDayRange } from '../lib/dates.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';

type LogRow = typeof systemLogs.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (text: string) => `%${escapeLike(text)}%`;

/** The WHERE of the filters: an action ending with '.' takes every action of that area. */
function whereOf(db: DbOrTx, filters: SystemLogFilters): SQL | undefined {
  const action = filters.action || undefined;
  return and(
    filters.administrator_id ? eq(systemLogs.administratorId, filters.administrator_id) : undefined,
    filters.administrator
      ? or(
          ilike(systemLogs.administratorName, like(filters.administrator)),
          inArray(
            systemLogs.administratorId,
            db
              .select({ id: administrators.id })
              .from(administrators)
              .where(ilike(administrators.username, like(filters.administrator))),
          ),
        )
      : undefined,
    action
      ? action.endsWith('.')
        ? ilike(systemLogs.action, `${escapeLike(action)}%`)
        : eq(systemLogs.action, action)
      : undefined,
    filters.target_type ? eq(systemLogs.targetType, filters.target_type) : undefined,
    filters.target_id ? eq(systemLogs.targetId, filters.target_id) : undefined,
    filters.date_from ? gte(systemLogs.createdAt, chinaDayRange(filters.date_from).start) : undefined,
    filters.date_to ? lt(systemLogs.createdAt, chinaDayRange(filters.date_to).end) : undefined,
  );
}

const view = (row: LogRow): SystemLogView => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  administrator_id: row.administratorId,
  administrator_name: row.administratorName,
  action: row.action,
  target_type: row.targetType,
  target_id: row.targetId,
  ip: row.ip,
  detail: row.detail,
});

const NEWEST_FIRST = [desc(systemLogs.createdAt), desc(systemLogs.id)];

export async function listSystemLogs(db: DbOrTx, query: z.output<typeof systemLogListQuery>) {
  const where = whereOf(db, query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(systemLogs)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(systemLogs).where(where),
  ]);
  return listAnswer(rows.map(view), total?.n ?? 0, query.page, query.limit);
}

/** Every action name that has a row, alphabetical. */
export async function systemLogActions(db: DbOrTx) {
  const rows = await db
    .selectDistinct({ action: systemLogs.action })
    .from(systemLogs)
    .orderBy(asc(systemLogs.action));
  return { data: rows.map((r) => r.action) };
}

export const SYSTEM_LOG_EXPORT_COLUMNS = [
  { key: 'time', header: '时间', width: 18 },
  { key: 'administrator', header: '管理员', width: 14 },
  { key: 'action', header: '操作', width: 24 },
  { key: 'target_type', header: '对象类型', width: 16 },
  { key: 'target_id', header: '对象编号', width: 12, text: true },
  { key: 'ip', header: 'IP', width: 16 },
  { key: 'detail', header: '变更摘要', width: 80 },
] as const;

/** Longest detail text one cell holds (Excel's own limit is 32 767). */
const DETAIL_CELL_MAX = 2000;
const EXPORT_CHUNK = 1000;

/**
 * The export's rows, newest first, at most SYSTEM_LOG_EXPORT_MAX, read a chunk at a time. Only rows that
 * existed when the export began: rows written meanwhile would shift the chunks and repeat a row.
 */
export async function* systemLogExportRows(db: DbOrTx, filters: SystemLogFilters) {
  const [newest] = await db.select({ id: max(systemLogs.id) }).from(systemLogs);
  const where = and(whereOf(db, filters), lte(systemLogs.id, newest?.id ?? 0));
  for (let offset = 0; offset < SYSTEM_LOG_EXPORT_MAX; offset += EXPORT_CHUNK) {
    const rows = await db
      .select()
      .from(systemLogs)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(Math.min(EXPORT_CHUNK, SYSTEM_LOG_EXPORT_MAX - offset))
      .offset(offset);
    for (const row of rows) {
      const detail = Object.keys(row.detail).length ? JSON.stringify(row.detail) : '';
      yield {
        time: chinaDateTime(row.createdAt),
        administrator: row.administratorName,
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        ip: row.ip,
        detail: detail.length > DETAIL_CELL_MAX ? `${detail.slice(0, DETAIL_CELL_MAX)}…` : detail,
      };
    }
    if (rows.length < EXPORT_CHUNK) return;
  }
}
