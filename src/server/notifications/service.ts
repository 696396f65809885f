// Notifications to learners: sent inside the transaction of the event that causes them (review result,
// payment, ticket issued, scores published, certificate issued) so a rolled-back event sends nothing.
import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
//
// A message the platform writes names its catalogue entry (src/server/i18n/messages.ts) and parameters;
// they are stored beside its Chinese text and rendered in the reader's language each time it is read.
import type { Language } from '../../shared/api/constants.ts';
import type { NotificationItem } from '../../shared/notifications/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { notificationReads, notifications, staffNoticeReads, staffNotices } from '../db/schema/index.ts';
import { isMessageKey, t, type MessageParams } from '../i18n/messages.ts';

export const NOTIFICATION_KINDS = [
  'review',
  'payment',
  'ticket',
  'score',
  'certificate',
  'broadcast',
  'system',
  'class_notice',
  'class_completed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The platform's own messages: each has `notification.<name>.title` and `.body` in the catalogue. */
export type PlatformMessage =
  | 'enrollmentApproved'
  | 'enrollmentApprovedFree'
  | 'enrollmentRejected'
  | 'paymentSucceeded'
  | 'ticketsIssued'
  | 'scoresPublished'
  | 'scoreCorrected'
  | 'certificateIssued'
  | 'certificateRevoked'
  | 'classCompleted'
  | 'feedbackReplied'
  /** To staff (staff.ts): a learner applied for a job; a work order was filed, or its submitter replied. */
  | 'jobApplied'
  | 'feedbackFiled'
  | 'feedbackFollowedUp';

interface NotificationBase {
  /** null sends a broadcast to every learner. */
  learnerId: number | null;
  kind: NotificationKind;
  /** A client route the message links to, e.g. /userCenter/myEnrollInfo?id=3 */
  link?: string;
  senderId?: number | null;
}

/** Either the platform's own message (shown in the reader's language) or a text staff wrote (as written). */
export type NotificationInput = NotificationBase &
  (
    | { message: PlatformMessage; params: MessageParams }
    | { message?: undefined; title: string; body?: string }
  );

const titleKey = (message: PlatformMessage) => `notification.${message}.title` as const;
const bodyKey = (message: PlatformMessage) => `notification.${message}.body` as const;

function notificationRow(input: NotificationInput) {
  const base = {
    learnerId: input.learnerId,
    kind: input.kind,
    link: input.link ?? '',
    senderId: input.senderId ?? null,
  };
  if (input.message === undefined)
    return { ...base, title: input.title, body: input.body ?? '', messageKey: null, messageParams: null };
  return { ...base, ...platformText(input.message, input.params) };
}

/** The columns a platform message is stored with: its Chinese text, its key and its parameters. */
export function platformText(message: PlatformMessage, params: MessageParams) {
  return {
    title: t('zh', titleKey(message), params),
    body: t('zh', bodyKey(message), params),
    messageKey: message,
    messageParams: { ...params },
  };
}

export async function sendNotification(db: DbOrTx, input: NotificationInput) {
  const [row] = await db
    .insert(notifications)
    .values(notificationRow(input))
    .returning({ id: notifications.id });
  return row!.id;
}

export interface StaffNoticeInput {
  /** The menu item (menus/reference.ts name) whose holders receive it. */
  page: string;
  message: PlatformMessage;
  params: MessageParams;
  /** A back-office route the notice opens, e.g. /manage/contentManage/informationRelease?applications=3 */
  link: string;
  /** The administrator whose own act it is (a work order it filed): read for them from the start. */
  readBy?: number;
}

/** A notice to staff (notifications/staff.ts reads them): in the transaction of the event it is about. */
export async function noticeStaff(db: DbOrTx, input: StaffNoticeInput): Promise<number> {
  const [row] = await db
    .insert(staffNotices)
    .values({ page: input.page, link: input.link, ...platformText(input.message, input.params) })
    .returning({ id: staffNotices.id });
  if (input.readBy !== undefined)
    await db.insert(staffNoticeReads).values({ noticeId: row!.id, administratorId: input.readBy });
  return row!.id;
}

export async function sendNotifications(db: DbOrTx, inputs: NotificationInput[]) {
  if (!inputs.length) return;
  await db.insert(notifications).values(inputs.map(notificationRow));
}

/** A stored message's title and body in `lang`: the platform's own rendered again, staff's as written. */
export function messageText(
  lang: Language,
  row: { title: string; body: string; messageKey: string | null; messageParams: unknown },
): { title: string; body: string } {
  // Stored keys are plain text: a key this version no longer knows falls back to the stored Chinese text.
  const title = `notification.${row.messageKey}.title`;
  const body = `notification.${row.messageKey}.body`;
  if (!isMessageKey(title) || !isMessageKey(body)) return { title: row.title, body: row.body };
  const params = (row.messageParams ?? {}) as Record<string, unknown>;
  return { title: t(lang, title, params), body: t(lang, body, params) };
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
  messageKey: notifications.messageKey,
  messageParams: notifications.messageParams,
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
  messageKey: string | null;
  messageParams: unknown;
  link: string;
  learnerId: number | null;
  createdAt: Date;
  readAt: Date | null;
};

const inboxItem = (lang: Language, row: InboxRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  ...messageText(lang, row),
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
  lang: Language,
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
  return {
    data: rows.map((row) => inboxItem(lang, row)),
    meta: { total: total?.n ?? 0, page: query.page, limit: query.limit },
  };
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
export async function openInboxItem(db: DbOrTx, learnerId: number, id: number, lang: Language) {
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
  return row ? inboxItem(lang, row) : null;
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
