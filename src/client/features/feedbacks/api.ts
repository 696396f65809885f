// Work orders (工单反馈): the learner's own (user centre) and the back office's (/manage/settingManage/
// feedbacks). Bodies are the shared schema's input; answers are the server's views.
import type { z } from '../../../shared/api/zod.ts';
import { administratorListAnswer } from '../../../shared/administrators/schema.ts';
import {
  feedbackDetailAnswer,
  feedbackListAnswer,
  type FeedbackCreateInput,
  type FeedbackReplyInput,
  type FeedbackState,
  type feedbackListQuery,
} from '../../../shared/feedbacks/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;
const LEARNER = { apiType: 'learners' } as const;

export type { FeedbackDetail, FeedbackView } from '../../../shared/feedbacks/schema.ts';
export type FeedbackListFilters = ListFilters<
  Pick<z.output<typeof feedbackListQuery>, 'keyword' | 'state' | 'category' | 'submitter_type'>
>;

// ------------------------------------------------------------ learner
export const fetchMyFeedbacks = (query: { page: number; limit: number }) =>
  api.get('/v1/learner/feedbacks', feedbackListAnswer, { params: query, ...LEARNER });
export const fetchMyFeedback = (id: number) =>
  api.get(`/v1/learner/feedbacks/${id}`, feedbackDetailAnswer, LEARNER);
export const createMyFeedback = (input: FeedbackCreateInput) =>
  api.post('/v1/learner/feedbacks', feedbackDetailAnswer, input, LEARNER);
export const replyMyFeedback = (id: number, input: FeedbackReplyInput) =>
  api.post(`/v1/learner/feedbacks/${id}/replies`, feedbackDetailAnswer, input, LEARNER);
export const closeMyFeedback = (id: number) =>
  api.post(`/v1/learner/feedbacks/${id}/close`, feedbackDetailAnswer, {}, LEARNER);

// ------------------------------------------------------------ an administrator's own (header user menu)
export const fetchAdminOwnFeedbacks = (query: { page: number; limit: number }) =>
  api.get('/v1/admin/feedbacks/mine', feedbackListAnswer, { params: query, ...ADMIN });
export const fetchAdminOwnFeedback = (id: number) =>
  api.get(`/v1/admin/feedbacks/mine/${id}`, feedbackDetailAnswer, ADMIN);
export const createAdminOwnFeedback = (input: FeedbackCreateInput) =>
  api.post('/v1/admin/feedbacks/mine', feedbackDetailAnswer, input, ADMIN);
export const replyAdminOwnFeedback = (id: number, input: FeedbackReplyInput) =>
  api.post(`/v1/admin/feedbacks/mine/${id}/replies`, feedbackDetailAnswer, input, ADMIN);
export const closeAdminOwnFeedback = (id: number) =>
  api.post(`/v1/admin/feedbacks/mine/${id}/close`, feedbackDetailAnswer, {}, ADMIN);

/** A submitter's calls: the learner's (user centre) or an administrator's own (back-office header). */
export interface OwnFeedbackApi {
  apiType: 'learners' | 'administrators';
  /** read key prefix of its list and threads */
  key: string;
  list: typeof fetchMyFeedbacks;
  get: typeof fetchMyFeedback;
  create: typeof createMyFeedback;
  reply: typeof replyMyFeedback;
  close: typeof closeMyFeedback;
}
export const learnerOwnFeedbacks: OwnFeedbackApi = {
  apiType: 'learners',
  key: 'my-feedback',
  list: fetchMyFeedbacks,
  get: fetchMyFeedback,
  create: createMyFeedback,
  reply: replyMyFeedback,
  close: closeMyFeedback,
};
export const adminOwnFeedbacks: OwnFeedbackApi = {
  apiType: 'administrators',
  key: 'admin-own-feedback',
  list: fetchAdminOwnFeedbacks,
  get: fetchAdminOwnFeedback,
  create: createAdminOwnFeedback,
  reply: replyAdminOwnFeedback,
  close: closeAdminOwnFeedback,
};

// ------------------------------------------------------------ back office
export const fetchFeedbacks = (query: FeedbackListFilters & { page: number; limit: number }) =>
  api.get('/v1/admin/feedbacks', feedbackListAnswer, {
    params: {
      page: query.page,
      limit: query.limit,
      keyword: query.keyword || undefined,
      state: query.state ?? undefined,
      category: query.category ?? undefined,
      submitter_type: query.submitter_type ?? undefined,
    },
    ...ADMIN,
  });
export const fetchFeedback = (id: number) =>
  api.get(`/v1/admin/feedbacks/${id}`, feedbackDetailAnswer, ADMIN);
export const replyFeedback = (id: number, input: FeedbackReplyInput) =>
  api.post(`/v1/admin/feedbacks/${id}/replies`, feedbackDetailAnswer, input, ADMIN);
export const assignFeedback = (id: number, assigneeId: number) =>
  api.post(`/v1/admin/feedbacks/${id}/assign`, feedbackDetailAnswer, { assignee_id: assigneeId }, ADMIN);
export const changeFeedbackState = (id: number, state: FeedbackState) =>
  api.post(`/v1/admin/feedbacks/${id}/state`, feedbackDetailAnswer, { state }, ADMIN);

/** Enabled administrators a work order may be assigned to. */
export const fetchAssignees = async () =>
  (
    await api.get('/v1/admin/administrators', administratorListAnswer, {
      params: { page: 1, limit: 100 },
      ...ADMIN,
    })
  ).data.filter((a) => a.enabled);
