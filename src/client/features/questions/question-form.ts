// The question drawer's values and the request they make. Options are edited as a list whose keys follow
// their place (A, B, C…), so removing an option re-letters the rest and drops it from the answer; a type
// without options sends none (determine's T/F are fixed by the server); a material question sends its
// sub-questions, any other type none.
import {
  OPTION_KEYS,
  type QuestionType,
  type QuestionView,
  type SubQuestionType,
} from '../../../shared/questions/schema.ts';
import type { QuestionInputBody } from './api.ts';

export interface OptionValue {
  key: string;
  text: string;
}

export interface SubQuestionValues {
  type: SubQuestionType;
  stem: string;
  options: OptionValue[];
  answer: string[];
  reference_answer: string;
  analysis: string;
  score: number | string;
  difficulty: string;
}

export interface QuestionFormValues extends Omit<SubQuestionValues, 'type'> {
  bank_id: string;
  category_id: string;
  type: QuestionType;
  enabled: boolean;
  sub_questions: SubQuestionValues[];
}

export const hasOptions = (type: string) => type === 'single_choice' || type === 'choice';

export const defaultOptions = (): OptionValue[] => OPTION_KEYS.slice(0, 4).map((key) => ({ key, text: '' }));

export const emptySubQuestion = (type: SubQuestionType = 'single_choice'): SubQuestionValues => ({
  type,
  stem: '',
  options: hasOptions(type) ? defaultOptions() : [],
  answer: [],
  reference_answer: '',
  analysis: '',
  score: 1,
  difficulty: '3',
});

export const emptyQuestionForm = (bankId = '', categoryId = ''): QuestionFormValues => ({
  ...emptySubQuestion('single_choice'),
  bank_id: bankId,
  category_id: categoryId,
  type: 'single_choice',
  enabled: true,
  sub_questions: [],
});

export function questionFormFrom(q: QuestionView): QuestionFormValues {
  return {
    bank_id: String(q.bank_id),
    category_id: q.category_id ? String(q.category_id) : '',
    type: q.type,
    stem: q.stem,
    options: hasOptions(q.type) ? q.options.map((o) => ({ ...o })) : [],
    answer: [...q.answer],
    reference_answer: q.reference_answer,
    analysis: q.analysis,
    score: q.score,
    difficulty: String(q.difficulty),
    enabled: q.enabled,
    sub_questions: q.sub_questions.map((s) => ({
      type: s.type,
      stem: s.stem,
      options: hasOptions(s.type) ? s.options.map((o) => ({ ...o })) : [],
      answer: [...s.answer],
      reference_answer: s.reference_answer,
      analysis: s.analysis,
      score: s.score,
      difficulty: String(s.difficulty),
    })),
  };
}

/** The options without the one at `index`, re-lettered, and the answer without its key (others moved too). */
export function removeOption(values: Pick<SubQuestionValues, 'options' | 'answer'>, index: number) {
  const options = values.options
    .filter((_, i) => i !== index)
    .map((o, i) => ({ ...o, key: OPTION_KEYS[i]! }));
  const answer = values.answer
    .map((key) => OPTION_KEYS.indexOf(key as (typeof OPTION_KEYS)[number]))
    .filter((i) => i >= 0 && i !== index)
    .map((i) => OPTION_KEYS[i > index ? i - 1 : i]!);
  return { options, answer };
}

/** The values after the type changed: options made or dropped, an answer that no longer fits cleared. */
export function withType<V extends SubQuestionValues | QuestionFormValues>(values: V, type: V['type']): V {
  const options = hasOptions(type) ? (values.options.length ? values.options : defaultOptions()) : [];
  const keepAnswer = hasOptions(type) && hasOptions(values.type) && type === values.type;
  return { ...values, type, options, answer: keepAnswer ? values.answer : [] };
}

const subRequest = (s: SubQuestionValues) => ({
  type: s.type,
  stem: s.stem,
  options: hasOptions(s.type) ? s.options : [],
  answer: s.type === 'essay' ? [] : s.answer,
  reference_answer: s.type === 'essay' ? s.reference_answer : '',
  analysis: s.analysis,
  score: s.score === '' ? 0 : Number(s.score),
  difficulty: Number(s.difficulty || 3),
});

export function questionRequest(values: QuestionFormValues): QuestionInputBody {
  const base = subRequest({ ...values, type: values.type === 'material' ? 'essay' : values.type });
  return {
    ...base,
    type: values.type,
    answer: values.type === 'material' ? [] : base.answer,
    reference_answer: values.type === 'essay' ? values.reference_answer : '',
    bank_id: values.bank_id,
    category_id: values.category_id ? values.category_id : null,
    enabled: values.enabled,
    sub_questions: values.type === 'material' ? values.sub_questions.map(subRequest) : [],
  };
}
