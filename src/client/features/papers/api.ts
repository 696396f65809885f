// Test papers (/manage/exam/testpaper, /:id, /check/:id): the paper list, the paper form's reads (banks,
// what a bank offers, the fixed-paper picker) and the check page's sample draw and approval.
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import {
  paperBankOptionsAnswer,
  paperBankStatsAnswer,
  paperCheckAnswer,
  paperDetailAnswer,
  paperListAnswer,
  paperQuestionListAnswer,
  type paperInputSchema,
  type paperListQuery,
  type paperQuestionQuery,
} from '../../../shared/papers/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type PaperInputBody = z.input<typeof paperInputSchema>;
export type PaperListFilters = ListFilters<
  Pick<z.output<typeof paperListQuery>, 'keyword' | 'bank_id' | 'mode' | 'state'>
>;
export type PaperQuestionFilters = ListFilters<
  Pick<z.output<typeof paperQuestionQuery>, 'keyword' | 'type' | 'category_id' | 'difficulty'>
>;
export type {
  PaperBankOption,
  PaperBankStats,
  PaperCheck,
  PaperDetail,
  PaperQuestion,
  PaperView,
} from '../../../shared/papers/schema.ts';

export const fetchPapers = (query: PaperListFilters & { page: number; limit: number }) =>
  api.get('/v1/admin/test-papers', paperListAnswer, { params: { ...query }, ...ADMIN });

export const fetchPaper = (id: number) => api.get(`/v1/admin/test-papers/${id}`, paperDetailAnswer, ADMIN);

export const savePaper = (id: number | null, input: PaperInputBody) =>
  id
    ? api.put(`/v1/admin/test-papers/${id}`, paperDetailAnswer, input, ADMIN)
    : api.post('/v1/admin/test-papers', paperDetailAnswer, input, ADMIN);

export const deletePaper = (id: number) =>
  api.delete(`/v1/admin/test-papers/${id}`, noContentAnswer, undefined, ADMIN);

export const copyPaper = (id: number) =>
  api.post(`/v1/admin/test-papers/${id}/copy`, paperDetailAnswer, {}, ADMIN);

export const checkPaper = (id: number, seed?: string) =>
  api.get(`/v1/admin/test-papers/${id}/check`, paperCheckAnswer, {
    params: seed ? { seed } : {},
    ...ADMIN,
  });

export const approvePaper = (id: number) =>
  api.post(`/v1/admin/test-papers/${id}/approve`, paperDetailAnswer, {}, ADMIN);

export const withdrawPaper = (id: number) =>
  api.post(`/v1/admin/test-papers/${id}/withdraw`, paperDetailAnswer, {}, ADMIN);

export const fetchBanks = async () =>
  (await api.get('/v1/admin/test-paper-banks', paperBankOptionsAnswer, ADMIN)).data;

export const fetchBankStats = (bankId: number) =>
  api.get(`/v1/admin/test-paper-banks/${bankId}/stats`, paperBankStatsAnswer, ADMIN);

export const fetchPickerQuestions = (
  bankId: number,
  query: PaperQuestionFilters & { page: number; limit: number },
) =>
  api.get('/v1/admin/test-paper-questions', paperQuestionListAnswer, {
    params: { ...query, bank_id: bankId },
    ...ADMIN,
  });
