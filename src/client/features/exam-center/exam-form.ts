// The bind/edit form of an online exam: the pickers show and take China time (as every page shows plan
// times); the window defaults to the session's times, the duration to the paper's, grace is typed in
// minutes and sent in seconds. Pure functions, unit tested.
import { DEFAULT_GRACE_SECONDS } from '../../../shared/exams/schema.ts';
import { isoToPickerValue, pickerValueToIso } from '../../lib/utils/iso-time.ts';
import type { OnlineExamSession, PaperView } from './api.ts';

export type LocalDateTime = string | null;

export interface ExamFormValues {
  paper_id: string | null;
  opens_at: LocalDateTime;
  closes_at: LocalDateTime;
  duration_minutes: number | string;
  grace_minutes: number | string;
}

/** Request field -> form field, where they differ (a 422 on grace_seconds lands under the minutes). */
export const EXAM_FORM_FIELDS = { grace_seconds: 'grace_minutes' } as const;

/** The form of a session: its exam's values, else the session's window and the default grace. */
export function examFormFrom(session: OnlineExamSession): ExamFormValues {
  const exam = session.exam;
  return {
    paper_id: exam ? String(exam.paper_id) : null,
    opens_at: isoToPickerValue(exam?.opens_at ?? session.starts_at),
    closes_at: isoToPickerValue(exam?.closes_at ?? session.ends_at),
    duration_minutes: exam?.duration_minutes ?? '',
    grace_minutes: (exam?.grace_seconds ?? DEFAULT_GRACE_SECONDS) / 60,
  };
}

const numberOrRaw = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

/** The body of PUT /v1/admin/online-exams/:id (the window, paper, duration and grace). */
export function examRequest(values: ExamFormValues) {
  const grace = numberOrRaw(values.grace_minutes);
  return {
    paper_id: values.paper_id ? Number(values.paper_id) : undefined,
    opens_at: pickerValueToIso(values.opens_at) ?? '',
    closes_at: pickerValueToIso(values.closes_at) ?? '',
    duration_minutes: numberOrRaw(values.duration_minutes),
    grace_seconds: grace === undefined ? undefined : Math.round(grace * 60),
  };
}

/** The body of POST /v1/admin/online-exams: the same for one session. */
export const examCreateRequest = (values: ExamFormValues, sessionId: number | undefined) => ({
  session_id: sessionId,
  ...examRequest(values),
});

/** Approved papers of the plan's occupation and level: the only ones the server binds. */
export const papersFor = (papers: readonly PaperView[], session: OnlineExamSession) =>
  papers.filter(
    (p) =>
      p.state === 'approved' && p.occupation_name === session.occupation_name && p.level === session.level,
  );

/** "From now": the window opens this minute and stays open for the duration plus an hour. */
export function windowFromNow(
  values: ExamFormValues,
  now = new Date(),
): Pick<ExamFormValues, 'opens_at' | 'closes_at'> {
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const minutes = (Number(values.duration_minutes) || 60) + 60;
  return {
    opens_at: isoToPickerValue(start.toISOString()),
    closes_at: isoToPickerValue(new Date(start.getTime() + minutes * 60_000).toISOString()),
  };
}
