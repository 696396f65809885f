// GET /v1/learner/{id}/assessmentFile/{id2} (spec §7): one candidate's whole record for one plan, read with
// the administrator's session (the page itself is public so it can be opened from a link or a print queue).
import { candidateFileAnswer } from '../../../shared/candidate-files/schema.ts';
import { api } from '../../lib/api/client.ts';

export type { CandidateFile } from '../../../shared/candidate-files/schema.ts';
export type { ScoreSnapshot } from '../../../shared/scores/schema.ts';

/** Silent: the page shows 403 / 404 itself. */
export const fetchCandidateFile = (learnerId: number, planId: number) =>
  api.get(`/v1/learner/${learnerId}/assessmentFile/${planId}`, candidateFileAnswer, {
    apiType: 'administrators',
    silent: true,
  });
