// Completion (/manage/trainingManage/completion/index): classes to choose from, a class's rule and standings,
// the bulk confirmation, and the completion certificates (one member or the whole class, as PDF).
import type { z } from '../../../shared/api/zod.ts';
import { blobAnswer } from '../../../shared/api/answers.ts';
import {
  classCompletionAnswer,
  completionClassListAnswer,
  completionConfirmedAnswer,
  type CompletionConfirmInput,
  type completionRuleSchema,
} from '../../../shared/completion/schema.ts';
import { api } from '../../lib/api/client.ts';
import { saveBlob } from '../../lib/dom/save-blob.ts';

export type {
  ClassCompletion,
  CompletionClass,
  CompletionConfirmed,
  MissingPartName,
  StandingView,
} from '../../../shared/completion/schema.ts';
export type CompletionRuleInput = z.input<typeof completionRuleSchema>;

const ADMIN = { apiType: 'administrators' } as const;

export const fetchCompletionClasses = (query: { page: number; limit: number; keyword: string }) =>
  api.get('/v1/admin/completion/classes', completionClassListAnswer, {
    params: { ...query, keyword: query.keyword || undefined },
    ...ADMIN,
  });

export const fetchClassCompletion = (classId: number) =>
  api.get(`/v1/admin/classes/${classId}/completion`, classCompletionAnswer, ADMIN);

export const saveCompletionRule = (classId: number, input: CompletionRuleInput) =>
  api.put(`/v1/admin/classes/${classId}/completion-rule`, classCompletionAnswer, input, ADMIN);

export const confirmCompletion = (classId: number, input: CompletionConfirmInput) =>
  api.post(`/v1/admin/classes/${classId}/completions`, completionConfirmedAnswer, input, ADMIN);

async function downloadPdf(url: string, fileName: string) {
  const blob = await api.get(url, blobAnswer, { ...ADMIN, responseType: 'blob', timeoutMs: 120_000 });
  saveBlob(blob, fileName);
}

export const downloadMemberCertificate = (memberId: number, completionNo: string) =>
  downloadPdf(`/v1/admin/class-members/${memberId}/completion.pdf`, `结业证书-${completionNo}.pdf`);

export const downloadClassCertificates = (classId: number, className: string) =>
  downloadPdf(`/v1/admin/classes/${classId}/completion.pdf`, `结业证书-${className}.pdf`);
