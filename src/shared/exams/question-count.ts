// The test-paper count rule of spec §5: at least one of the five question types must have a count above 0,
// else 题目数量不能为空. Shared so the paper form and the server's paper validation say the same thing.
export const QUESTION_TYPES = ['single_choice', 'choice', 'determine', 'essay', 'material'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export type QuestionCounts = Partial<Record<QuestionType, number | string | null | undefined>>;

export const QUESTION_COUNT_REQUIRED_MESSAGE = '题目数量不能为空';

export function hasQuestionCount(counts: QuestionCounts | null | undefined): boolean {
  if (!counts) return false;
  return QUESTION_TYPES.some((type) => Number(counts[type] ?? 0) > 0);
}

/** null when valid, else the spec's message. */
export function validateQuestionCounts(counts: QuestionCounts | null | undefined): string | null {
  return hasQuestionCount(counts) ? null : QUESTION_COUNT_REQUIRED_MESSAGE;
}
