// Exam staff (/manage/examinationAffairsManage/personnel/index): 监考员, 考评员, 督导员 and their duties
// (a room in one exam session). Bodies are the shared schema's input; answers are the server's views.
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import { planOptionsAnswer } from '../../../shared/plans/schema.ts';
import {
  staffAnswer,
  staffDutyAnswer,
  staffDutyListAnswer,
  staffListAnswer,
  type staffAssignmentSchema,
  type staffInputSchema,
  type staffListQuery,
} from '../../../shared/staff/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type StaffInput = z.input<typeof staffInputSchema>;
export type DutyInput = z.input<typeof staffAssignmentSchema>;
export type { StaffDuty } from '../../../shared/staff/schema.ts';
export type StaffListFilters = ListFilters<Pick<z.output<typeof staffListQuery>, 'keyword' | 'role'>>;
export type Organization = Pick<z.infer<typeof planOptionsAnswer>['colleges'][number], 'id' | 'name'>;

export const fetchStaff = (query: StaffListFilters & { page: number; limit: number }) =>
  api.get('/v1/admin/staff', staffListAnswer, {
    params: { ...query, keyword: query.keyword || undefined, role: query.role ?? undefined },
    ...ADMIN,
  });

export const saveStaff = (id: number | null, input: StaffInput) =>
  id
    ? api.put(`/v1/admin/staff/${id}`, staffAnswer, input, ADMIN)
    : api.post('/v1/admin/staff', staffAnswer, input, ADMIN);

export const deleteStaff = (id: number) =>
  api.delete(`/v1/admin/staff/${id}`, noContentAnswer, undefined, ADMIN);

/** A person's duties, the latest session first (the server's order). */
export const fetchDuties = (staffId: number, query: { page: number; limit: number }) =>
  api.get('/v1/admin/staff-assignments', staffDutyListAnswer, {
    params: { ...query, staff_id: staffId },
    ...ADMIN,
  });

export const assignDuty = (input: DutyInput) =>
  api.post('/v1/admin/staff-assignments', staffDutyAnswer, input, ADMIN);

export const removeDuty = (id: number) =>
  api.delete(`/v1/admin/staff-assignments/${id}`, noContentAnswer, undefined, ADMIN);

/** The organisations a person may belong to: the colleges of the plan form's options. */
export const fetchOrganizations = async (): Promise<Organization[]> =>
  (await api.get('/v1/admin/plans/options', planOptionsAnswer, ADMIN)).colleges;
