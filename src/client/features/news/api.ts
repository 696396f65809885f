// The public news, notices, jobs and downloads (issue 25): lists and details read by anyone, kept on the
// device for offline reading (lib/offline/public-cache.ts through useRead's offline: 'public'), and a
// learner's job application.
import {
  jobApplicationStatusAnswer,
  publicArticleDetailAnswer,
  publicArticleListAnswer,
  type ArticleKind,
  type PublicArticle,
  type PublicArticleDetail,
} from '../../../shared/articles/schema.ts';
import { publicContentCategoryListAnswer } from '../../../shared/content-categories/schema.ts';
import { OFFLINE_LAYER_HEADER } from '../../../shared/pwa/offline.ts';
import { api } from '../../lib/api/client.ts';

export const NEWS_TABS = ['news', 'notice', 'job', 'download'] as const;
export type NewsTab = (typeof NEWS_TABS)[number];
export type { ArticleKind };

export type ArticleRow = PublicArticle;
export type ArticleDetail = PublicArticleDetail;

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
  api.get('/v1/articles', publicArticleListAnswer, { ...PUBLIC_READ, params: { kind, ...query } });

export const fetchArticle = (id: number) =>
  api.get(`/v1/articles/${id}`, publicArticleDetailAnswer, PUBLIC_READ);

export const fetchDownloads = (query: NewsQuery) =>
  api.get<ListAnswer<DownloadRow>>('/v1/downloads', { ...PUBLIC_READ, params: { ...query } });

export const fetchCategories = (kind: NewsTab) =>
  api.get('/v1/content-categories', publicContentCategoryListAnswer, {
    ...PUBLIC_READ,
    params: { kind },
  });

export const downloadFileHref = (id: number) => `/api/v1/downloads/${id}/file`;

export const fetchApplication = (jobId: number) =>
  api.get(`/v1/learner/jobs/${jobId}/application`, jobApplicationStatusAnswer, {
    apiType: 'learners',
    silent: true,
  });

export const applyToJob = (jobId: number, message: string) =>
  api.post(
    `/v1/learner/jobs/${jobId}/apply`,
    jobApplicationStatusAnswer,
    message.trim() ? { message: message.trim() } : {},
    { apiType: 'learners' },
  );
