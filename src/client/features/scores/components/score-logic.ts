// The scoring step's rules that are not layout: the score form checked with the shared schema (plus the
// correction reason the server requires after publication), and which actions the plan's state allows,
// with the message key that says why not.
import { scoreInputSchema, type ScoreInput } from '../../../../shared/scores/schema.ts';
import type { PlanState } from '../../../../shared/plans/schema.ts';
import type { FormErrors } from '@mantine/form';
import { schemaErrors } from '../../../lib/forms/form-errors.ts';
import type { ScoreSummaryCounts } from '../api.ts';

// ---------------------------------------------------------------- score form

export interface ScoreFormValues {
  theory: number | string;
  practical: number | string;
  absent: boolean;
  cheating: boolean;
  reason: string;
}

/** Shortest correction reason the server accepts. */
export const MIN_REASON_LENGTH = 2;

const mark = (value: number | string): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  return text === '' ? null : Number(text);
};

export type ScoreFormResult = { ok: true; input: ScoreInput } | { ok: false; errors: FormErrors };

/** The request body the form would send: marks as numbers, the correction reason once published. */
export const scoreBody = (values: ScoreFormValues, published: boolean) => ({
  theory: mark(values.theory),
  practical: mark(values.practical),
  absent: values.absent,
  cheating: values.cheating,
  reason: published ? values.reason.trim() : undefined,
});

/**
 * The correction reason the server requires once the scores are published, which the shared schema
 * cannot know; `reasonMessage` is its (translated) text.
 */
export const reasonErrors = (
  values: ScoreFormValues,
  published: boolean,
  reasonMessage: string,
): FormErrors =>
  published && values.reason.trim().length < MIN_REASON_LENGTH ? { reason: reasonMessage } : {};

/** The request body of the form, or the field messages (the schema's first, then the reason's). */
export function scoreFormInput(
  values: ScoreFormValues,
  options: { published: boolean; reasonMessage: string },
): ScoreFormResult {
  const body = scoreBody(values, options.published);
  const errors = {
    ...reasonErrors(values, options.published, options.reasonMessage),
    ...schemaErrors(scoreInputSchema, body),
  };
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: scoreInputSchema.parse(body) };
}

/** The form's starting values for a candidate's current score (empty before entry). */
export function scoreFormValues(
  score: { theory: number | null; practical: number | null; absent: boolean; cheating: boolean } | null,
): ScoreFormValues {
  return {
    theory: score?.theory ?? '',
    practical: score?.practical ?? '',
    absent: score?.absent ?? false,
    cheating: score?.cheating ?? false,
    reason: '',
  };
}

// ---------------------------------------------------------------- what the plan's state allows

const ENTRY_STATES: readonly PlanState[] = ['tickets_issued', 'exam_held'];
const PUBLISHED_STATES: readonly PlanState[] = ['scores_published', 'certificates_issued'];

/** For each action, null when allowed, else the message key (scoring.blocked.*) saying why not. */
export interface ScoringAvailability {
  /** Entering a score of one candidate (after publication: a correction, also allowed). */
  edit: string | null;
  import: string | null;
  publish: string | null;
  certificates: string | null;
}

export function scoringAvailability(
  state: PlanState,
  summary: ScoreSummaryCounts,
  sessions: readonly { ends_at: string }[],
  now: Date = new Date(),
): ScoringAvailability {
  const published = PUBLISHED_STATES.includes(state);
  const entry = ENTRY_STATES.includes(state);
  const stateKey = published ? 'scores.blocked.published' : 'scores.blocked.notTicketed';
  let publish: string | null = null;
  if (published) publish = 'scores.blocked.alreadyPublished';
  else if (!entry) publish = 'scores.blocked.notTicketed';
  else if (summary.candidates === 0) publish = 'scores.blocked.noCandidates';
  else if (summary.entered < summary.candidates) publish = 'scores.blocked.missingScores';
  else if (state === 'tickets_issued' && sessions.some((s) => new Date(s.ends_at).getTime() > now.getTime()))
    publish = 'scores.blocked.examNotOver';
  let certificates: string | null = null;
  if (!published) certificates = 'scores.blocked.notPublished';
  else if (summary.passed === 0) certificates = 'scores.blocked.noPassers';
  return {
    edit: entry || published ? null : 'scores.blocked.notTicketed',
    import: entry ? null : stateKey,
    publish,
    certificates,
  };
}

// ---------------------------------------------------------------- summary

export type ResultKey = 'passed' | 'failed' | 'absent' | 'cheating' | 'missing';

/** The candidates split into results; `failed` are the entered marks below a pass line. */
export function resultBreakdown(summary: ScoreSummaryCounts): { key: ResultKey; count: number }[] {
  const failed = Math.max(0, summary.entered - summary.passed - summary.absent - summary.cheating);
  return [
    { key: 'passed', count: summary.passed },
    { key: 'failed', count: failed },
    { key: 'absent', count: summary.absent },
    { key: 'cheating', count: summary.cheating },
    { key: 'missing', count: Math.max(0, summary.candidates - summary.entered) },
  ];
}
