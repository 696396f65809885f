// Exam sites and rooms (/manage/examinationAffairsManage/room/index): list, create, edit, delete.
import type { ListResponse } from '../../../shared/api/errors.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export interface ExamSite {
  id: number;
  name: string;
  address: string;
  /** The college whose site it is (only that college sees it); null: shared by every college. */
  organization_id: number | null;
  organization_name: string | null;
  room_count: number;
  seat_count: number;
}

export interface ExamRoom {
  id: number;
  site_id: number;
  site_name: string;
  address: string;
  name: string;
  capacity: number;
  rows: number;
  cols: number;
  enabled: boolean;
}

export interface SiteInput {
  name: string;
  address: string;
  organization_id?: number | null;
}

export interface RoomInput {
  site_id: number;
  name: string;
  capacity: number;
  rows: number;
  cols: number;
  enabled: boolean;
}

export interface Organization {
  id: number;
  name: string;
}

/** The colleges a site may belong to: the colleges of the plan form's options. */
export const fetchColleges = async (): Promise<Organization[]> =>
  (await api.get<{ colleges: Organization[] }>('/v1/admin/plans/options', { ...ADMIN, silent: true }))
    .colleges;

export const fetchSites = (query: { page: number; limit: number; keyword?: string }) =>
  api.get<ListResponse<ExamSite>>('/v1/admin/sites', {
    params: { ...query, keyword: query.keyword || undefined },
    ...ADMIN,
  });
export const saveSite = (id: number | null, input: SiteInput) =>
  id
    ? api.put<ExamSite>(`/v1/admin/sites/${id}`, input, ADMIN)
    : api.post<ExamSite>('/v1/admin/sites', input, ADMIN);
export const deleteSite = (id: number) => api.delete(`/v1/admin/sites/${id}`, undefined, ADMIN);

export const fetchRooms = (query: {
  page: number;
  limit: number;
  keyword?: string;
  site_id?: number | null;
}) =>
  api.get<ListResponse<ExamRoom>>('/v1/admin/rooms', {
    params: { ...query, keyword: query.keyword || undefined, site_id: query.site_id ?? undefined },
    ...ADMIN,
  });
export const saveRoom = (id: number | null, input: RoomInput) =>
  id
    ? api.put<ExamRoom>(`/v1/admin/rooms/${id}`, input, ADMIN)
    : api.post<ExamRoom>('/v1/admin/rooms', input, ADMIN);
export const deleteRoom = (id: number) => api.delete(`/v1/admin/rooms/${id}`, undefined, ADMIN);
