// The question bank's calls: banks, a bank's category tree, questions (with batch actions), the Excel and
// Word imports (multipart with upload progress) and the landing's overview. Bodies are the shared schemas'
// input; answers are checked against the shared answer schemas in development and tests.
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import { ACCEPT_VALID_PARAM, type ImportAnswer } from '../../../shared/api/excel-import.ts';
import { planOptionsAnswer } from '../../../shared/plans/schema.ts';
import {
  bankAnswer,
  bankListAnswer,
  categoryAnswer,
  categoryTreeAnswer,
  questionAnswer,
  questionBatchAnswer,
  questionListAnswer,
  questionOverviewAnswer,
  type QUESTION_BATCH_ACTIONS,
  type bankInputSchema,
  type categoryInputSchema,
  type questionInputSchema,
} from '../../../shared/questions/schema.ts';
import { api } from '../../lib/api/client.ts';
import { postMultipart } from '../../lib/uploads/upload-file.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type BankInput = z.input<typeof bankInputSchema>;
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type QuestionInputBody = z.input<typeof questionInputSchema>;
export type BatchAction = (typeof QUESTION_BATCH_ACTIONS)[number];
export type {
  BankView,
  CategoryView,
  CategoryTree,
  QuestionView,
  QuestionOverview,
} from '../../../shared/questions/schema.ts';

/** Empty strings are "any": left out of the query. */
const params = (query: Record<string, string | number | undefined | null>) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null));

export const fetchBanks = (query: {
  page: number;
  limit: number;
  keyword?: string;
  occupation_id?: string;
  level?: string;
  enabled?: string;
}) => api.get('/v1/admin/question-banks', bankListAnswer, { params: params(query), ...ADMIN });

/** Every bank (for the question page's bank choice). */
export const fetchAllBanks = async () =>
  (await api.get('/v1/admin/question-banks', bankListAnswer, { params: { page: 1, limit: 100 }, ...ADMIN }))
    .data;

export const saveBank = (id: number | null, input: BankInput) =>
  id
    ? api.put(`/v1/admin/question-banks/${id}`, bankAnswer, input, ADMIN)
    : api.post('/v1/admin/question-banks', bankAnswer, input, ADMIN);

export const setBankEnabled = (id: number, enabled: boolean) =>
  api.patch(`/v1/admin/question-banks/${id}/enabled`, bankAnswer, { enabled }, ADMIN);

export const deleteBank = (id: number) =>
  api.delete(`/v1/admin/question-banks/${id}`, noContentAnswer, undefined, ADMIN);

export const fetchOccupations = async () => {
  const options = await api.get('/v1/admin/plans/options', planOptionsAnswer, ADMIN);
  return { occupations: options.occupations, levels: options.levels };
};

export const fetchCategories = (bankId: number) =>
  api.get(`/v1/admin/question-banks/${bankId}/categories`, categoryTreeAnswer, ADMIN);

export const createCategory = (bankId: number, input: CategoryInput) =>
  api.post(`/v1/admin/question-banks/${bankId}/categories`, categoryAnswer, input, ADMIN);

export const renameCategory = (id: number, name: string) =>
  api.put(`/v1/admin/question-categories/${id}`, categoryTreeAnswer, { name }, ADMIN);

export const moveCategory = (id: number, parentId: number | null) =>
  api.post(`/v1/admin/question-categories/${id}/move`, categoryTreeAnswer, { parent_id: parentId }, ADMIN);

export const deleteCategory = (id: number) =>
  api.delete(`/v1/admin/question-categories/${id}`, noContentAnswer, undefined, ADMIN);

export interface QuestionFilters {
  keyword: string;
  bank_id: string;
  category_id: string;
  type: string;
  difficulty: string;
  enabled: string;
}

export const fetchQuestions = (query: { page: number; limit: number } & Partial<QuestionFilters>) =>
  api.get('/v1/admin/questions', questionListAnswer, { params: params(query), ...ADMIN });

export const saveQuestion = (id: number | null, input: QuestionInputBody) =>
  id
    ? api.put(`/v1/admin/questions/${id}`, questionAnswer, input, ADMIN)
    : api.post('/v1/admin/questions', questionAnswer, input, ADMIN);

export const deleteQuestion = (id: number) =>
  api.delete(`/v1/admin/questions/${id}`, noContentAnswer, undefined, ADMIN);

export const batchQuestions = (action: BatchAction, ids: number[]) =>
  api.post('/v1/admin/questions/batch', questionBatchAnswer, { action, ids }, ADMIN);

/** The export's path (the kit's download button adds the token): the filtered list of one bank. */
export const exportPath = (filters: Partial<QuestionFilters>) =>
  `/v1/admin/questions/export?${new URLSearchParams(
    Object.entries(params({ ...filters })).map(([k, v]) => [k, String(v)]),
  ).toString()}`;

export const TEMPLATE_PATH = '/v1/admin/questions/template';

/** Uploads an .xlsx (`format` xlsx) or a .docx (docx) into the bank. */
export function importQuestions(
  format: 'xlsx' | 'docx',
  bankId: number,
  file: File,
  onProgress: (percent: number) => void,
  acceptValid: boolean,
): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  const path = format === 'xlsx' ? 'import' : 'import-docx';
  const query = `bank_id=${bankId}${acceptValid ? `&${ACCEPT_VALID_PARAM}=1` : ''}`;
  return postMultipart<ImportAnswer>(`/v1/admin/questions/${path}?${query}`, body, { ...ADMIN, onProgress });
}

export const fetchOverview = () => api.get('/v1/admin/questions/overview', questionOverviewAnswer, ADMIN);
