import { describe, expect, it } from 'vitest';
import {
  QUESTION_COUNT_REQUIRED_MESSAGE,
  hasQuestionCount,
  validateQuestionCounts,
} from '../../../src/shared/exams/question-count.ts';

describe('question-paper count rule (spec §5)', () => {
  const zero = { single_choice: 0, choice: 0, determine: 0, essay: 0, material: 0 };

  it('refuses all-zero counts with 题目数量不能为空', () => {
    expect(QUESTION_COUNT_REQUIRED_MESSAGE).toBe('题目数量不能为空');
    expect(validateQuestionCounts(zero)).toBe('题目数量不能为空');
    expect(validateQuestionCounts({})).toBe('题目数量不能为空');
    expect(validateQuestionCounts(null)).toBe('题目数量不能为空');
  });

  it.each(['single_choice', 'choice', 'determine', 'essay', 'material'] as const)(
    'accepts when only %s is above 0',
    (type) => {
      expect(validateQuestionCounts({ ...zero, [type]: 1 })).toBeNull();
      expect(hasQuestionCount({ ...zero, [type]: 1 })).toBe(true);
    },
  );

  it('reads numeric strings from form inputs and ignores negatives', () => {
    expect(validateQuestionCounts({ ...zero, essay: '2' })).toBeNull();
    expect(validateQuestionCounts({ ...zero, essay: '' })).toBe('题目数量不能为空');
    expect(validateQuestionCounts({ ...zero, choice: -3 })).toBe('题目数量不能为空');
  });
});
