// A candidate's drawn paper (PRODUCT.md §2, exam attempt): what the server fixes at the start of an attempt.
// `drawnPaperSchema` is what the candidate's device receives and keeps offline: stems, options in the
// candidate's own shuffled order (keys stay the question's own keys, so an answer names keys, never
// positions) and scores, but NEVER answers or analysis. The answer key is kept apart on the server
// (`DrawnPaperKey`) and is only shown after the attempt is closed and the plan's scores are published.
import { z } from '../api/zod.ts';
import { QUESTION_TYPES } from './question-count.ts';

export const questionTypeSchema = z.enum(QUESTION_TYPES);

export const drawnOptionSchema = z.object({ key: z.string(), text: z.string() });

export const drawnSubQuestionSchema = z.object({
  question_id: z.number().int(),
  type: questionTypeSchema.exclude(['material']),
  stem: z.string(),
  options: z.array(drawnOptionSchema),
  score: z.number(),
});

export const drawnQuestionSchema = drawnSubQuestionSchema.extend({
  type: questionTypeSchema,
  /** A material question's sub-questions (answered one by one); empty for the other types. */
  sub_questions: z.array(drawnSubQuestionSchema),
});

export const drawnPaperSchema = z.object({
  paper_id: z.number().int(),
  name: z.string(),
  total_score: z.number(),
  duration_minutes: z.number().int(),
  questions: z.array(drawnQuestionSchema),
});

export type DrawnOption = z.infer<typeof drawnOptionSchema>;
export type DrawnSubQuestion = z.infer<typeof drawnSubQuestionSchema>;
export type DrawnQuestion = z.infer<typeof drawnQuestionSchema>;
export type DrawnPaper = z.infer<typeof drawnPaperSchema>;

/** A question with its own answer: a sub-question, or a top-level question that is not a material one. */
export type AnswerableQuestion = Omit<DrawnSubQuestion, 'type'> & { type: DrawnQuestion['type'] };

/** The questions a candidate answers under one top-level question: itself, or a material's sub-questions. */
export function answerablesOf(question: DrawnQuestion): AnswerableQuestion[] {
  return question.type === 'material' ? question.sub_questions : [question];
}

/** Server only: per answerable question id (sub-questions included), its key and scoring help. */
export type DrawnPaperKey = Record<
  string,
  {
    type: Exclude<z.infer<typeof questionTypeSchema>, 'material'>;
    answer: string[];
    reference_answer: string;
    analysis: string;
    score: number;
  }
>;
