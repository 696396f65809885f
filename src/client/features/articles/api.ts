// News, notices and jobs in the back office (/manage/contentManage/informationRelease): the list, the form,
// publishing, pinning, a job's applications and each kind's categories. Bodies are the shared schemas'
// input; answers are the server's views.
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import {
  articleDetailAnswer,
  articleListAnswer,
  jobApplicationListAnswer,
  type ArticleKind,
  type ArticleState,
  type articleInputSchema,
} from '../../../shared/articles/schema.ts';
import {
  contentCategoryListAnswer,
  type ContentCategoryKind,
} from '../../../shared/content-categories/schema.ts';
import { planOptionsAnswer } from '../../../shared/plans/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type ArticleInput = z.input<typeof articleInputSchema>;
export type {
  ArticleAttachment,
  ArticleDetail,
  ArticleKind,
  ArticleState,
  ArticleView,
  JobApplicationView,
} from '../../../shared/articles/schema.ts';
export type { ContentCategoryView } from '../../../shared/content-categories/schema.ts';

export interface ArticleListFilters {
  kind: ArticleKind;
  keyword: string;
  state: ArticleState | null;
  category_id: number | null;
  page: number;
  limit: number;
}

/** Only the filters set: '' and null stay out of the query. */
const params = <T extends object>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null));

export const fetchArticles = (query: ArticleListFilters) =>
  api.get('/v1/admin/articles', articleListAnswer, { params: params(query), ...ADMIN });

export const fetchArticle = (id: number) => api.get(`/v1/admin/articles/${id}`, articleDetailAnswer, ADMIN);

export const saveArticle = (id: number | null, input: ArticleInput) =>
  id
    ? api.put(`/v1/admin/articles/${id}`, articleDetailAnswer, input, ADMIN)
    : api.post('/v1/admin/articles', articleDetailAnswer, input, ADMIN);

/** `publishAt` null: at once; an ISO time: scheduled. */
export const publishArticle = (id: number, publishAt: string | null) =>
  api.post(`/v1/admin/articles/${id}/publish`, articleDetailAnswer, { publish_at: publishAt }, ADMIN);

export const withdrawArticle = (id: number) =>
  api.post(`/v1/admin/articles/${id}/withdraw`, articleDetailAnswer, undefined, ADMIN);

export const pinArticle = (id: number, pinned: boolean) =>
  api.post(`/v1/admin/articles/${id}/pin`, articleDetailAnswer, { pinned }, ADMIN);

export const deleteArticle = (id: number) =>
  api.delete(`/v1/admin/articles/${id}`, noContentAnswer, undefined, ADMIN);

export const fetchApplications = (id: number, query: { page: number; limit: number }) =>
  api.get(`/v1/admin/articles/${id}/applications`, jobApplicationListAnswer, { params: query, ...ADMIN });

// ---------------------------------------------------------------- categories

export const fetchCategories = async (kind: ContentCategoryKind) =>
  (await api.get('/v1/admin/content-categories', contentCategoryListAnswer, { params: { kind }, ...ADMIN }))
    .data;

/** The occupations with the levels each offers (the plan form's options), for a job's requirement. */
export const fetchOccupations = async () =>
  (await api.get('/v1/admin/plans/options', planOptionsAnswer, ADMIN)).occupations;
