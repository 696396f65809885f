// Display names of the review page's values, from the exam-affairs messages; unknown values show as given.
import type { EnrollmentState } from '../../../shared/enrollments/schema.ts';
import type { Translate } from '../../lib/i18n/index.ts';

export const REVIEW_STATE_COLORS: Partial<Record<EnrollmentState, string>> = {
  submitted: 'orange',
  approved: 'blue',
  rejected: 'red',
  paid: 'green',
};

function named(t: Translate, key: string, fallback: string) {
  const text = t(key);
  return text === key ? fallback : text;
}

export const reviewLabel = {
  state: (t: Translate, state: string) => named(t, `plans.enrollmentState.${state}`, state),
  material: (t: Translate, key: string) => named(t, `plans.material.${key}`, key),
  field: (t: Translate, key: string) => named(t, `plans.formField.${key}`, key),
  idType: (t: Translate, value: string) => named(t, `plans.idType.${value}`, value),
  sex: (t: Translate, value: string) => named(t, `plans.sex.${value}`, value),
};

/** One answer of the registration form as text: lookups by the name the server added, codes translated. */
export function formAnswer(t: Translate, form: Record<string, unknown>, key: string): string {
  if (key.endsWith('_id')) {
    const name = form[key.replace(/_id$/, '_name')];
    if (typeof name === 'string' && name) return name;
  }
  const value = form[key];
  if (value === undefined || value === null || value === '') return '';
  if (key === 'id_type') return reviewLabel.idType(t, String(value));
  if (key === 'sex') return reviewLabel.sex(t, String(value));
  return String(value);
}
