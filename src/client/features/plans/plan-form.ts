// The plan form's values and their mapping to the API body. The form speaks yuan and China-time date-time
// strings (what the inputs hold); the API speaks integer fen and ISO instants. Validation is the shared
// planInputSchema (the server's own rules), run on the body the form would send, with its issue paths
// mapped back to form fields; a 422 from the server is mapped the same way.
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import { chinaWallIso } from '../../../shared/api/china-time.ts';
import {
  DEFAULT_FORM_FIELDS,
  DEFAULT_REQUIRED_MATERIALS,
  type FormFieldKey,
  type MaterialKey,
} from '../../../shared/enrollments/schema.ts';
import {
  planInputSchema,
  sessionTimingIssues,
  type PlanInput,
  type PlanState,
} from '../../../shared/plans/schema.ts';
import {
  firstMessages,
  schemaErrors,
  type FieldMap,
  type SchemaCheckOptions,
} from '../../lib/forms/form-errors.ts';
import { isoToPickerValue, pickerValueToIso } from '../../lib/utils/iso-time.ts';
import type { ExamPlanDetail } from './api.ts';

/** A Mantine dates value: 'YYYY-MM-DD HH:mm:ss' in China time. */
export type LocalDateTime = string | null;

export interface SessionValues {
  kind: 'theory' | 'practical';
  name: string;
  starts_at: LocalDateTime;
  ends_at: LocalDateTime;
}

export interface PlanFormValues {
  title: string;
  occupation_id: string | null;
  level: string | null;
  organization_id: string | null;
  registration_starts_at: LocalDateTime;
  registration_ends_at: LocalDateTime;
  fee_yuan: number | string;
  capacity: number | string;
  pass_theory: number | string;
  pass_practical: number | string;
  required_materials: MaterialKey[];
  form_fields: FormFieldKey[];
  description: string;
  sessions: SessionValues[];
}

/** The drawer's form, as its field groups take it. */
export type PlanForm = UseFormReturnType<PlanFormValues>;

/** States in which the server accepts an edit of the plan (exam-plans service EDITABLE_STATES). */
export const PLAN_EDITABLE_STATES: readonly PlanState[] = ['draft', 'published', 'registration_closed'];

const LOCAL_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** 280 -> 28000, '12.5' -> 1250; undefined when empty or not a number (the schema then says what is missing). */
export function yuanToFen(yuan: number | string): number | undefined {
  if (yuan === '' || yuan === null || yuan === undefined) return undefined;
  const value = typeof yuan === 'number' ? yuan : Number(yuan);
  if (!Number.isFinite(value)) return undefined;
  return Math.round(value * 100);
}

export const fenToYuan = (fen: number): number => fen / 100;

const numberOrUndefined = (value: number | string | null): number | undefined => {
  if (value === '' || value === null) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** A new plan's suggested times, from today in China time. */
export function emptyPlanForm(now = dayjs(chinaWallIso(new Date()))): PlanFormValues {
  const opens = now.add(1, 'day').hour(8).minute(0).second(0);
  const closes = opens.add(30, 'day').hour(18).format(LOCAL_FORMAT);
  return {
    title: '',
    occupation_id: null,
    level: null,
    organization_id: null,
    registration_starts_at: opens.format(LOCAL_FORMAT),
    registration_ends_at: closes,
    fee_yuan: '',
    capacity: '',
    pass_theory: 60,
    pass_practical: 60,
    required_materials: [...DEFAULT_REQUIRED_MATERIALS],
    form_fields: [...DEFAULT_FORM_FIELDS],
    description: '',
    sessions: defaultSessions(closes),
  };
}

/**
 * The suggested exam sessions of a plan whose registration ends at `registrationEndsAt`: fifteen days
 * later, theory 09:00-10:30 and practical 13:30-16:30 (China time). None without an end.
 */
export function defaultSessions(registrationEndsAt: LocalDateTime): SessionValues[] {
  const closes = registrationEndsAt ? dayjs(registrationEndsAt) : null;
  if (!closes?.isValid()) return [];
  const exam = closes.add(15, 'day').hour(9).minute(0).second(0);
  return [
    {
      kind: 'theory',
      name: '理论知识考试',
      starts_at: exam.format(LOCAL_FORMAT),
      ends_at: exam.add(90, 'minute').format(LOCAL_FORMAT),
    },
    {
      kind: 'practical',
      name: '操作技能考核',
      starts_at: exam.hour(13).minute(30).format(LOCAL_FORMAT),
      ends_at: exam.hour(16).minute(30).format(LOCAL_FORMAT),
    },
  ];
}

const sameSession = (a: SessionValues, b: SessionValues | undefined) =>
  b !== undefined &&
  a.kind === b.kind &&
  a.name === b.name &&
  a.starts_at === b.starts_at &&
  a.ends_at === b.ends_at;

/**
 * The sessions after the registration end moved from `previousEnd` to `nextEnd`: a session still exactly
 * as suggested for the previous end is the suggestion for the new one; a session the administrator
 * changed, added or loaded from a saved plan is theirs and stays as it is (the schema then says if it
 * now falls before the new end).
 */
export function followRegistrationEnd(
  sessions: readonly SessionValues[],
  previousEnd: LocalDateTime,
  nextEnd: LocalDateTime,
): SessionValues[] {
  const before = defaultSessions(previousEnd);
  const after = defaultSessions(nextEnd);
  return sessions.map((session, index) => {
    const suggested = after[index];
    return sameSession(session, before[index]) && suggested ? { ...suggested } : session;
  });
}

/**
 * The session the "add" button appends: the other kind than the last one (theory, then practical), at
 * the last one's times for the administrator to move; an empty theory session when there is none.
 */
export function nextSession(sessions: readonly SessionValues[]): SessionValues {
  const last = sessions.at(-1);
  return {
    kind: last?.kind === 'theory' ? 'practical' : 'theory',
    name: '',
    starts_at: last?.starts_at ?? null,
    ends_at: last?.ends_at ?? null,
  };
}

/** The form paths of the sessions' start times: where "sessions must follow the registration end" shows. */
export const sessionStartPaths = (values: PlanFormValues): string[] =>
  values.sessions.map((_session, index) => `sessions.${index}.starts_at`);

/**
 * The shared rule for when sessions may start, on the form's values alone: the errors of the sessions'
 * start fields, found while the rest of the plan is still empty (the whole schema reports them only once
 * every field is valid). Sessions without a start are left to the schema.
 */
export function sessionStartErrors(values: PlanFormValues): Record<string, string> {
  const end = pickerValueToIso(values.registration_ends_at);
  if (!end) return {};
  const timed = values.sessions.flatMap((session, index) => {
    const start = pickerValueToIso(session.starts_at);
    return start ? [{ index, starts_at: new Date(start) }] : [];
  });
  const errors: Record<string, string> = {};
  for (const { index, message } of sessionTimingIssues(new Date(end), timed))
    errors[`sessions.${timed[index]!.index}.starts_at`] ??= message;
  return errors;
}

export function planFormFromDetail(plan: ExamPlanDetail): PlanFormValues {
  return {
    title: plan.title,
    occupation_id: String(plan.occupation.id),
    level: String(plan.level),
    organization_id: String(plan.organization.id),
    registration_starts_at: isoToPickerValue(plan.registration_starts_at),
    registration_ends_at: isoToPickerValue(plan.registration_ends_at),
    fee_yuan: fenToYuan(plan.fee_fen),
    capacity: plan.capacity,
    pass_theory: plan.pass_theory,
    pass_practical: plan.pass_practical,
    required_materials: [...plan.required_materials],
    form_fields: [...plan.form_fields],
    description: plan.description,
    sessions: plan.sessions.map((s) => ({
      kind: s.kind,
      name: s.name,
      starts_at: isoToPickerValue(s.starts_at),
      ends_at: isoToPickerValue(s.ends_at),
    })),
  };
}

/** The body of POST/PUT /v1/admin/plans. Empty inputs are left out so the schema reports them. */
export function toPlanInput(values: PlanFormValues): PlanInput {
  return {
    title: values.title,
    occupation_id: numberOrUndefined(values.occupation_id) as number,
    level: numberOrUndefined(values.level) as number,
    organization_id: numberOrUndefined(values.organization_id) as number,
    registration_starts_at: (pickerValueToIso(values.registration_starts_at) ?? undefined) as string,
    registration_ends_at: (pickerValueToIso(values.registration_ends_at) ?? undefined) as string,
    fee_fen: yuanToFen(values.fee_yuan) as number,
    capacity: numberOrUndefined(values.capacity) as number,
    pass_theory: numberOrUndefined(values.pass_theory),
    pass_practical: numberOrUndefined(values.pass_practical),
    required_materials: values.required_materials,
    form_fields: values.form_fields,
    description: values.description,
    sessions: values.sessions.map((s) => ({
      kind: s.kind,
      name: s.name,
      starts_at: (pickerValueToIso(s.starts_at) ?? undefined) as string,
      ends_at: (pickerValueToIso(s.ends_at) ?? undefined) as string,
    })),
  };
}

/**
 * Request fields shown under another form field: fee_fen is typed in yuan; a problem of the plan as a
 * whole (no path) shows under the title.
 */
export const PLAN_FORM_FIELDS: FieldMap = { fee_fen: 'fee_yuan', '': 'title' };

/** 422 `errors` (field -> messages) -> form errors (field -> first message). */
export const formErrorsFrom = (errors: Record<string, string[]>): FormErrors =>
  firstMessages(errors, PLAN_FORM_FIELDS);

/** The shared schema's check of what the form would send, as the drawer runs it: form errors, empty when valid. */
export const planFormChecks: SchemaCheckOptions<PlanFormValues> = {
  toInput: toPlanInput,
  fields: PLAN_FORM_FIELDS,
};

export const validatePlanForm = (values: PlanFormValues): FormErrors =>
  schemaErrors(planInputSchema, values, planFormChecks);
