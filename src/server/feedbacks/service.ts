// Work orders (工单反馈): learners and administrators file them with up to three of their own screenshots;
// back-office staff assign, reply and move the state along FEEDBACK_TRANSITIONS. A state change locks the
// row, so two changes sent at once from the same old state cannot both apply. A staff reply to a learner's
// work order sends the learner a notification in the same transaction.
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, gte, ilike, inArray, lt, max, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_STATE_LABELS,
  FEEDBACK_TRANSITIONS,
  type FeedbackCategory,
  type FeedbackDetail,
  type FeedbackState,
  type FeedbackSubmitterType,
  type FeedbackView,
  type feedbackCreateSchema,
  type feedbackListQuery,
  type feedbackReplySchema,
} from '../../shared/feedbacks/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { administrators, learners, uploads, workOrderReplies, workOrders } from '../db/schema/index.ts';
import { fieldError, notFound, validationFailed } from '../errors.ts';
import { chinaDayRange } from '../lib/dates.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { noticeStaff, sendNotification } from '../notifications/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { uploadUrl } from '../uploads/service.ts';

type WorkOrderRow = typeof workOrders.$inferSelect;
type ReplyRow = typeof workOrderReplies.$inferSelect;
type CreateInput = z.output<typeof feedbackCreateSchema>;
type ReplyInput = z.output<typeof feedbackReplySchema>;

/** Who filed a work order, or who writes in its thread. */
export interface Author {
  type: FeedbackSubmitterType;
  id: number;
  name: string;
}

export const adminAuthor = (admin: AdminPrincipal): Author => ({
  type: 'administrators',
  id: admin.id,
  name: admin.realName || admin.username,
});

export async function learnerAuthor(db: DbOrTx, learnerId: number): Promise<Author> {
  const [row] = await db
    .select({ realName: learners.realName, username: learners.username })
    .from(learners)
    .where(eq(learners.id, learnerId));
  return { type: 'learners', id: learnerId, name: row?.realName || row?.username || '' };
}

/** The learner's page of its work orders; the notification of a reply links to the thread. */
export const learnerFeedbackLink = (id: number) => `/userCenter/myFeedback?id=${id}`;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const attachmentViews = (ids: string[]) => ids.map((id) => ({ id, url: uploadUrl(id) }));

interface ReplyStats {
  replyCount: number;
  lastReplyAt: Date | null;
  lastStaffReplyAt: Date | null;
}

async function replyStats(db: DbOrTx, rows: WorkOrderRow[]) {
  const stats = new Map<number, ReplyStats>();
  if (rows.length === 0) return stats;
  const found = await db
    .select({
      workOrderId: workOrderReplies.workOrderId,
      n: count(),
      last: max(workOrderReplies.createdAt),
      lastStaff: sql<string | null>`max(${workOrderReplies.createdAt}) filter (
        where not (${workOrderReplies.authorType} = ${workOrders.submitterType}
          and ${workOrderReplies.authorId} = ${workOrders.submitterId}))`,
    })
    .from(workOrderReplies)
    .innerJoin(workOrders, eq(workOrders.id, workOrderReplies.workOrderId))
    .where(
      inArray(
        workOrderReplies.workOrderId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(workOrderReplies.workOrderId);
  for (const r of found)
    stats.set(r.workOrderId, {
      replyCount: r.n,
      lastReplyAt: r.last,
      lastStaffReplyAt: r.lastStaff ? new Date(r.lastStaff) : null,
    });
  return stats;
}

async function assigneeNames(db: DbOrTx, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: administrators.id, realName: administrators.realName, username: administrators.username })
    .from(administrators)
    .where(inArray(administrators.id, wanted));
  return new Map(rows.map((r) => [r.id, r.realName || r.username]));
}

function feedbackView(
  row: WorkOrderRow,
  assigneeName: string | null,
  stats: ReplyStats | undefined,
): FeedbackView {
  const lastStaff = stats?.lastStaffReplyAt ?? null;
  return {
    id: row.id,
    submitter_type: row.submitterType as FeedbackSubmitterType,
    submitter_id: row.submitterId,
    submitter_name: row.submitterName,
    category: row.category as FeedbackCategory,
    category_label: FEEDBACK_CATEGORY_LABELS[row.category as FeedbackCategory] ?? row.category,
    content: row.content,
    attachments: attachmentViews(row.attachments),
    state: row.state as FeedbackState,
    state_label: FEEDBACK_STATE_LABELS[row.state as FeedbackState] ?? row.state,
    assignee_id: row.assigneeId,
    assignee_name: assigneeName,
    reply_count: stats?.replyCount ?? 0,
    last_reply_at: stats?.lastReplyAt?.toISOString() ?? null,
    unread: lastStaff !== null && (row.submitterReadAt === null || lastStaff > row.submitterReadAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function viewsOf(db: DbOrTx, rows: WorkOrderRow[]) {
  const [stats, names] = await Promise.all([
    replyStats(db, rows),
    assigneeNames(
      db,
      rows.map((r) => r.assigneeId),
    ),
  ]);
  return rows.map((r) =>
    feedbackView(r, r.assigneeId === null ? null : (names.get(r.assigneeId) ?? null), stats.get(r.id)),
  );
}

async function listWhere(db: DbOrTx, where: SQL | undefined, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(workOrders)
      .where(where)
      .orderBy(desc(workOrders.updatedAt), desc(workOrders.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db.select({ n: count() }).from(workOrders).where(where),
  ]);
  return listAnswer(await viewsOf(db, rows), total?.n ?? 0, page, limit);
}

const submittedBy = (author: Pick<Author, 'type' | 'id'>) =>
  and(eq(workOrders.submitterType, author.type), eq(workOrders.submitterId, author.id));

/** A submitter's own work orders, newest activity first. */
export const listOwnFeedbacks = (
  db: DbOrTx,
  author: Pick<Author, 'type' | 'id'>,
  query: { page: number; limit: number },
) => listWhere(db, submittedBy(author), query.page, query.limit);

export function listFeedbacks(db: DbOrTx, query: z.output<typeof feedbackListQuery>) {
  const where = and(
    query.state ? eq(workOrders.state, query.state) : undefined,
    query.category ? eq(workOrders.category, query.category) : undefined,
    query.submitter_type ? eq(workOrders.submitterType, query.submitter_type) : undefined,
    query.assignee_id ? eq(workOrders.assigneeId, query.assignee_id) : undefined,
    query.date_from ? gte(workOrders.createdAt, chinaDayRange(query.date_from).start) : undefined,
    query.date_to ? lt(workOrders.createdAt, chinaDayRange(query.date_to).end) : undefined,
    query.keyword
      ? or(
          ilike(workOrders.content, like(query.keyword)),
          ilike(workOrders.submitterName, like(query.keyword)),
        )
      : undefined,
  );
  return listWhere(db, where, query.page, query.limit);
}

/** Every screenshot must be an upload of the author's own (422 on `attachments` otherwise). */
async function checkAttachments(db: DbOrTx, author: Author, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const owner =
    author.type === 'learners' ? eq(uploads.ownerLearnerId, author.id) : eq(uploads.ownerAdminId, author.id);
  const [found] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(inArray(uploads.id, unique), owner));
  if ((found?.n ?? 0) !== unique.length) throw fieldError('attachments', '截图不存在或不是您上传的文件');
  return unique;
}

async function detailOf(db: DbOrTx, row: WorkOrderRow): Promise<FeedbackDetail> {
  const [[view], replies] = await Promise.all([
    viewsOf(db, [row]),
    db
      .select()
      .from(workOrderReplies)
      .where(eq(workOrderReplies.workOrderId, row.id))
      .orderBy(workOrderReplies.createdAt, workOrderReplies.id),
  ]);
  return {
    ...view!,
    replies: replies.map((r: ReplyRow) => ({
      id: r.id,
      author_type: r.authorType as FeedbackSubmitterType,
      author_id: r.authorId,
      author_name: r.authorName,
      by_submitter: r.authorType === row.submitterType && r.authorId === row.submitterId,
      content: r.content,
      attachments: attachmentViews(r.attachments),
      created_at: r.createdAt.toISOString(),
    })),
  };
}

const EXCERPT_CHARS = 60;

/** Tells the staff who handle work orders (the back office's bell) that a submitter wrote. */
async function noticeFeedbackStaff(
  tx: DbOrTx,
  message: 'feedbackFiled' | 'feedbackFollowedUp',
  id: number,
  author: Author,
  content: string,
) {
  const text = content.replace(/\s+/g, ' ').trim();
  await noticeStaff(tx, {
    page: 'Feedbacks',
    message,
    params: {
      id,
      name: author.name,
      excerpt: text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text,
    },
    link: `/manage/settingManage/feedbacks?open=${id}`,
    // An administrator's own work order is nothing new to it.
    ...(author.type === 'administrators' ? { readBy: author.id } : {}),
  });
}

export async function createFeedback(
  tx: DbOrTx,
  author: Author,
  input: CreateInput,
  log: { admin: AdminPrincipal; request: FastifyRequest } | null,
) {
  const attachments = await checkAttachments(tx, author, input.attachments);
  const [row] = await tx
    .insert(workOrders)
    .values({
      submitterType: author.type,
      submitterId: author.id,
      submitterName: author.name.slice(0, 64),
      category: input.category,
      content: input.content,
      attachments,
      submitterReadAt: new Date(),
    })
    .returning();
  await noticeFeedbackStaff(tx, 'feedbackFiled', row!.id, author, input.content);
  if (log)
    await writeSystemLog(tx, log.admin, log.request, {
      action: 'feedback.create',
      targetType: 'work_order',
      targetId: row!.id,
      detail: { category: input.category, attachments: attachments.length },
    });
  return detailOf(tx, row!);
}

async function lockOrder(tx: DbOrTx, id: number, where?: SQL) {
  const [row] = await tx
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.id, id), where))
    .for('update');
  if (!row) throw notFound('工单不存在');
  return row;
}

/** The submitter's view of one of its work orders (404 for anyone else's); opening it marks replies read. */
export async function openOwnFeedback(tx: DbOrTx, author: Pick<Author, 'type' | 'id'>, id: number) {
  const [row] = await tx
    .update(workOrders)
    .set({ submitterReadAt: new Date() })
    .where(and(eq(workOrders.id, id), submittedBy(author)))
    .returning();
  if (!row) throw notFound('工单不存在');
  return detailOf(tx, row);
}

export async function getFeedback(db: DbOrTx, id: number) {
  const [row] = await db.select().from(workOrders).where(eq(workOrders.id, id));
  if (!row) throw notFound('工单不存在');
  return detailOf(db, row);
}

async function insertReply(tx: DbOrTx, order: WorkOrderRow, author: Author, input: ReplyInput) {
  const attachments = await checkAttachments(tx, author, input.attachments);
  await tx.insert(workOrderReplies).values({
    workOrderId: order.id,
    authorType: author.type,
    authorId: author.id,
    authorName: author.name.slice(0, 64),
    content: input.content,
    attachments,
  });
  return attachments;
}

/** The submitter adds to its thread while the work order is not closed. */
export async function replyAsSubmitter(
  tx: DbOrTx,
  author: Author,
  id: number,
  input: ReplyInput,
  log: { admin: AdminPrincipal; request: FastifyRequest } | null,
) {
  const order = await lockOrder(tx, id, submittedBy(author));
  if (order.state === 'closed') throw validationFailed({ state: ['工单已关闭，不能继续回复'] });
  await insertReply(tx, order, author, input);
  await noticeFeedbackStaff(tx, 'feedbackFollowedUp', id, author, input.content);
  const [row] = await tx
    .update(workOrders)
    .set({ submitterReadAt: new Date(), updatedAt: new Date() })
    .where(eq(workOrders.id, id))
    .returning();
  if (log)
    await writeSystemLog(tx, log.admin, log.request, {
      action: 'feedback.reply',
      targetType: 'work_order',
      targetId: id,
      detail: { by: 'submitter' },
    });
  return detailOf(tx, row!);
}

/** The submitter closes its own work order (any state but closed). */
export async function closeAsSubmitter(
  tx: DbOrTx,
  author: Pick<Author, 'type' | 'id'>,
  id: number,
  log: { admin: AdminPrincipal; request: FastifyRequest } | null,
) {
  const order = await lockOrder(tx, id, submittedBy(author));
  if (order.state === 'closed') throw validationFailed({ state: ['工单已关闭'] });
  const [row] = await tx
    .update(workOrders)
    .set({ state: 'closed', updatedAt: new Date() })
    .where(eq(workOrders.id, id))
    .returning();
  if (log)
    await writeSystemLog(tx, log.admin, log.request, {
      action: 'feedback.state',
      targetType: 'work_order',
      targetId: id,
      detail: { state: `${order.state} → closed`, by: 'submitter' },
    });
  return detailOf(tx, row!);
}

/** Staff reply: moves an open work order to in progress and tells a learner submitter. */
export async function replyAsStaff(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: ReplyInput,
) {
  const order = await lockOrder(tx, id);
  if (order.state === 'closed') throw validationFailed({ state: ['工单已关闭，不能继续回复'] });
  const attachments = await insertReply(tx, order, adminAuthor(admin), input);
  const state = order.state === 'open' ? 'in_progress' : order.state;
  const [row] = await tx
    .update(workOrders)
    .set({ state, updatedAt: new Date() })
    .where(eq(workOrders.id, id))
    .returning();
  if (order.submitterType === 'learners')
    await sendNotification(tx, {
      learnerId: order.submitterId,
      kind: 'system',
      message: 'feedbackReplied',
      params: { id: String(order.id) },
      link: learnerFeedbackLink(order.id),
      senderId: admin.id,
    });
  await writeSystemLog(tx, admin, request, {
    action: 'feedback.reply',
    targetType: 'work_order',
    targetId: id,
    detail: {
      attachments: attachments.length,
      ...(state !== order.state ? { state: `${order.state} → ${state}` } : {}),
    },
  });
  return detailOf(tx, row!);
}

export async function assignFeedback(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  assigneeId: number,
) {
  const [assignee] = await tx
    .select({ id: administrators.id, realName: administrators.realName, username: administrators.username })
    .from(administrators)
    .where(and(eq(administrators.id, assigneeId), eq(administrators.enabled, true)));
  if (!assignee) throw fieldError('assignee_id', '处理人不存在或已停用');
  const order = await lockOrder(tx, id);
  if (order.state === 'closed') throw validationFailed({ state: ['工单已关闭，不能再指派'] });
  const [row] = await tx
    .update(workOrders)
    .set({ assigneeId, updatedAt: new Date() })
    .where(eq(workOrders.id, id))
    .returning();
  await writeSystemLog(tx, admin, request, {
    action: 'feedback.assign',
    targetType: 'work_order',
    targetId: id,
    detail: { assignee: `${order.assigneeId ?? '—'} → ${assignee.realName || assignee.username}` },
  });
  return detailOf(tx, row!);
}

export async function changeFeedbackState(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  state: FeedbackState,
) {
  const order = await lockOrder(tx, id);
  const from = order.state as FeedbackState;
  if (!(FEEDBACK_TRANSITIONS[from] ?? []).includes(state))
    throw fieldError(
      'state',
      `工单状态不能从“${FEEDBACK_STATE_LABELS[from] ?? from}”改为“${FEEDBACK_STATE_LABELS[state]}”`,
    );
  const [row] = await tx
    .update(workOrders)
    .set({ state, updatedAt: new Date() })
    .where(eq(workOrders.id, id))
    .returning();
  await writeSystemLog(tx, admin, request, {
    action: 'feedback.state',
    targetType: 'work_order',
    targetId: id,
    detail: { state: `${from} → ${state}` },
  });
  return detailOf(tx, row!);
}
