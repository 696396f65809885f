// The download centre's back-office calls (DownloadCenter) and the download categories (content categories
// of kind 'download', the articles area's category API).
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import {
  downloadAnswer,
  downloadListAnswer,
  downloadVersionListAnswer,
  type DownloadCreateInput,
  type DownloadUpdateInput,
  type DownloadVersionInput,
  type downloadListQuery,
} from '../../../shared/downloads/schema.ts';
import { api } from '../../lib/api/client.ts';
import {
  publicContentCategoryListAnswer,
  type PublicContentCategory,
} from '../../../shared/content-categories/schema.ts';

export type { DownloadVersionView, DownloadView } from '../../../shared/downloads/schema.ts';
export type { ContentCategoryView } from '../../../shared/content-categories/schema.ts';

const ADMIN = { apiType: 'administrators' } as const;
type ListQuery = Pick<z.output<typeof downloadListQuery>, 'page' | 'limit'> & {
  keyword?: string;
  category_id?: number | null;
};

export const fetchDownloads = (query: ListQuery) =>
  api.get('/v1/admin/downloads', downloadListAnswer, {
    params: {
      page: query.page,
      limit: query.limit,
      keyword: query.keyword || undefined,
      category_id: query.category_id ?? undefined,
    },
    ...ADMIN,
  });

export const createDownload = (input: DownloadCreateInput) =>
  api.post('/v1/admin/downloads', downloadAnswer, input, ADMIN);

export const updateDownload = (id: number, input: DownloadUpdateInput) =>
  api.put(`/v1/admin/downloads/${id}`, downloadAnswer, input, ADMIN);

export const deleteDownload = (id: number) =>
  api.delete(`/v1/admin/downloads/${id}`, noContentAnswer, undefined, ADMIN);

export const fetchDownloadVersions = (id: number) =>
  api.get(`/v1/admin/downloads/${id}/versions`, downloadVersionListAnswer, ADMIN);

export const addDownloadVersion = (id: number, input: DownloadVersionInput) =>
  api.post(`/v1/admin/downloads/${id}/versions`, downloadAnswer, input, ADMIN);

export type DownloadCategory = PublicContentCategory;

/** The download categories (public list of kind 'download'); none when the call fails. */
export const fetchDownloadCategories = () =>
  api.get('/v1/content-categories', publicContentCategoryListAnswer, {
    params: { kind: 'download' },
    silent: true,
  });

/** The download categories with their file counts (the back office's list). */
