// The learner's published scores with their certificate (GET /v0/user/occupational-skill-tests/examScores,
// read through the offline cache); the certificate PDF is saved through the private-file download. And the
// scoring step of the plan page (plan management for founder/manager, plan/index?step=scoring for a
// college): the plan's score list with its summary, score entry and correction, the Excel template and
// import, publication and certificate issuing. Request bodies are the shared schema's input
// (src/shared/scores/schema.ts); answers are typed here as the server sends them.
import type { Answer } from '../../../shared/api/answers.ts';
import { ACCEPT_VALID_PARAM, type ImportAnswer } from '../../../shared/api/excel-import.ts';
import type { z } from '../../../shared/api/zod.ts';
import {
  certificatesIssuedAnswer,
  institutionListAnswer,
  type AppraisalInstitution as Institution,
  type CertificateLetter,
} from '../../../shared/certificates/schema.ts';
import {
  learnerScoreListAnswer,
  planScoreListAnswer,
  scoreAnswer,
  scoresPublishedAnswer,
  type PlanScoreList,
  type ScoreInput,
  type scoreListQuery,
} from '../../../shared/scores/schema.ts';
import { MY_SCORES_URL } from '../../../shared/pwa/first-answers.ts';
import { api, firstAnswer, type ListFilters } from '../../lib/api/client.ts';
import { learnerGet, learnerGetEarly, type LearnerQuery } from '../../lib/offline/learner-cache.ts';
import { postMultipart } from '../../lib/uploads/upload-file.ts';

const ADMIN = { apiType: 'administrators' } as const;

type LearnerScoreList = Answer<typeof learnerScoreListAnswer>;
/** What the certificate dialog reads of an appraisal institution. */
export type AppraisalInstitution = Pick<
  Institution,
  'id' | 'name' | 'code' | 'organization_id' | 'organization_name' | 'enabled'
>;
export type {
  LearnerScore,
  PlanScoreList,
  PlanScoreRow,
  PublishAnswer,
} from '../../../shared/scores/schema.ts';
export { downloadPrivateFile as downloadPdf } from '../../lib/uploads/use-private-file.ts';

export function fetchMyScores(query: { page: number; limit: number }) {
  return learnerGet(MY_SCORES_URL, learnerScoreListAnswer, query);
}

/** The scores page as /userCenter/achievementQuery asks for it, and the key it is kept under offline. */
export const myScoresQuery = (query: { page: number; limit: number }): LearnerQuery<LearnerScoreList> => ({
  key: `exam-scores:${query.page}:${query.limit}`,
  fetch: () => fetchMyScores(query),
});

/** Starts fetchMyScores(query) before the page renders. */
export function preloadMyScores(query: { page: number; limit: number }): void {
  learnerGetEarly(MY_SCORES_URL, query);
}

/** The scores the server wrote into the page it sent for this query, if any (lib/api/client.ts). */
export function pageScores(query: { page: number; limit: number }): LearnerScoreList | undefined {
  return firstAnswer(MY_SCORES_URL, learnerScoreListAnswer, query);
}

// ---- the plan page's scoring step ----

type ScoreListQuery = z.output<typeof scoreListQuery>;
export type ScoreFilter = NonNullable<ScoreListQuery['filter']>;
export const SCORE_FILTERS: readonly ScoreFilter[] = ['entered', 'missing', 'passed', 'failed'];

export type ScorePlanInfo = PlanScoreList['plan'];
export type ScoreSummaryCounts = PlanScoreList['summary'];
export type PlanScoreQuery = ListFilters<Pick<ScoreListQuery, 'keyword' | 'filter'>> &
  Pick<ScoreListQuery, 'page' | 'limit'>;

export const fetchPlanScores = (planId: number, query: PlanScoreQuery) =>
  api.get(`/v1/admin/plans/${planId}/scores`, planScoreListAnswer, { ...ADMIN, params: { ...query } });

/** PUT /v1/admin/enrollments/:id/score: entry, or after publication a correction with `reason`. */
export const saveScore = (enrollmentId: number, input: ScoreInput) =>
  api.put(`/v1/admin/enrollments/${enrollmentId}/score`, scoreAnswer, input, ADMIN);
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

export const publishScores = (planId: number) =>
  api.post(`/v1/admin/plans/${planId}/scores/publish`, scoresPublishedAnswer, {}, ADMIN);

export const issueCertificates = (
  planId: number,
  body: { institution_id?: number; letter?: CertificateLetter },
) => api.post(`/v1/admin/plans/${planId}/certificates/issue`, certificatesIssuedAnswer, body, ADMIN);

/** The institutions a certificate can be issued in the name of (founder and manager only). */
export const fetchInstitutions = () =>
  api.get('/v1/admin/appraisal-institutions', institutionListAnswer, {
    ...ADMIN,
    params: { page: 1, limit: 100 },
  });
