// Exam sites and rooms (/manage/examinationAffairsManage/room/index): list, create, edit, delete.
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import { planOptionsAnswer } from '../../../shared/plans/schema.ts';
import {
  roomAnswer,
  roomListAnswer,
  siteAnswer,
  siteListAnswer,
  type roomInputSchema,
  type RoomView,
  type siteInputSchema,
  type SiteView,
} from '../../../shared/rooms/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type ExamSite = SiteView;
export type ExamRoom = RoomView;
export type SiteInput = z.input<typeof siteInputSchema>;
export type RoomInput = z.input<typeof roomInputSchema>;
export type Organization = Pick<z.infer<typeof planOptionsAnswer>['colleges'][number], 'id' | 'name'>;

export const fetchColleges = async (): Promise<Organization[]> =>
  (await api.get('/v1/admin/plans/options', planOptionsAnswer, { ...ADMIN, silent: true })).colleges;

export const fetchSites = (query: { page: number; limit: number; keyword?: string }) =>
  api.get('/v1/admin/sites', siteListAnswer, {
    params: { ...query, keyword: query.keyword || undefined },
    ...ADMIN,
  });
export const saveSite = (id: number | null, input: SiteInput) =>
  id
    ? api.put(`/v1/admin/sites/${id}`, siteAnswer, input, ADMIN)
    : api.post('/v1/admin/sites', siteAnswer, input, ADMIN);
export const deleteSite = (id: number) =>
  api.delete(`/v1/admin/sites/${id}`, noContentAnswer, undefined, ADMIN);

export const fetchRooms = (query: {
  page: number;
  limit: number;
  keyword?: string;
  site_id?: number | null;
}) =>
  api.get('/v1/admin/rooms', roomListAnswer, {
    params: { ...query, keyword: query.keyword || undefined, site_id: query.site_id ?? undefined },
    ...ADMIN,
  });
export const saveRoom = (id: number | null, input: RoomInput) =>
  id
    ? api.put(`/v1/admin/rooms/${id}`, roomAnswer, input, ADMIN)
    : api.post('/v1/admin/rooms', roomAnswer, input, ADMIN);
export const deleteRoom = (id: number) =>
  api.delete(`/v1/admin/rooms/${id}`, noContentAnswer, undefined, ADMIN);
