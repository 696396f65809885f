// Learner notifications (PRODUCT.md §2): the message list's query, the staff's broadcast and the message answer.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
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

// ---------------------------------------------------------------- answer shapes (the server's return types)

export interface NotificationItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  broadcast: boolean;
  created_at: string;
  read: boolean;
  read_at: string | null;
}
