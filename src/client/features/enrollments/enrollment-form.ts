// The registration form of one plan (its `form_fields`): prefilled from an earlier submission, else from
// the learner's profile; turned into the POST/PUT body with only the plan's fields, ids as numbers.
// Every field a plan lists is required (the server answers 422 `form.<field>` otherwise).
import type { EnrollmentForm, FormFieldKey, MaterialKey } from '../../../shared/enrollments/schema.ts';
import type { ApplicantProfile } from './api.ts';

export type FormValues = Partial<Record<FormFieldKey, string>>;

/** Fields shown as a select of a lookup list (values are ids). */
export const LOOKUP_FIELDS = {
  ethnic_group_id: 'ethnicGroups',
  political_affiliation_id: 'politicalAffiliations',
  educational_background_id: 'educationalBackgrounds',
  user_source_id: 'userSources',
} as const satisfies Partial<Record<FormFieldKey, string>>;
export type LookupField = keyof typeof LOOKUP_FIELDS;
export const isLookupField = (field: FormFieldKey): field is LookupField => field in LOOKUP_FIELDS;

const NUMBER_FIELDS: readonly FormFieldKey[] = [
  ...(Object.keys(LOOKUP_FIELDS) as FormFieldKey[]),
  'years_in_occupation',
];

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** What the profile answers for each form field. */
export function profileAnswers(profile: ApplicantProfile | null): FormValues {
  if (!profile) return {};
  return {
    real_name: profile.real_name,
    id_type: 'id_card',
    id_number: profile.id_card,
    sex: profile.sex ?? '',
    ethnic_group_id: text(profile.ethnic_group_id || ''),
    political_affiliation_id: text(profile.political_affiliation_id || ''),
    educational_background_id: text(profile.educational_background_id || ''),
    phone: profile.phone,
    user_source_id: text(profile.user_source_id || ''),
    employer: profile.employer,
    address: profile.address,
    email: profile.email,
  };
}

/** The starting values: an earlier submission's answers first, then the profile's, for the plan's fields. */
export function prefillForm(
  fields: readonly FormFieldKey[],
  profile: ApplicantProfile | null,
  previous?: Record<string, unknown> | null,
): FormValues {
  const fromProfile = profileAnswers(profile);
  const values: FormValues = {};
  for (const field of fields) {
    const earlier = previous ? text(previous[field]) : '';
    values[field] = earlier || fromProfile[field] || (field === 'id_type' ? 'id_card' : '');
  }
  return values;
}

/** The `form` of the request body: the plan's fields only, trimmed, ids and years as numbers, empty left out. */
export function toSubmitForm(fields: readonly FormFieldKey[], values: FormValues): EnrollmentForm {
  const form: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (values[field] ?? '').trim();
    if (!value) continue;
    form[field] = NUMBER_FIELDS.includes(field) ? Number(value) : value;
  }
  return form as EnrollmentForm;
}

/** The plan's fields still empty (each is required). */
export function missingFormFields(fields: readonly FormFieldKey[], values: FormValues): FormFieldKey[] {
  return fields.filter((field) => !(values[field] ?? '').trim());
}

/**
 * The `materials` of the request body: uploads chosen on this page. The profile's 2-inch photo stands in
 * for `photo` on the server, so it need not be sent.
 */
export function toSubmitMaterials(
  uploads: Partial<Record<MaterialKey, string>>,
): Partial<Record<MaterialKey, string>> {
  const materials: Partial<Record<MaterialKey, string>> = {};
  for (const [key, id] of Object.entries(uploads) as [MaterialKey, string | undefined][])
    if (id) materials[key] = id;
  return materials;
}

/** Required materials with nothing chosen (the photo counts as present when the profile has one). */
export function missingMaterials(
  required: readonly MaterialKey[],
  uploads: Partial<Record<MaterialKey, string>>,
  profilePhoto: boolean,
): MaterialKey[] {
  return required.filter((key) => !uploads[key] && !(key === 'photo' && profilePhoto));
}

/** Server 422 keys `form.real_name` / `materials.photo` -> where the page shows them. */
export function splitServerErrors(errors: Record<string, string[]>): {
  form: FormValues;
  materials: Partial<Record<MaterialKey, string>>;
  other: string[];
} {
  const result = {
    form: {} as FormValues,
    materials: {} as Partial<Record<MaterialKey, string>>,
    other: [] as string[],
  };
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const [group, field] = key.split('.', 2);
    if (group === 'form' && field) result.form[field as FormFieldKey] = message;
    else if (group === 'materials' && field) result.materials[field as MaterialKey] = message;
    else result.other.push(message);
  }
  return result;
}
