// GET /v1/learner/summary: the learner's own figures for the /userCenter landing page.
// The type only: this page's chunk stays without zod.
import type { LearnerSummary } from '../../../shared/dashboard/schema.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

export type { LearnerSummary } from '../../../shared/dashboard/schema.ts';

/** The summary as /userCenter asks for it, and the key it is kept under offline. */
export const learnerSummaryQuery: LearnerQuery<LearnerSummary> = {
  key: 'learner-summary',
  fetch: () => learnerGet<LearnerSummary>('/v1/learner/summary'),
};
