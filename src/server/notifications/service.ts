// Notifications to learners: sent inside the transaction of the event that causes them (review result,
// payment, ticket issued, scores published, certificate issued) so a rolled-back event sends nothing.
import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { NotificationItem } from '../../shared/certification/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { notificationReads, notifications } from '../db/schema/index.ts';

export const NOTIFICATION_KINDS = [
  'review',
  'payment',
  'ticket',
  'score',
  'certificate',
  'broadcast',
  'system',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationInput {
  /** null sends a broadcast to every learner. */
  learnerId: number | null;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A client route the message links to, e.g. /userCenter/myEnrollInfo?id=3 */
  link?: string;
  senderId?: number | null;
}

export async function sendNotification(db: DbOrTx, input: NotificationInput) {
  const [row] = await db
    .insert(notifications)
    .values({
      learnerId: input.learnerId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link: input.link ?? '',
      senderId: input.senderId ?? null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

export async function sendNotifications(db: DbOrTx, inputs: NotificationInput[]) {
  if (!inputs.length) return;
  await db.insert(notifications).values(
    inputs.map((input) => ({
      learnerId: input.learnerId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link: input.link ?? '',
      senderId: input.senderId ?? null,
    })),
  );
}

// ---------------------------------------------------------------- a learner's inbox

/** A learner sees the messages addressed to them and every broadcast (learner_id null). */
const visibleTo = (learnerId: number) =>
  or(eq(notifications.learnerId, learnerId), isNull(notifications.learnerId));

const readJoin = (learnerId: number) =>
  and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.learnerId, learnerId));

const inboxColumns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  learnerId: notifications.learnerId,
  createdAt: notifications.createdAt,
  readAt: notificationReads.readAt,
};

type InboxRow = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  learnerId: number | null;
  createdAt: Date;
  readAt: Date | null;
};

const inboxItem = (row: InboxRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  broadcast: row.learnerId === null,
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
  read_at: row.readAt ? row.readAt.toISOString() : null,
});

export async function listInbox(
  db: DbOrTx,
  learnerId: number,
  query: { page: number; limit: number; unread?: boolean },
) {
  const where = query.unread
    ? and(visibleTo(learnerId), isNull(notificationReads.notificationId))
    : visibleTo(learnerId);
  const [rows, [total]] = await Promise.all([
    db
      .select(inboxColumns)
      .from(notifications)
      .leftJoin(notificationReads, readJoin(learnerId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(notifications)
      .leftJoin(notificationReads, readJoin(learnerId))
      .where(where),
  ]);
  return { data: rows.map(inboxItem), meta: { total: total?.n ?? 0, page: query.page, limit: query.limit } };
}

export async function unreadCount(db: DbOrTx, learnerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(notificationReads, readJoin(learnerId))
    .where(and(visibleTo(learnerId), isNull(notificationReads.notificationId)));
  return row?.n ?? 0;
}

/** One message of the learner's inbox, marked read by opening it; another learner's message is a 404. */
export async function openInboxItem(db: DbOrTx, learnerId: number, id: number) {
  const [found] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(learnerId)))
    .limit(1);
  if (!found) return null;
  await db.insert(notificationReads).values({ notificationId: id, learnerId }).onConflictDoNothing();
  const [row] = await db
    .select(inboxColumns)
    .from(notifications)
    .leftJoin(notificationReads, readJoin(learnerId))
    .where(eq(notifications.id, id));
  return row ? inboxItem(row) : null;
}

/** Marks every visible message read; answers how many were newly marked. */
export async function markAllRead(db: DbOrTx, learnerId: number): Promise<number> {
  const result = await db.execute(sql`
    insert into notification_reads (notification_id, learner_id)
    select n.id, ${learnerId}::int from notifications n
    where (n.learner_id = ${learnerId} or n.learner_id is null)
      and not exists (select 1 from notification_reads r where r.notification_id = n.id and r.learner_id = ${learnerId})
    on conflict do nothing`);
  // pg reports rowCount, PGlite affectedRows.
  const done = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return done.rowCount ?? done.affectedRows ?? 0;
}

/** Messages staff sent by hand (broadcasts and direct messages), newest first, for the back office. */
export async function listSentByStaff(db: DbOrTx, query: { page: number; limit: number }) {
  const where = or(eq(notifications.kind, 'broadcast'), isNotNull(notifications.senderId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        learnerId: notifications.learnerId,
        senderId: notifications.senderId,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      learner_id: r.learnerId,
      sender_id: r.senderId,
      created_at: r.createdAt.toISOString(),
    })),
    meta: { total: total?.n ?? 0, page: query.page, limit: query.limit },
  };
}
