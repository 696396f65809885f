// The public news, notices, jobs and downloads (issue 25): lists and details read by anyone, kept on the
// device for offline reading (lib/offline/public-cache.ts through useRead's offline: 'public'), and a
// learner's job application.
import { OFFLINE_LAYER_HEADER } from '../../../shared/pwa/offline.ts';
import { api } from '../../lib/api/client.ts';

export const NEWS_TABS = ['news', 'notice', 'job', 'download'] as const;
export type NewsTab = (typeof NEWS_TABS)[number];
export type ArticleKind = Exclude<NewsTab, 'download'>;

export interface ArticleRow {
  id: number;
  kind: ArticleKind;
  title: string;
  summary: string;
  cover_url: string | null;
  category: { id: number; name: string } | null;
  published_at: string;
  pinned: boolean;
  view_count: number;
  employer?: string | null;
  place?: string | null;
  salary_min?: number | null;
  salary_max?: number | null;
  deadline?: string | null;
  occupation_name?: string | null;
  level_required?: number | null;
}

export interface ArticleDetail extends ArticleRow {
  body: string;
  attachments: { id: string; name: string; size: number; url: string }[];
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
  contact_name?: string | null;
  contact_phone?: string | null;
}

export interface DownloadRow {
  id: number;
  title: string;
  description: string;
  category: { id: number; name: string } | null;
  version: number;
  file_name: string;
  file_size: number;
  file_type: string;
  updated_at: string;
  download_count: number;
}

export interface ListAnswer<T> {
  data: T[];
  meta: { total: number; page: number; limit: number };
}

export interface JobApplicationState {
  applied: boolean;
  eligible: boolean;
  reason: string | null;
  applied_at: string | null;
}

export interface NewsQuery {
  page: number;
  limit: number;
  category_id?: number;
  keyword?: string;
}

/** Public reads: a signed-in learner's token still goes along; the page's offline layer keeps the answer. */
const PUBLIC_READ = {
  apiType: 'learners' as const,
  silent: true,
  headers: { [OFFLINE_LAYER_HEADER]: 'idb' },
};

export const fetchArticles = (kind: ArticleKind, query: NewsQuery) =>
  api.get<ListAnswer<ArticleRow>>('/v1/articles', { ...PUBLIC_READ, params: { kind, ...query } });

export const fetchArticle = (id: number) => api.get<ArticleDetail>(`/v1/articles/${id}`, PUBLIC_READ);

export const fetchDownloads = (query: NewsQuery) =>
  api.get<ListAnswer<DownloadRow>>('/v1/downloads', { ...PUBLIC_READ, params: { ...query } });

export const fetchCategories = (kind: NewsTab) =>
  api.get<{ data: { id: number; name: string }[] }>('/v1/content-categories', {
    ...PUBLIC_READ,
    params: { kind },
  });

export const downloadFileHref = (id: number) => `/api/v1/downloads/${id}/file`;

export const fetchApplication = (jobId: number) =>
  api.get<JobApplicationState>(`/v1/learner/jobs/${jobId}/application`, {
    apiType: 'learners',
    silent: true,
  });

export const applyToJob = (jobId: number, message: string) =>
  api.post<JobApplicationState>(
    `/v1/learner/jobs/${jobId}/apply`,
    message.trim() ? { message: message.trim() } : {},
    { apiType: 'learners' },
  );
