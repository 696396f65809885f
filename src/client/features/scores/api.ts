// The learner's published scores with their certificate (GET /v0/user/occupational-skill-tests/examScores,
// read through the offline cache); the certificate PDF is saved through the private-file download.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { LearnerScore } from '../../../shared/scores/schema.ts';
import { MY_SCORES_URL } from '../../../shared/pwa/first-answers.ts';
import { firstAnswer } from '../../lib/api/client.ts';
import { learnerGet, learnerGetEarly, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

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
