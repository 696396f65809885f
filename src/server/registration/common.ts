// Small helpers shared by the registration-chain areas (plans, enrolments, uploads, payments,
// dashboard): list answers, China-time day ranges, the college administrator's organisation scope and
// PostgreSQL error recognition.
import { sql } from 'drizzle-orm';
import { CHINA_UTC_OFFSET_MS } from '../../shared/api/china-time.ts';
import type { ListResponse } from '../../shared/api/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

export const listAnswer = <T>(data: T[], total: number, page: number, limit: number): ListResponse<T> => ({
  data,
  meta: { total, page, limit },
});

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** [start, end) of a YYYY-MM-DD day in China time. */
export function chinaDayRange(date: string): { start: Date; end: Date } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1, d) - CHINA_UTC_OFFSET_MS);
  return { start, end: new Date(start.getTime() + 24 * 3600_000) };
}

export const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Organisation ids a college administrator may see (its organisation and every descendant), or null
 * for founder and manager, who see everything. A college admin without an organisation sees nothing.
 */
export async function organizationScope(db: DbOrTx, admin: AdminPrincipal): Promise<number[] | null> {
  if (admin.administratorType !== 'college') return null;
  if (admin.organizationId === null) return [];
  const result = (await db.execute(sql`
    with recursive tree as (
      select id from organizations where id = ${admin.organizationId}
      union all
      select o.id from organizations o join tree t on o.parent_id = t.id
    )
    select id from tree`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

/** PostgreSQL unique_violation, as thrown by pg or PGlite (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
