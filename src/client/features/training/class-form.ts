// The class form's values (as the inputs hold them) and the request bodies they stand for, which the shared
// schemas check in the form: the fee typed in yuan goes out in fen, times picked in China time go out as ISO
// instants, courses keep the order they were put in, and a session row keeps its id so the server keeps it.
// One set of values serves the class page (add/set) and the batch-create page (name pattern and count).
import { chinaWallIso, fromChinaClock } from '../../../shared/api/china-time.ts';
import { isoToPickerValue, pickerValueToIso } from '../../lib/utils/iso-time.ts';
import {
  BATCH_SETTING_FIELDS,
  type BatchSettingField,
  type ClassBatchCreateInput,
  type ClassBatchSetInput,
  type ClassDetail,
  type ClassInput,
  type ClassState,
} from '../../../shared/training/schema.ts';

/** A Mantine dates value: 'YYYY-MM-DD HH:mm:ss' in China time; null for none. */
export type LocalDateTime = string | null;

export interface SessionRowValues {
  /** The stored session's id; null for a new row. */
  id: number | null;
  title: string;
  place: string;
  starts_at: LocalDateTime;
  ends_at: LocalDateTime;
  /** Check-ins already recorded (such a row cannot be removed). */
  attendance_count: number;
}

export interface ClassFormValues {
  project_id: string;
  name: string;
  /** '' when the project's college applies (or none is chosen yet). */
  organization_id: string;
  head_teacher_id: string;
  /** 'YYYY-MM-DD' or ''. */
  starts_on: string;
  ends_on: string;
  capacity: number | string;
  /** Yuan, as typed. */
  fee_yuan: number | string;
  enrol_opens_at: LocalDateTime;
  enrol_closes_at: LocalDateTime;
  rule_progress_percent: number | string;
  rule_attendance_percent: number | string;
  /** The class has a class test with a pass score. */
  with_test: boolean;
  rule_test_pass_score: number | string;
  description: string;
  /** In study order. */
  course_ids: string[];
  sessions: SessionRowValues[];
  /** Batch create only. */
  name_pattern: string;
  count: number | string;
}

/** Request field → form field, where they differ (a 422's messages land under the right input). */
export const CLASS_FORM_FIELDS = { fee_fen: 'fee_yuan' } as const;

/** 280 → 28000, '12.5' → 1250; NaN when empty or not a number (the schema then says what is wrong). */
export function yuanToFen(yuan: number | string): number {
  if (yuan === '') return Number.NaN;
  return Math.round(Number(yuan) * 100);
}

const numberOrNaN = (value: number | string) => (value === '' ? Number.NaN : Number(value));
const idOrNull = (value: string) => (value ? Number(value) : null);

export const emptyClassForm = (): ClassFormValues => ({
  project_id: '',
  name: '',
  organization_id: '',
  head_teacher_id: '',
  starts_on: '',
  ends_on: '',
  capacity: 30,
  fee_yuan: 0,
  enrol_opens_at: null,
  enrol_closes_at: null,
  rule_progress_percent: 80,
  rule_attendance_percent: 80,
  with_test: false,
  rule_test_pass_score: 60,
  description: '',
  course_ids: [],
  sessions: [],
  name_pattern: '',
  count: 2,
});

export const classFormFrom = (klass: ClassDetail): ClassFormValues => ({
  ...emptyClassForm(),
  project_id: String(klass.project_id),
  name: klass.name,
  organization_id: String(klass.organization_id),
  head_teacher_id: klass.head_teacher_id ? String(klass.head_teacher_id) : '',
  starts_on: klass.starts_on,
  ends_on: klass.ends_on,
  capacity: klass.capacity,
  fee_yuan: klass.fee_fen / 100,
  enrol_opens_at: isoToPickerValue(klass.enrol_opens_at),
  enrol_closes_at: isoToPickerValue(klass.enrol_closes_at),
  rule_progress_percent: klass.rule_progress_percent,
  rule_attendance_percent: klass.rule_attendance_percent,
  with_test: klass.rule_test_pass_score !== null,
  rule_test_pass_score: klass.rule_test_pass_score ?? 60,
  description: klass.description,
  course_ids: klass.courses.map((c) => String(c.id)),
  sessions: klass.sessions.map((s) => ({
    id: s.id,
    title: s.title,
    place: s.place,
    starts_at: isoToPickerValue(s.starts_at),
    ends_at: isoToPickerValue(s.ends_at),
    attendance_count: s.attendance_count,
  })),
});

/** The class body without its name (shared by one class and a batch). */
function settingsRequest(values: ClassFormValues): Omit<ClassInput, 'name'> {
  return {
    project_id: numberOrNaN(values.project_id),
    organization_id: idOrNull(values.organization_id),
    head_teacher_id: idOrNull(values.head_teacher_id),
    starts_on: values.starts_on,
    ends_on: values.ends_on,
    capacity: numberOrNaN(values.capacity),
    fee_fen: yuanToFen(values.fee_yuan),
    enrol_opens_at: pickerValueToIso(values.enrol_opens_at) ?? null,
    enrol_closes_at: pickerValueToIso(values.enrol_closes_at) ?? null,
    rule_progress_percent: numberOrNaN(values.rule_progress_percent),
    rule_attendance_percent: numberOrNaN(values.rule_attendance_percent),
    rule_test_pass_score: values.with_test ? numberOrNaN(values.rule_test_pass_score) : null,
    description: values.description,
    course_ids: values.course_ids.map(Number),
    sessions: values.sessions.map((s) => ({
      ...(s.id === null ? {} : { id: s.id }),
      title: s.title,
      place: s.place,
      starts_at: pickerValueToIso(s.starts_at) ?? '',
      ends_at: pickerValueToIso(s.ends_at) ?? '',
    })),
  };
}

export const classRequest = (values: ClassFormValues): ClassInput => ({
  name: values.name,
  ...settingsRequest(values),
});

export const batchCreateRequest = (values: ClassFormValues): ClassBatchCreateInput => ({
  name_pattern: values.name_pattern,
  count: numberOrNaN(values.count),
  ...settingsRequest(values),
});

/** A new session row: the day after the last row (or the class's first day), 09:00–11:00. */
export function nextSessionRow(values: Pick<ClassFormValues, 'sessions' | 'starts_on'>): SessionRowValues {
  const last = values.sessions.at(-1)?.starts_at;
  const day = last
    ? chinaWallIso(new Date((fromChinaClock(last) ?? new Date()).getTime() + 24 * 3600_000)).slice(0, 10)
    : values.starts_on || chinaWallIso(new Date()).slice(0, 10);
  return {
    id: null,
    title: '',
    place: values.sessions.at(-1)?.place ?? '',
    starts_at: `${day} 09:00:00`,
    ends_at: `${day} 11:00:00`,
    attendance_count: 0,
  };
}

// ---------------------------------------------------------------- batch settings

export interface BatchSetValues {
  /** The settings ticked to change. */
  fields: BatchSettingField[];
  head_teacher_id: string;
  capacity: number | string;
  fee_yuan: number | string;
  enrol_opens_at: LocalDateTime;
  enrol_closes_at: LocalDateTime;
  rule_progress_percent: number | string;
  rule_attendance_percent: number | string;
  with_test: boolean;
  rule_test_pass_score: number | string;
  state: ClassState | '';
}

export const emptyBatchSet = (): BatchSetValues => ({
  fields: [],
  head_teacher_id: '',
  capacity: 30,
  fee_yuan: 0,
  enrol_opens_at: null,
  enrol_closes_at: null,
  rule_progress_percent: 80,
  rule_attendance_percent: 80,
  with_test: false,
  rule_test_pass_score: 60,
  state: '',
});

/** Only the ticked settings go out; the server changes nothing else. */
export function batchSetRequest(ids: readonly number[], values: BatchSetValues): ClassBatchSetInput {
  const on = (field: BatchSettingField) => values.fields.includes(field);
  return {
    ids: [...ids],
    ...(on('head_teacher') ? { head_teacher_id: idOrNull(values.head_teacher_id) } : {}),
    ...(on('capacity') ? { capacity: numberOrNaN(values.capacity) } : {}),
    ...(on('fee') ? { fee_fen: yuanToFen(values.fee_yuan) } : {}),
    ...(on('enrolment')
      ? {
          enrolment: {
            enrol_opens_at: pickerValueToIso(values.enrol_opens_at) ?? null,
            enrol_closes_at: pickerValueToIso(values.enrol_closes_at) ?? null,
          },
        }
      : {}),
    ...(on('rule')
      ? {
          rule: {
            rule_progress_percent: numberOrNaN(values.rule_progress_percent),
            rule_attendance_percent: numberOrNaN(values.rule_attendance_percent),
            rule_test_pass_score: values.with_test ? numberOrNaN(values.rule_test_pass_score) : null,
          },
        }
      : {}),
    ...(on('state') && values.state ? { state: values.state } : {}),
  };
}

/** Request field → form field of the batch settings form. */
export const BATCH_SET_FIELDS = {
  fee_fen: 'fee_yuan',
  'enrolment.enrol_opens_at': 'enrol_opens_at',
  'enrolment.enrol_closes_at': 'enrol_closes_at',
  'rule.rule_progress_percent': 'rule_progress_percent',
  'rule.rule_attendance_percent': 'rule_attendance_percent',
  'rule.rule_test_pass_score': 'rule_test_pass_score',
} as const;

export { BATCH_SETTING_FIELDS };
