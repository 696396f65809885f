// The learner's own profile: GET /v1/learner/info, POST /v1/learner/info-up (spec §7). The save goes
// through the offline outbox (with an idempotency key), so an edit made on a dropped connection is sent
// when the network returns instead of being lost.
import type { ProfileRequiredField, ProfileUpdateInput } from '../../../shared/profile/schema.ts';
import type { Sex } from '../../../shared/auth/id-card.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';
import { sendWrite, type WriteOutcome } from '../../lib/offline/outbox.ts';

export interface LearnerProfile {
  id: number;
  username: string;
  phone: string;
  id_card: string;
  real_name: string;
  sex: Sex | null;
  birth_date: string | null;
  ethnic_group_id: number | null;
  political_affiliation_id: number | null;
  educational_background_id: number | null;
  user_source_id: number | null;
  province_code: string | null;
  province_name: string;
  city_code: string | null;
  city_name: string;
  area_code: string | null;
  area_name: string;
  address: string;
  employer: string;
  email: string;
  introduction: string;
  avatar: string;
  avatar_upload_id: string | null;
  photo: string;
  photo_upload_id: string | null;
  complete: boolean;
  missing_fields: { field: ProfileRequiredField; label: string }[];
}

export const PROFILE_CACHE_KEY = 'learner-profile';

export function fetchProfile(): Promise<LearnerProfile> {
  return learnerGet<LearnerProfile>('/v1/learner/info');
}

/** The profile as /userCenter/userInfo asks for it, and the key it is kept under offline. */
export const profileQuery: LearnerQuery<LearnerProfile> = { key: PROFILE_CACHE_KEY, fetch: fetchProfile };

export function saveProfile(input: ProfileUpdateInput, label: string): Promise<WriteOutcome<LearnerProfile>> {
  return sendWrite<LearnerProfile>({
    method: 'post',
    url: '/v1/learner/info-up',
    data: input,
    apiType: 'learners',
    label,
  });
}

/** Refreshes the header's name and avatar after a save. */
export function fetchUserInfo(): Promise<unknown> {
  return api.get('/v1/user/info', { params: { apiType: 'learners' }, apiType: 'learners', silent: true });
}
