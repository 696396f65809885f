// The portal home's editing calls (content management's 首页编辑): the layout's draft and publish, banners.
import { noContentAnswer } from '../../../shared/api/answers.ts';
import {
  bannerAdminAnswer,
  bannerAdminListAnswer,
  portalHomeAdminAnswer,
  type BannerInput,
  type PortalHomeLayout,
} from '../../../shared/portal-home/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type { BannerAdmin, PortalHomeAdmin, PortalHomeLayout } from '../../../shared/portal-home/schema.ts';

export const fetchHomeAdmin = () => api.get('/v1/admin/portal-home', portalHomeAdminAnswer, ADMIN);
export const saveHomeDraft = (layout: PortalHomeLayout) =>
  api.put('/v1/admin/portal-home/draft', portalHomeAdminAnswer, layout, ADMIN);
export const publishHomeDraft = () =>
  api.post('/v1/admin/portal-home/publish', portalHomeAdminAnswer, {}, ADMIN);

export const fetchAdminBanners = () => api.get('/v1/admin/banners', bannerAdminListAnswer, ADMIN);
export const saveBanner = (id: number | null, input: BannerInput) =>
  id
    ? api.put(`/v1/admin/banners/${id}`, bannerAdminAnswer, input, ADMIN)
    : api.post('/v1/admin/banners', bannerAdminAnswer, input, ADMIN);
export const deleteBanner = (id: number) =>
  api.delete(`/v1/admin/banners/${id}`, noContentAnswer, undefined, ADMIN);
export const orderBanners = (ids: number[]) =>
  api.put('/v1/admin/banners/order', bannerAdminListAnswer, { ids }, ADMIN);
