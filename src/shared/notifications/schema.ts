// Learner notifications (PRODUCT.md §2): the message list's query, the staff's broadcast and the message answer;
// and the notices to back-office staff.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { listOf } from '../api/answers.ts';
import { requiredText, queryFlag } from '../api/fields.ts';

// ---------------------------------------------------------------- notifications

export const notificationListQuery = paginationQuery.extend({
  /** Only unread messages. */
  unread: queryFlag.optional(),
});

/** POST /v1/admin/notifications: one learner, or every learner when learner_id is absent. */
export const broadcastSchema = z.object({
  title: requiredText('标题', 1, 200),
  body: z.string({ error: '请填写内容' }).trim().max(5000, '内容不能超过 5000 个字符').default(''),
  learner_id: idSchema('学员').optional().nullable(),
  link: z.string().trim().max(300, '链接不能超过 300 个字符').optional(),
});

// ---------------------------------------------------------------- answers

/** One message of a learner's inbox, in the reader's language (GET /v1/notifications/:id opens it). */
export const notificationAnswer = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  broadcast: z.boolean(),
  created_at: z.string(),
  read: z.boolean(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationAnswer>;

/** GET /v1/notifications */
export const notificationListAnswer = listOf(notificationAnswer);

/** GET /v1/notifications/unread-count */
export const unreadCountAnswer = z.object({ count: z.number().int().nonnegative() });

/** POST /v1/notifications/read-all: how many messages were newly marked read. */
export const markAllReadAnswer = z.object({ marked: z.number().int().nonnegative() });

/** A message staff sent by hand (GET /v1/admin/notifications); learner_id null: a broadcast. */
export const sentNotificationAnswer = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  learner_id: z.number().int().nullable(),
  sender_id: z.number().int().nullable(),
  created_at: z.string(),
});
export const sentNotificationListAnswer = listOf(sentNotificationAnswer);

/** POST /v1/admin/notifications (201) */
export const notificationCreatedAnswer = z.object({ id: z.number().int() });

// ---------------------------------------------------------------- staff notices (the back office's bell)

/** One notice to back-office staff, in the reader's language (POST /v1/admin/notices/:id/read marks it read). */
export const staffNoticeAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** A back-office route the notice opens. */
  link: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type StaffNoticeItem = z.infer<typeof staffNoticeAnswer>;

/** GET /v1/admin/notices (same query as a learner's list: page, limit, unread) */
export const staffNoticeListAnswer = listOf(staffNoticeAnswer);
