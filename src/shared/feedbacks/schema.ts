// Work orders (工单反馈, /manage/settingManage/feedbacks): a learner or an administrator reports a problem
// with up to three screenshots; administrators assign it, answer in a thread the submitter sees and move
// it open → in progress → resolved → closed.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, requiredText } from '../api/fields.ts';

export const FEEDBACK_CATEGORIES = [
  'account',
  'enrollment',
  'payment',
  'exam',
  'course',
  'suggestion',
  'other',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  account: '账号登录',
  enrollment: '报名审核',
  payment: '缴费发票',
  exam: '考试成绩',
  course: '课程学习',
  suggestion: '功能建议',
  other: '其他',
};

export const FEEDBACK_STATES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
export const FEEDBACK_STATE_LABELS: Record<FeedbackState, string> = {
  open: '待处理',
  in_progress: '处理中',
  resolved: '已解决',
  closed: '已关闭',
};

/** The moves an administrator may make from each state (resolved → in progress reopens). */
export const FEEDBACK_TRANSITIONS: Record<FeedbackState, readonly FeedbackState[]> = {
  open: ['in_progress', 'closed'],
  in_progress: ['resolved', 'closed'],
  resolved: ['closed', 'in_progress'],
  closed: [],
};

export const FEEDBACK_SUBMITTER_TYPES = ['learners', 'administrators'] as const;
export type FeedbackSubmitterType = (typeof FEEDBACK_SUBMITTER_TYPES)[number];

export const FEEDBACK_CONTENT_MAX = 2000;
export const FEEDBACK_ATTACHMENTS_MAX = 3;

const attachments = z
  .array(z.uuid('截图无效'), { error: '截图格式无效' })
  .max(FEEDBACK_ATTACHMENTS_MAX, `最多上传 ${FEEDBACK_ATTACHMENTS_MAX} 张截图`)
  .default([]);

export const feedbackCreateSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: '请选择问题类别' }),
  content: requiredText('问题描述', 1, FEEDBACK_CONTENT_MAX),
  attachments,
});
export type FeedbackCreateInput = z.input<typeof feedbackCreateSchema>;

export const feedbackReplySchema = z.object({
  content: requiredText('回复内容', 1, FEEDBACK_CONTENT_MAX),
  attachments,
});
export type FeedbackReplyInput = z.input<typeof feedbackReplySchema>;

export const feedbackAssignSchema = z.object({
  assignee_id: idSchema('处理人'),
});

export const feedbackStateSchema = z.object({
  state: z.enum(FEEDBACK_STATES, { error: '请选择工单状态' }),
});

export const myFeedbackListQuery = paginationQuery;

export const feedbackListQuery = paginationQuery.extend({
  keyword,
  state: z.enum(FEEDBACK_STATES, { error: '工单状态无效' }).optional(),
  category: z.enum(FEEDBACK_CATEGORIES, { error: '问题类别无效' }).optional(),
  submitter_type: z.enum(FEEDBACK_SUBMITTER_TYPES, { error: '提交人类型无效' }).optional(),
  assignee_id: idSchema('处理人').optional(),
  /** First and last day, YYYY-MM-DD (China time). */
  date_from: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
  date_to: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
});

// ---------------------------------------------------------------- answers

const attachmentAnswer = z.object({ id: z.string(), url: z.string() });

export const feedbackAnswer = z.object({
  id: z.number().int(),
  submitter_type: z.enum(FEEDBACK_SUBMITTER_TYPES),
  submitter_id: z.number().int(),
  submitter_name: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  category_label: z.string(),
  content: z.string(),
  attachments: z.array(attachmentAnswer),
  state: z.enum(FEEDBACK_STATES),
  state_label: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  reply_count: z.number().int(),
  last_reply_at: z.string().nullable(),
  /** For the submitter: a reply by staff arrived after the submitter last opened the thread. */
  unread: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeedbackView = z.infer<typeof feedbackAnswer>;
export const feedbackListAnswer = listOf(feedbackAnswer);

export const feedbackReplyAnswer = z.object({
  id: z.number().int(),
  author_type: z.enum(FEEDBACK_SUBMITTER_TYPES),
  author_id: z.number().int(),
  author_name: z.string(),
  /** True when the submitter wrote it (the other side is staff). */
  by_submitter: z.boolean(),
  content: z.string(),
  attachments: z.array(attachmentAnswer),
  created_at: z.string(),
});
export type FeedbackReplyView = z.infer<typeof feedbackReplyAnswer>;

export const feedbackDetailAnswer = feedbackAnswer.extend({
  replies: z.array(feedbackReplyAnswer),
});
export type FeedbackDetail = z.infer<typeof feedbackDetailAnswer>;
