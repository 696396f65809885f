// The learner's own profile: GET /v1/learner/info, POST /v1/learner/info-up (spec §7). The save goes
// through the offline outbox (with an idempotency key), so an edit made on a dropped connection is sent
// when the network returns instead of being lost.
import {
  learnerProfileAnswer,
  type LearnerProfile,
  type ProfileUpdateInput,
} from '../../../shared/profile/schema.ts';
import { userInfoSchema, type UserInfo } from '../../../shared/auth/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';
import { sendWrite, type WriteOutcome } from '../../lib/offline/outbox.ts';

export type { LearnerProfile } from '../../../shared/profile/schema.ts';

export const PROFILE_CACHE_KEY = 'learner-profile';

export function fetchProfile(): Promise<LearnerProfile> {
  return learnerGet('/v1/learner/info', learnerProfileAnswer);
}

/** The profile as /userCenter/userInfo asks for it, and the key it is kept under offline. */
export const profileQuery: LearnerQuery<LearnerProfile> = { key: PROFILE_CACHE_KEY, fetch: fetchProfile };

export function saveProfile(input: ProfileUpdateInput, label: string): Promise<WriteOutcome<LearnerProfile>> {
  return sendWrite(
    { method: 'post', url: '/v1/learner/info-up', data: input, apiType: 'learners', label },
    learnerProfileAnswer,
  );
}

/** Refreshes the header's name and avatar after a save. */
export function fetchUserInfo(): Promise<UserInfo> {
  return api.get('/v1/user/info', userInfoSchema, {
    params: { apiType: 'learners' },
    apiType: 'learners',
    silent: true,
  });
}
