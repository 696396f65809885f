// The class detail page (classes/info?id=) and the student list (student/index). Bodies are the shared
// schemas' input; answers are the server's views, each call naming its answer schema.
import { passwordResetAnswer } from '../../../shared/administrators/schema.ts';
import type { z } from '../../../shared/api/zod.ts';
import { ACCEPT_VALID_PARAM, type ImportAnswer } from '../../../shared/api/excel-import.ts';
import {
  addMembersAnswer,
  classInfoAnswer,
  classSessionListAnswer,
  courseProgressAnswer,
  feeSummaryAnswer,
  learnerCandidatesAnswer,
  memberAnswer,
  memberListAnswer,
  noticeListAnswer,
  sentNoticeAnswer,
  studentFilterOptionsAnswer,
  studentListAnswer,
  type FeeState,
  type MemberState,
  type noticeInputSchema,
} from '../../../shared/class-members/schema.ts';
import { api } from '../../lib/api/client.ts';
import { postMultipart } from '../../lib/uploads/upload-file.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type {
  ClassInfo,
  ClassSessionView,
  CourseProgress,
  FeeSummary,
  LearnerCandidate,
  MemberView,
  NoticeView,
  StudentFilterOptions,
  StudentView,
} from '../../../shared/class-members/schema.ts';
export type NoticeInput = z.input<typeof noticeInputSchema>;

type Paged = { page: number; limit: number };

export const fetchClassInfo = (classId: number) =>
  api.get(`/v1/admin/classes/${classId}/info`, classInfoAnswer, ADMIN);

export const fetchMembers = (
  classId: number,
  query: Paged & { keyword?: string; state?: MemberState | null; fee_state?: FeeState | null },
) =>
  api.get(`/v1/admin/classes/${classId}/members`, memberListAnswer, {
    params: {
      ...query,
      keyword: query.keyword || undefined,
      state: query.state ?? undefined,
      fee_state: query.fee_state ?? undefined,
    },
    ...ADMIN,
  });

export const addMembers = (classId: number, learnerIds: number[]) =>
  api.post(`/v1/admin/classes/${classId}/members`, addMembersAnswer, { learner_ids: learnerIds }, ADMIN);

export const searchLearners = (classId: number, keyword: string) =>
  api.get(`/v1/admin/classes/${classId}/learner-candidates`, learnerCandidatesAnswer, {
    params: { keyword },
    ...ADMIN,
  });

export const removeMember = (memberId: number, reason: string) =>
  api.post(`/v1/admin/class-members/${memberId}/remove`, memberAnswer, { reason }, ADMIN);

export const setTestScore = (memberId: number, testScore: number | null) =>
  api.put(`/v1/admin/class-members/${memberId}/test-score`, memberAnswer, { test_score: testScore }, ADMIN);

export function importMembers(
  classId: number,
  file: File,
  onProgress: (percent: number) => void,
  acceptValid: boolean,
): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  const query = acceptValid ? `?${ACCEPT_VALID_PARAM}=1` : '';
  return postMultipart<ImportAnswer>(`/v1/admin/classes/${classId}/members/import${query}`, body, {
    ...ADMIN,
    onProgress,
  });
}

export const memberTemplatePath = (classId: number) => `/v1/admin/classes/${classId}/members/template`;
export const memberExportPath = (classId: number) => `/v1/admin/classes/${classId}/members/export`;

export const fetchCourseProgress = (classId: number, query: Paged & { keyword?: string }) =>
  api.get(`/v1/admin/classes/${classId}/course-progress`, courseProgressAnswer, {
    params: { ...query, keyword: query.keyword || undefined },
    ...ADMIN,
  });

export const fetchSessions = (classId: number, query: Paged) =>
  api.get(`/v1/admin/classes/${classId}/sessions`, classSessionListAnswer, { params: query, ...ADMIN });

export const fetchFees = (classId: number) =>
  api.get(`/v1/admin/classes/${classId}/fees`, feeSummaryAnswer, ADMIN);

export const fetchNotices = (classId: number, query: Paged) =>
  api.get(`/v1/admin/classes/${classId}/notices`, noticeListAnswer, { params: query, ...ADMIN });

export const sendNotice = (classId: number, input: NoticeInput) =>
  api.post(`/v1/admin/classes/${classId}/notices`, sentNoticeAnswer, input, ADMIN);

// ---------------------------------------------------------------- student/index

export interface StudentFilters {
  keyword?: string;
  class_id?: number | null;
  program_id?: number | null;
  organization_id?: number | null;
}

const studentParams = (filters: StudentFilters) => ({
  keyword: filters.keyword || undefined,
  class_id: filters.class_id ?? undefined,
  program_id: filters.program_id ?? undefined,
  organization_id: filters.organization_id ?? undefined,
});

export const fetchStudents = (query: Paged & StudentFilters) =>
  api.get('/v1/admin/students', studentListAnswer, {
    params: { page: query.page, limit: query.limit, ...studentParams(query) },
    ...ADMIN,
  });

export const fetchStudentOptions = () =>
  api.get('/v1/admin/students/options', studentFilterOptionsAnswer, ADMIN);

export function importStudents(
  file: File,
  onProgress: (percent: number) => void,
  acceptValid: boolean,
): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  const query = acceptValid ? `?${ACCEPT_VALID_PARAM}=1` : '';
  return postMultipart<ImportAnswer>(`/v1/admin/students/import${query}`, body, { ...ADMIN, onProgress });
}

export const resetStudentPassword = (id: number) =>
  api.post(`/v1/admin/students/${id}/reset-password`, passwordResetAnswer, {}, ADMIN);

export const STUDENT_TEMPLATE_PATH = '/v1/admin/students/template';

/** The export of the filtered list. */
export function studentExportPath(filters: StudentFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(studentParams(filters)))
    if (value !== undefined) params.set(key, String(value));
  const query = params.toString();
  return `/v1/admin/students/export${query ? `?${query}` : ''}`;
}
