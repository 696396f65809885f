// Display names and colours of the plan page's domain values. Names come from the exam-affairs messages
// (zh/en/es/ja), keyed by the shared schema's values; an unknown value falls back to itself.
import type { EnrollmentState } from '../../shared/enrollments/schema.ts';
import type { PlanAction, PlanState } from '../../shared/plans/schema.ts';
import type { Translate } from './i18n/index.ts';

export const PLAN_STATE_COLORS: Record<PlanState, string> = {
  draft: 'gray',
  published: 'green',
  registration_closed: 'orange',
  tickets_issued: 'cyan',
  exam_held: 'indigo',
  scores_published: 'violet',
  certificates_issued: 'teal',
  archived: 'dark',
};

export const ENROLLMENT_STATE_COLORS: Record<EnrollmentState, string> = {
  submitted: 'orange',
  approved: 'blue',
  rejected: 'red',
  paid: 'green',
  ticket_issued: 'cyan',
  sat: 'indigo',
  passed: 'teal',
  failed: 'pink',
  cancelled: 'gray',
};

const named = (t: Translate, key: string, fallback: string) => {
  const text = t(key);
  return text === key ? fallback : text;
};

export const planStateLabel = (t: Translate, state: string) => named(t, `plans.planState.${state}`, state);
export const planActionLabel = (t: Translate, action: PlanAction | string) =>
  named(t, `plans.planAction.${action}`, action);
export const enrollmentStateLabel = (t: Translate, state: string) =>
  named(t, `plans.enrollmentState.${state}`, state);
export const materialLabel = (t: Translate, key: string) => named(t, `plans.material.${key}`, key);
export const formFieldLabel = (t: Translate, key: string) => named(t, `plans.formField.${key}`, key);
export const levelLabel = (t: Translate, level: number) => named(t, `plans.level.${level}`, String(level));
export const sessionKindLabel = (t: Translate, kind: string) => named(t, `plans.sessionKind.${kind}`, kind);
