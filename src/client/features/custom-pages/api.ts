// Custom pages and the portal navigation: the back office's calls (CustomPortal) and the public page.
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import {
  customPageAnswer,
  customPageListAnswer,
  navItemAnswer,
  navItemListAnswer,
  publicPageAnswer,
  type CustomPageInput,
  type NavItemInput,
  type customPageListQuery,
} from '../../../shared/custom-pages/schema.ts';
import { api } from '../../lib/api/client.ts';

export type {
  CustomPageRow,
  CustomPageView,
  NavItemView,
  PublicPage,
} from '../../../shared/custom-pages/schema.ts';

const ADMIN = { apiType: 'administrators' } as const;
type ListQuery = Pick<z.output<typeof customPageListQuery>, 'page' | 'limit'> & { keyword?: string };

export const fetchCustomPages = (query: ListQuery) =>
  api.get('/v1/admin/custom-pages', customPageListAnswer, {
    params: { page: query.page, limit: query.limit, keyword: query.keyword || undefined },
    ...ADMIN,
  });

export const fetchCustomPage = (id: number) =>
  api.get(`/v1/admin/custom-pages/${id}`, customPageAnswer, ADMIN);

export const saveCustomPage = (id: number | null, input: CustomPageInput) =>
  id === null
    ? api.post('/v1/admin/custom-pages', customPageAnswer, input, ADMIN)
    : api.put(`/v1/admin/custom-pages/${id}`, customPageAnswer, input, ADMIN);

export const deleteCustomPage = (id: number) =>
  api.delete(`/v1/admin/custom-pages/${id}`, noContentAnswer, undefined, ADMIN);

export const fetchNavItems = () => api.get('/v1/admin/portal-nav', navItemListAnswer, ADMIN);

export const saveNavItem = (id: number | null, input: NavItemInput) =>
  id === null
    ? api.post('/v1/admin/portal-nav', navItemAnswer, input, ADMIN)
    : api.put(`/v1/admin/portal-nav/${id}`, navItemAnswer, input, ADMIN);

export const deleteNavItem = (id: number) =>
  api.delete(`/v1/admin/portal-nav/${id}`, noContentAnswer, undefined, ADMIN);

export const orderNavItems = (ids: number[]) =>
  api.put('/v1/admin/portal-nav/order', navItemListAnswer, { ids }, ADMIN);

/** A published page (404 when unknown or unpublished). */
export const fetchPublicPage = (slug: string) =>
  api.get(`/v1/pages/${encodeURIComponent(slug)}`, publicPageAnswer, { silent: true });
