// Exam staff (/manage/examinationAffairsManage/personnel/index): 监考员, 考评员, 督导员 and their duties
// (a room in one exam session). Bodies are the shared schema's input; answers are the server's views.
import type { z } from '../../../shared/api/zod.ts';
import type { ListResponse } from '../../../shared/api/errors.ts';
import type {
  StaffRole,
  StaffView,
  staffAssignmentSchema,
  staffInputSchema,
} from '../../../shared/staff/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type StaffInput = z.input<typeof staffInputSchema>;
export type DutyInput = z.input<typeof staffAssignmentSchema>;

export interface StaffDuty {
  id: number;
  staff_id: number;
  staff_name: string;
  role: string;
  role_label: string;
  phone: string;
  room_id: number;
  room_name: string;
  site_name: string;
  session_id: number;
  session_name: string;
  session_kind: string;
  starts_at: string;
  ends_at: string;
  plan_id: number;
  plan_code: string;
  plan_title: string;
}

export interface StaffListFilters {
  keyword?: string;
  role?: StaffRole | null;
}

export interface Organization {
  id: number;
  name: string;
}

export const fetchStaff = (query: StaffListFilters & { page: number; limit: number }) =>
  api.get<ListResponse<StaffView>>('/v1/admin/staff', {
    params: { ...query, keyword: query.keyword || undefined, role: query.role ?? undefined },
    ...ADMIN,
  });

export const saveStaff = (id: number | null, input: StaffInput) =>
  id
    ? api.put<StaffView>(`/v1/admin/staff/${id}`, input, ADMIN)
    : api.post<StaffView>('/v1/admin/staff', input, ADMIN);

export const deleteStaff = (id: number) => api.delete(`/v1/admin/staff/${id}`, undefined, ADMIN);

/** A person's duties, the latest session first (the server's order). */
export const fetchDuties = (staffId: number, query: { page: number; limit: number }) =>
  api.get<ListResponse<StaffDuty>>('/v1/admin/staff-assignments', {
    params: { ...query, staff_id: staffId },
    ...ADMIN,
  });

export const assignDuty = (input: DutyInput) =>
  api.post<StaffDuty>('/v1/admin/staff-assignments', input, ADMIN);

export const removeDuty = (id: number) => api.delete(`/v1/admin/staff-assignments/${id}`, undefined, ADMIN);

/** The organisations a person may belong to: the colleges of the plan form's options. */
export const fetchOrganizations = async (): Promise<Organization[]> =>
  (await api.get<{ colleges: Organization[] }>('/v1/admin/plans/options', ADMIN)).colleges;
