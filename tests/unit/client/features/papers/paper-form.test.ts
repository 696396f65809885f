import { describe, expect, it } from 'vitest';
import {
  paperInputSchema,
  type PaperBankStats,
  type PaperQuestion,
} from '../../../../../src/shared/papers/schema.ts';
import {
  availabilityErrors,
  emptyPaperValues,
  estimatedTotal,
  movePick,
  paperBody,
  pickedCounts,
  pickedScore,
  ruleAvailable,
  type PaperFormValues,
} from '../../../../../src/client/features/papers/paper-form.ts';

const values = (over: Partial<PaperFormValues> = {}): PaperFormValues => ({
  ...emptyPaperValues(),
  name: '卷',
  bank_id: '3',
  pass_score: 1,
  ...over,
});

const question = (id: number, type: PaperQuestion['type'], score: number, subs = 0): PaperQuestion => ({
  id,
  type,
  stem_text: `题 ${id}`,
  score,
  difficulty: 3,
  category_id: null,
  category_name: null,
  enabled: true,
  sub_question_count: subs,
});

const stats: PaperBankStats = {
  bank_id: 3,
  available: { single_choice: 4, choice: 2, determine: 6, essay: 1, material: 1 },
  categories: [
    {
      id: 7,
      parent_id: null,
      name: '安全',
      available: { single_choice: 2, choice: 0, determine: 1, essay: 0, material: 0 },
    },
  ],
  by_difficulty: {
    single_choice: [1, 1, 2, 0, 0],
    choice: [0, 0, 2, 0, 0],
    determine: [6, 0, 0, 0, 0],
    essay: [0, 0, 0, 1, 0],
    material: [0, 0, 0, 1, 0],
  },
};

describe('the paper form', () => {
  it('refuses all-zero counts with the spec message through the shared schema', () => {
    const result = paperInputSchema.safeParse(paperBody(values()));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'counts',
      '题目数量不能为空',
    ]);
    const fixed = paperInputSchema.safeParse(paperBody(values({ mode: 'fixed' })));
    expect(fixed.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'question_ids',
      '题目数量不能为空',
    ]);
  });

  it('builds the body the server reads: empty scores as null, rules only for random, picks only for fixed', () => {
    const random = values({
      counts: { single_choice: 3, choice: '', determine: 0, essay: 0, material: 0 },
      type_scores: { single_choice: 2, choice: '', determine: '', essay: '', material: '' },
      rules: [{ type: 'single_choice', category_id: '7', difficulty: null, count: 2 }],
      questions: [question(1, 'essay', 10)],
    });
    const body = paperInputSchema.parse(paperBody(random));
    expect(body).toMatchObject({
      bank_id: 3,
      counts: { single_choice: 3, choice: 0 },
      type_scores: { single_choice: 2, choice: null },
      rules: [{ type: 'single_choice', category_id: 7, difficulty: null, count: 2 }],
      question_ids: [],
    });
    const fixed = paperInputSchema.parse(paperBody({ ...random, mode: 'fixed' }));
    expect(fixed).toMatchObject({ rules: [], question_ids: [1] });
  });

  it('refuses rules adding up to more than their type count', () => {
    const result = paperInputSchema.safeParse(
      paperBody(
        values({
          counts: { single_choice: 2, choice: 0, determine: 0, essay: 0, material: 0 },
          rules: [
            { type: 'single_choice', category_id: null, difficulty: '1', count: 1 },
            { type: 'single_choice', category_id: '7', difficulty: null, count: 2 },
          ],
        }),
      ),
    );
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['rules.1.count']);
  });

  it('works out the total where it is known', () => {
    const scored = values({
      counts: { single_choice: 3, choice: 2, determine: 0, essay: 0, material: 0 },
      type_scores: { single_choice: 2, choice: 2.5, determine: '', essay: '', material: '' },
    });
    expect(estimatedTotal(scored)).toBe(11);
    // A type without a score per question: the questions' own scores, known after saving.
    expect(estimatedTotal({ ...scored, type_scores: { ...scored.type_scores, choice: '' } })).toBeNull();
    const fixed = values({
      mode: 'fixed',
      type_scores: { single_choice: 2, choice: '', determine: '', essay: '', material: 3 },
      questions: [question(1, 'single_choice', 1), question(2, 'essay', 10), question(3, 'material', 8, 2)],
    });
    expect(pickedScore(fixed, fixed.questions[2]!)).toBe(6);
    expect(estimatedTotal(fixed)).toBe(18);
    expect(pickedCounts(fixed.questions)).toMatchObject({
      single_choice: 1,
      essay: 1,
      material: 1,
      choice: 0,
    });
  });

  it('names what the bank cannot supply, as the server does', () => {
    const wanted = values({ counts: { single_choice: 5, choice: 2, determine: 0, essay: 0, material: 0 } });
    expect(availabilityErrors(wanted, stats)).toEqual({
      'counts.single_choice': '单选题 只有 4 题，需要 5 题',
    });
    expect(availabilityErrors(wanted, undefined)).toEqual({});
    expect(availabilityErrors({ ...wanted, mode: 'fixed' }, stats)).toEqual({});
  });

  it("tells what a rule's filters leave", () => {
    const rule = { type: 'single_choice' as const, category_id: null, difficulty: null, count: 1 };
    expect(ruleAvailable(rule, stats)).toBe(4);
    expect(ruleAvailable({ ...rule, category_id: '7' }, stats)).toBe(2);
    expect(ruleAvailable({ ...rule, difficulty: '3' }, stats)).toBe(2);
    expect(ruleAvailable({ ...rule, category_id: '7', difficulty: '3' }, stats)).toBeNull();
  });

  it('moves a pick', () => {
    expect(movePick(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movePick(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
