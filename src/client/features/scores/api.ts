// The learner's published scores with their certificate (GET /v0/user/occupational-skill-tests/examScores,
// read through the offline cache); the certificate PDF is saved through the private-file download. And the
// scoring step of the plan page (plan management for founder/manager, plan/index?step=scoring for a
// college): the plan's score list with its summary, score entry and correction, the Excel template and
// import, publication and certificate issuing. Request bodies are the shared schema's input
// (src/shared/scores/schema.ts); answers are typed here as the server sends them.
import type { ListResponse } from '../../../shared/api/errors.ts';
import { ACCEPT_VALID_PARAM, type ImportAnswer } from '../../../shared/api/excel-import.ts';
import type { CertificateLetter } from '../../../shared/certificates/schema.ts';
import type { LearnerScore, ScoreInput, ScoreView } from '../../../shared/scores/schema.ts';
import type { PlanState } from '../../../shared/plans/schema.ts';
import { MY_SCORES_URL } from '../../../shared/pwa/first-answers.ts';
import { api, firstAnswer } from '../../lib/api/client.ts';
import { learnerGet, learnerGetEarly, type LearnerQuery } from '../../lib/offline/learner-cache.ts';
import { postMultipart } from '../../lib/uploads/upload-file.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type { LearnerScore };
export { downloadPrivateFile as downloadPdf } from '../../lib/uploads/use-private-file.ts';

export function fetchMyScores(query: { page: number; limit: number }): Promise<ListResponse<LearnerScore>> {
  return learnerGet(MY_SCORES_URL, query);
}

/** The scores page as /userCenter/achievementQuery asks for it, and the key it is kept under offline. */
export const myScoresQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<ListResponse<LearnerScore>> => ({
  key: `exam-scores:${query.page}:${query.limit}`,
  fetch: () => fetchMyScores(query),
});

/** Starts fetchMyScores(query) before the page renders. */
export function preloadMyScores(query: { page: number; limit: number }): void {
  learnerGetEarly(MY_SCORES_URL, query);
}

/** The scores the server wrote into the page it sent for this query, if any (lib/api/client.ts). */
export function pageScores(query: { page: number; limit: number }): ListResponse<LearnerScore> | undefined {
  return firstAnswer<ListResponse<LearnerScore>>(MY_SCORES_URL, query);
}

// ---- the plan page's scoring step ----

export type ScoreFilter = 'entered' | 'missing' | 'passed' | 'failed';
export const SCORE_FILTERS: readonly ScoreFilter[] = ['entered', 'missing', 'passed', 'failed'];

/** One ticketed candidate of the plan with their score (null before entry) and certificate. */
export interface PlanScoreRow {
  enrollment_id: number;
  learner_id: number;
  state: string;
  ticket_no: string;
  name: string;
  id_number: string;
  score: ScoreView | null;
  certificate: { id: number; number: string | null } | null;
}

export interface ScorePlanInfo {
  id: number;
  code: string;
  title: string;
  state: PlanState;
  pass_theory: number;
  pass_practical: number;
  /** Scores published (a later change is a logged correction). */
  published: boolean;
}

export interface ScoreSummaryCounts {
  candidates: number;
  entered: number;
  passed: number;
  absent: number;
  cheating: number;
}

export interface PlanScoreList extends ListResponse<PlanScoreRow> {
  plan: ScorePlanInfo;
  summary: ScoreSummaryCounts;
}

export interface PlanScoreQuery {
  page: number;
  limit: number;
  keyword?: string;
  filter?: ScoreFilter | null;
}

export const fetchPlanScores = (planId: number, query: PlanScoreQuery) =>
  api.get<PlanScoreList>(`/v1/admin/plans/${planId}/scores`, { ...ADMIN, params: { ...query } });

/** PUT /v1/admin/enrollments/:id/score: entry, or after publication a correction with `reason`. */
export const saveScore = (enrollmentId: number, input: ScoreInput) =>
  api.put<ScoreView>(`/v1/admin/enrollments/${enrollmentId}/score`, input, ADMIN);

/** The template's URL under /api (downloaded with the administrator token). */
export const scoreTemplatePath = (planId: number) => `/v1/admin/plans/${planId}/scores/template`;

/**
 * Uploads the filled-in template; all or nothing (422 with `errors["row N"]` when any row is wrong) unless
 * `acceptValid` asks for the valid rows, whose answer lists the refused ones.
 */
export function importScores(
  planId: number,
  file: File,
  onProgress: (percent: number) => void,
  acceptValid = false,
): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  const query = acceptValid ? `?${ACCEPT_VALID_PARAM}=1` : '';
  return postMultipart<ImportAnswer>(`/v1/admin/plans/${planId}/scores/import${query}`, body, {
    apiType: 'administrators',
    onProgress,
  });
}

export interface PublishAnswer {
  published: number;
  passed: number;
  failed: number;
  plan_state: PlanState;
}

export const publishScores = (planId: number) =>
  api.post<PublishAnswer>(`/v1/admin/plans/${planId}/scores/publish`, {}, ADMIN);

export interface IssueAnswer {
  issued: number;
  numbers: string[];
  plan_state: PlanState;
}

export const issueCertificates = (
  planId: number,
  body: { institution_id?: number; letter?: CertificateLetter },
) => api.post<IssueAnswer>(`/v1/admin/plans/${planId}/certificates/issue`, body, ADMIN);

export interface AppraisalInstitution {
  id: number;
  name: string;
  code: string;
  organization_id: number | null;
  organization_name: string | null;
  enabled: boolean;
}

/** The institutions a certificate can be issued in the name of (founder and manager only). */
export const fetchInstitutions = () =>
  api.get<ListResponse<AppraisalInstitution>>('/v1/admin/appraisal-institutions', {
    ...ADMIN,
    params: { page: 1, limit: 100 },
  });
