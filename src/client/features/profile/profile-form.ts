// The profile form's values and their mapping to and from the API (GET /v1/learner/info ->
// form, form -> POST /v1/learner/info-up). Select inputs hold strings; the API wants numbers and null.
import type { FormErrors } from '@mantine/form';
import { parseIdCard } from '../../../shared/auth/id-card.ts';
import { profileUpdateSchema, type ProfileUpdateInput } from '../../../shared/profile/schema.ts';
import { schemaErrors } from '../../lib/forms/form-errors.ts';
import type { LearnerProfile } from './api.ts';

export interface ProfileValues {
  real_name: string;
  sex: '' | 'male' | 'female';
  ethnic_group_id: string | null;
  political_affiliation_id: string | null;
  educational_background_id: string | null;
  user_source_id: string | null;
  province_code: string | null;
  city_code: string | null;
  area_code: string | null;
  address: string;
  employer: string;
  email: string;
  introduction: string;
  photo_upload_id: string | null;
  photo_url: string;
  avatar_upload_id: string | null;
  avatar_url: string;
}

const idText = (id: number | null | undefined) => (id ? String(id) : null);

/** The form's starting values; an unset sex is taken from the ID card number. */
export function profileToValues(profile: LearnerProfile): ProfileValues {
  const fromIdCard = parseIdCard(profile.id_card)?.sex;
  return {
    real_name: profile.real_name ?? '',
    sex: profile.sex ?? fromIdCard ?? '',
    ethnic_group_id: idText(profile.ethnic_group_id),
    political_affiliation_id: idText(profile.political_affiliation_id),
    educational_background_id: idText(profile.educational_background_id),
    user_source_id: idText(profile.user_source_id),
    province_code: profile.province_code || null,
    city_code: profile.city_code || null,
    area_code: profile.area_code || null,
    address: profile.address ?? '',
    employer: profile.employer ?? '',
    email: profile.email ?? '',
    introduction: profile.introduction ?? '',
    photo_upload_id: profile.photo_upload_id,
    photo_url: profile.photo ?? '',
    avatar_upload_id: profile.avatar_upload_id,
    avatar_url: profile.avatar ?? '',
  };
}

const numberOrUndefined = (value: string | null) => (value ? Number(value) : undefined);

/** The body of POST /v1/learner/info-up: every field the form holds (empty choices are left out). */
export function valuesToUpdate(values: ProfileValues): ProfileUpdateInput {
  const update: ProfileUpdateInput = {
    real_name: values.real_name.trim() || undefined,
    sex: values.sex || undefined,
    ethnic_group_id: numberOrUndefined(values.ethnic_group_id),
    political_affiliation_id: numberOrUndefined(values.political_affiliation_id),
    educational_background_id: numberOrUndefined(values.educational_background_id),
    user_source_id: numberOrUndefined(values.user_source_id),
    address: values.address.trim(),
    employer: values.employer.trim(),
    email: values.email.trim(),
    introduction: values.introduction.trim(),
  };
  if (values.province_code) {
    update.province_code = values.province_code;
    update.city_code = values.city_code || null;
    update.area_code = values.area_code || null;
  }
  if (values.photo_upload_id) update.photo_upload_id = values.photo_upload_id;
  if (values.avatar_upload_id) update.avatar_upload_id = values.avatar_upload_id;
  return update;
}

/** Field errors of the shared schema (the server's first check), keyed by form field. */
export const updateErrors = (update: ProfileUpdateInput): FormErrors =>
  schemaErrors(profileUpdateSchema, update);

export type RequiredProfileField =
  | 'real_name'
  | 'sex'
  | 'ethnic_group_id'
  | 'political_affiliation_id'
  | 'educational_background_id'
  | 'user_source_id'
  | 'province_code'
  | 'city_code'
  | 'area_code'
  | 'address'
  | 'photo';

/**
 * Fields an application needs that the form still lacks (the server's rule: city and county only
 * where the region has them).
 */
export function missingRequired(
  values: ProfileValues,
  region: { hasCities: boolean; hasAreas: boolean },
): RequiredProfileField[] {
  const missing: RequiredProfileField[] = [];
  if (!values.real_name.trim()) missing.push('real_name');
  if (!values.sex) missing.push('sex');
  if (!values.ethnic_group_id) missing.push('ethnic_group_id');
  if (!values.political_affiliation_id) missing.push('political_affiliation_id');
  if (!values.educational_background_id) missing.push('educational_background_id');
  if (!values.user_source_id) missing.push('user_source_id');
  if (!values.province_code) missing.push('province_code');
  else if (!values.city_code && region.hasCities) missing.push('city_code');
  else if (values.city_code && !values.area_code && region.hasAreas) missing.push('area_code');
  if (!values.address.trim()) missing.push('address');
  if (!values.photo_upload_id) missing.push('photo');
  return missing;
}
