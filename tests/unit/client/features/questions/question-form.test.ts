// The question drawer's logic: options re-lettered when one is removed (the answer follows), a type change
// that keeps or clears the answer, the request each type sends (checked by the shared schema), and the move
// dialog's exclusion of a category's own subtree.
import { describe, expect, it } from 'vitest';
import { questionInputSchema } from '../../../../../src/shared/questions/schema.ts';
import { descendantsOf } from '../../../../../src/client/features/questions/category-tree.ts';
import {
  emptyQuestionForm,
  emptySubQuestion,
  questionRequest,
  removeOption,
  withType,
} from '../../../../../src/client/features/questions/question-form.ts';

describe('question form', () => {
  it('re-letters options after a removal and moves the answer with them', () => {
    const options = ['一', '二', '三', '四'].map((text, i) => ({ key: 'ABCD'[i]!, text }));
    expect(removeOption({ options, answer: ['B', 'D'] }, 1)).toEqual({
      options: [
        { key: 'A', text: '一' },
        { key: 'B', text: '三' },
        { key: 'C', text: '四' },
      ],
      answer: ['C'],
    });
  });

  it('keeps the answer only while the type stays a choice of the same kind', () => {
    const single = { ...emptyQuestionForm('1'), answer: ['B'] };
    expect(withType(single, 'single_choice').answer).toEqual(['B']);
    expect(withType(single, 'choice').answer).toEqual([]);
    expect(withType(single, 'determine').options).toEqual([]);
    expect(withType({ ...single, options: [] }, 'choice').options).toHaveLength(4);
  });

  it('sends what the shared schema accepts for a single choice and for a material question', () => {
    const single = {
      ...emptyQuestionForm('3', '7'),
      stem: '<p>题</p>',
      options: [
        { key: 'A', text: '一' },
        { key: 'B', text: '二' },
      ],
      answer: ['A'],
      score: '2',
    };
    const parsed = questionInputSchema.safeParse(questionRequest(single));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ bank_id: 3, category_id: 7, score: 2, sub_questions: [] });

    const material = {
      ...withType(emptyQuestionForm('3'), 'material'),
      stem: '<p>案例</p>',
      answer: ['A'],
      sub_questions: [
        { ...emptySubQuestion('determine'), stem: '<p>对吗</p>', answer: ['T'] },
        { ...emptySubQuestion('essay'), stem: '<p>为什么</p>', reference_answer: '因为', answer: ['X'] },
      ],
    };
    const request = questionRequest(material);
    expect(request.answer).toEqual([]);
    expect(request.options).toEqual([]);
    const checked = questionInputSchema.safeParse(request);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    expect(checked.data?.sub_questions.map((s) => s.type)).toEqual(['determine', 'essay']);
  });

  it('never offers a category’s own subtree as its new parent', () => {
    const tree = [
      { id: 1, parent_id: null },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
      { id: 4, parent_id: null },
    ];
    expect([...descendantsOf(tree, 1)].sort()).toEqual([1, 2, 3]);
    expect([...descendantsOf(tree, 4)]).toEqual([4]);
  });
});
