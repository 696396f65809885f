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
import {
  downloadFileUrl,
  publicDownloadListAnswer,
  type PublicDownload,
} from '../../../shared/downloads/schema.ts';
import { OFFLINE_LAYER_HEADER } from '../../../shared/pwa/offline.ts';
import { api } from '../../lib/api/client.ts';

export const NEWS_TABS = ['news', 'notice', 'job', 'download'] as const;
export type NewsTab = (typeof NEWS_TABS)[number];
export type { ArticleKind };

export type ArticleRow = PublicArticle;
export type ArticleDetail = PublicArticleDetail;

export type DownloadRow = PublicDownload;
export type { ListResponse as ListAnswer } from '../../../shared/api/errors.ts';

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
  api.get('/v1/downloads', publicDownloadListAnswer, { ...PUBLIC_READ, params: { ...query } });

export const fetchCategories = (kind: NewsTab) =>
  api.get('/v1/content-categories', publicContentCategoryListAnswer, {
    ...PUBLIC_READ,
    params: { kind },
  });

export const downloadFileHref = downloadFileUrl;

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
