// Notices to back-office staff (the header's bell), as read. The platform writes one in the transaction of
// the event (a learner applying for a job: `noticeStaff` in service.ts), addressed to a menu item: every administrator
// whose role may open that page sees it, checked when read, so a change to a role's grants applies at once
// and a college administrator never sees a notice of a tab it is never shown. Read receipts are per
// administrator.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../shared/api/constants.ts';
import type { StaffNoticeItem } from '../../shared/notifications/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { staffNoticeReads, staffNotices } from '../db/schema/index.ts';
import { openablePages } from '../lib/grants.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { messageText } from './service.ts';

/** The pages with notices that this administrator may open (one grants query over the few distinct pages). */
async function myPages(db: DbOrTx, admin: AdminPrincipal): Promise<string[]> {
  const pages = await db.selectDistinct({ page: staffNotices.page }).from(staffNotices);
  return openablePages(
    db,
    admin.roleId,
    admin.administratorType,
    pages.map((p) => p.page),
  );
}

const readJoin = (adminId: number) =>
  and(eq(staffNoticeReads.noticeId, staffNotices.id), eq(staffNoticeReads.administratorId, adminId));

const columns = {
  id: staffNotices.id,
  title: staffNotices.title,
  body: staffNotices.body,
  messageKey: staffNotices.messageKey,
  messageParams: staffNotices.messageParams,
  link: staffNotices.link,
  createdAt: staffNotices.createdAt,
  readAt: staffNoticeReads.readAt,
};

type Row = {
  id: number;
  title: string;
  body: string;
  messageKey: string;
  messageParams: unknown;
  link: string;
  createdAt: Date;
  readAt: Date | null;
};

const item = (lang: Language, row: Row): StaffNoticeItem => ({
  id: row.id,
  ...messageText(lang, row),
  link: row.link,
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

export async function listStaffNotices(
  db: DbOrTx,
  admin: AdminPrincipal,
  query: { page: number; limit: number; unread?: boolean },
  lang: Language,
) {
  const pages = await myPages(db, admin);
  if (pages.length === 0) return { data: [], meta: { total: 0, page: query.page, limit: query.limit } };
  const where = and(
    inArray(staffNotices.page, pages),
    query.unread ? isNull(staffNoticeReads.noticeId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(staffNotices)
      .leftJoin(staffNoticeReads, readJoin(admin.id))
      .where(where)
      .orderBy(desc(staffNotices.createdAt), desc(staffNotices.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(staffNotices).leftJoin(staffNoticeReads, readJoin(admin.id)).where(where),
  ]);
  return {
    data: rows.map((row) => item(lang, row)),
    meta: { total: total?.n ?? 0, page: query.page, limit: query.limit },
  };
}

export async function staffUnreadCount(db: DbOrTx, admin: AdminPrincipal): Promise<number> {
  const pages = await myPages(db, admin);
  if (pages.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(staffNotices)
    .leftJoin(staffNoticeReads, readJoin(admin.id))
    .where(and(inArray(staffNotices.page, pages), isNull(staffNoticeReads.noticeId)));
  return row?.n ?? 0;
}

/** Marks one notice read and answers it; a notice of a page this administrator may not open is null. */
export async function readStaffNotice(
  db: DbOrTx,
  admin: AdminPrincipal,
  id: number,
  lang: Language,
): Promise<StaffNoticeItem | null> {
  const [found] = await db
    .select({ page: staffNotices.page })
    .from(staffNotices)
    .where(eq(staffNotices.id, id))
    .limit(1);
  if (!found) return null;
  const pages = await openablePages(db, admin.roleId, admin.administratorType, [found.page]);
  if (pages.length === 0) return null;
  await db.insert(staffNoticeReads).values({ noticeId: id, administratorId: admin.id }).onConflictDoNothing();
  const [row] = await db
    .select(columns)
    .from(staffNotices)
    .leftJoin(staffNoticeReads, readJoin(admin.id))
    .where(eq(staffNotices.id, id));
  return row ? item(lang, row) : null;
}

/** Marks every notice this administrator sees read; answers how many were newly marked. */
export async function markAllStaffRead(db: DbOrTx, admin: AdminPrincipal): Promise<number> {
  const pages = await myPages(db, admin);
  if (pages.length === 0) return 0;
  const result = await db.execute(sql`
    insert into staff_notice_reads (notice_id, administrator_id)
    select n.id, ${admin.id}::int from staff_notices n
    where n.page in (${sql.join(
      pages.map((p) => sql`${p}`),
      sql`, `,
    )})
      and not exists (select 1 from staff_notice_reads r where r.notice_id = n.id and r.administrator_id = ${admin.id})
    on conflict do nothing`);
  // pg reports rowCount, PGlite affectedRows.
  const done = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return done.rowCount ?? done.affectedRows ?? 0;
}
