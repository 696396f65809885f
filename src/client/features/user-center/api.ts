// GET /v1/learner/summary: the learner's own figures for the /userCenter landing page.
// Named with its answer schema; a production build leaves the schema out (scripts/web/answer-schemas.ts), so
// this page's chunk stays without zod.
import { learnerSummaryAnswer, type LearnerSummary } from '../../../shared/dashboard/schema.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

export type { LearnerSummary } from '../../../shared/dashboard/schema.ts';

/** The summary as /userCenter asks for it, and the key it is kept under offline. */
export const learnerSummaryQuery: LearnerQuery<LearnerSummary> = {
  key: 'learner-summary',
  fetch: () => learnerGet('/v1/learner/summary', learnerSummaryAnswer),
};
