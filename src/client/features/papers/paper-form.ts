// The paper form's values and what the page works out from them before the server does: the request body
// (checked by the shared paperInputSchema), the total score where it is known, and the shortages a bank's
// live counts already show (the server says the same when saving: `单选题 只有 3 题，需要 5 题`).
import type { FormErrors } from '@mantine/form';
import { QUESTION_TYPES, type QuestionType } from '../../../shared/exams/question-count.ts';
import type { PaperMode } from '../../../shared/papers/schema.ts';
import { QUESTION_TYPE_LABELS } from '../../../shared/questions/schema.ts';
import type { PaperBankStats, PaperDetail, PaperInputBody, PaperQuestion } from './api.ts';

type PerType<T> = Record<QuestionType, T>;

export interface PaperRuleValues {
  type: QuestionType;
  category_id: string | null;
  difficulty: string | null;
  count: number | string;
}

export interface PaperFormValues {
  name: string;
  bank_id: string | null;
  mode: PaperMode;
  duration_minutes: number | string;
  pass_score: number | string;
  partial_credit: boolean;
  shuffle_options: boolean;
  /** '' = the question's own score. */
  type_scores: PerType<number | string>;
  counts: PerType<number | string>;
  rules: PaperRuleValues[];
  /** fixed: the picked questions in order. */
  questions: PaperQuestion[];
}

const perType = <T>(value: (type: QuestionType) => T) =>
  Object.fromEntries(QUESTION_TYPES.map((t) => [t, value(t)])) as PerType<T>;

export const emptyPaperValues = (): PaperFormValues => ({
  name: '',
  bank_id: null,
  mode: 'random',
  duration_minutes: 90,
  pass_score: 60,
  partial_credit: false,
  shuffle_options: true,
  type_scores: perType(() => ''),
  counts: perType(() => 0),
  rules: [],
  questions: [],
});

export const paperValues = (paper: PaperDetail): PaperFormValues => ({
  name: paper.name,
  bank_id: String(paper.bank_id),
  mode: paper.mode,
  duration_minutes: paper.duration_minutes,
  pass_score: paper.pass_score,
  partial_credit: paper.partial_credit,
  shuffle_options: paper.shuffle_options,
  type_scores: perType((t) => paper.type_scores[t] ?? ''),
  counts: perType((t) => paper.counts[t]),
  rules: paper.rules.map((r) => ({
    type: r.type,
    category_id: r.category_id != null ? String(r.category_id) : null,
    difficulty: r.difficulty != null ? String(r.difficulty) : null,
    count: r.count,
  })),
  questions: paper.questions,
});

const blank = (v: number | string | null) => v === '' || v === null;

/** The request body: what the shared schema checks and the server reads. */
export const paperBody = (values: PaperFormValues): PaperInputBody => ({
  name: values.name,
  bank_id: values.bank_id ?? '',
  mode: values.mode,
  duration_minutes: values.duration_minutes,
  pass_score: values.pass_score,
  partial_credit: values.partial_credit,
  shuffle_options: values.shuffle_options,
  type_scores: perType((t) => (blank(values.type_scores[t]) ? null : values.type_scores[t])),
  counts: perType((t) => (blank(values.counts[t]) ? 0 : values.counts[t])),
  rules:
    values.mode === 'random'
      ? values.rules.map((r) => ({
          type: r.type,
          category_id: r.category_id,
          difficulty: r.difficulty,
          count: r.count,
        }))
      : [],
  question_ids: values.mode === 'fixed' ? values.questions.map((q) => q.id) : [],
});

const typeScore = (values: PaperFormValues, type: QuestionType) => {
  const v = values.type_scores[type];
  return blank(v) || !(Number(v) > 0) ? null : Number(v);
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A picked question's score on this paper (the paper's score per type wins; material: per sub-question). */
export function pickedScore(values: PaperFormValues, q: PaperQuestion) {
  const override = typeScore(values, q.type);
  if (override === null) return q.score;
  return q.type === 'material' ? round1(override * q.sub_question_count) : override;
}

/**
 * The total the page can tell before saving: a fixed paper's exactly; a random paper's when every counted
 * type has a score per question and no material question is counted (their sub-questions vary); else null
 * (the server works it out from the bank when saving).
 */
export function estimatedTotal(values: PaperFormValues): number | null {
  if (values.mode === 'fixed')
    return round1(values.questions.reduce((sum, q) => sum + pickedScore(values, q), 0));
  let total = 0;
  for (const type of QUESTION_TYPES) {
    const count = Number(values.counts[type] || 0);
    if (count <= 0) continue;
    const score = typeScore(values, type);
    if (score === null || type === 'material') return null;
    total += count * score;
  }
  return round1(total);
}

/** Counts per type of a fixed paper's picks. */
export const pickedCounts = (questions: readonly PaperQuestion[]) =>
  perType((t) => questions.filter((q) => q.type === t).length);

/** Shortages the bank's live counts show, at the fields the server would name. */
export function availabilityErrors(values: PaperFormValues, stats: PaperBankStats | undefined): FormErrors {
  const errors: FormErrors = {};
  if (!stats || values.mode !== 'random') return errors;
  for (const type of QUESTION_TYPES) {
    const need = Number(values.counts[type] || 0);
    const have = stats.available[type];
    if (need > have)
      errors[`counts.${type}`] = `${QUESTION_TYPE_LABELS[type]} 只有 ${have} 题，需要 ${need} 题`;
  }
  return errors;
}

/** What one rule's filters leave in the bank (category subtree counts come from the server). */
export function ruleAvailable(rule: PaperRuleValues, stats: PaperBankStats | undefined): number | null {
  if (!stats) return null;
  if (rule.category_id && rule.difficulty) return null;
  if (rule.category_id)
    return stats.categories.find((c) => String(c.id) === rule.category_id)?.available[rule.type] ?? 0;
  if (rule.difficulty) return stats.by_difficulty[rule.type][Number(rule.difficulty) - 1] ?? 0;
  return stats.available[rule.type];
}

/** Moves the picked question at `from` to `to`. */
export function movePick<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const out = [...items];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved!);
  return out;
}
