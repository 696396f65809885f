// Grading an online exam attempt (issue 22): a pure recompute from the attempt's answer key and the answers
// it holds, run at submit, by the close job and after any answer applied to a closed attempt (an answer
// file, an accepted late answer, an examiner's mark). Objective questions are graded at once: single choice
// and true/false right or 0; multiple choice all-or-nothing, or with the paper's partial credit half the score
// for a non-empty subset with no wrong option. Essays and every sub-question of a material question wait for
// the examiner (`examiner_score`); the attempt's `score` and `scored_at` are set once every one of them has a
// mark. A question without an answer scores 0 and needs no mark.
import { eq, sql } from 'drizzle-orm';
import type { DrawnPaper, DrawnPaperKey } from '../../shared/exams/drawn-paper.ts';
import type { DbOrTx } from '../db/client.ts';
import { attemptAnswers, examAttempts, onlineExams, testPapers } from '../db/schema/index.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The answerable questions that an examiner marks: essays and every material sub-question. */
export function examinerQuestionIds(paper: DrawnPaper, key: DrawnPaperKey): Set<number> {
  const ids = new Set<number>();
  for (const question of paper.questions) {
    for (const sub of question.sub_questions) ids.add(sub.question_id);
  }
  for (const [id, entry] of Object.entries(key)) if (entry.type === 'essay') ids.add(Number(id));
  return ids;
}

/** The automatic score of an objective answer. */
export function objectiveScore(
  entry: DrawnPaperKey[string],
  choices: readonly string[],
  partialCredit: boolean,
): number {
  const right = new Set(entry.answer);
  const chosen = new Set(choices);
  const wrong = [...chosen].some((key) => !right.has(key));
  const complete = chosen.size === right.size && !wrong;
  if (complete && right.size > 0) return entry.score;
  if (entry.type === 'choice' && partialCredit && chosen.size > 0 && !wrong) return round1(entry.score / 2);
  return 0;
}

export interface GradeInput {
  paper: DrawnPaper;
  key: DrawnPaperKey;
  partialCredit: boolean;
  answers: readonly { id: number; questionId: number; choices: string[]; examinerScore: number | null }[];
}

export interface GradeResult {
  /** Per held answer row: its automatic score (null for examiner-marked ones). */
  autoScores: { id: number; score: number | null }[];
  objectiveScore: number;
  subjectiveScore: number;
  /** Every examiner-marked answer has a mark. */
  complete: boolean;
}

export function grade({ paper, key, partialCredit, answers }: GradeInput): GradeResult {
  const examinerIds = examinerQuestionIds(paper, key);
  let objective = 0;
  let subjective = 0;
  let complete = true;
  const autoScores: GradeResult['autoScores'] = [];
  for (const answer of answers) {
    const entry = key[String(answer.questionId)];
    if (!entry) continue;
    if (examinerIds.has(answer.questionId)) {
      autoScores.push({ id: answer.id, score: null });
      if (answer.examinerScore === null) complete = false;
      else subjective += answer.examinerScore;
      continue;
    }
    const score = objectiveScore(entry, answer.choices, partialCredit);
    autoScores.push({ id: answer.id, score });
    objective += score;
  }
  return {
    autoScores,
    objectiveScore: round1(objective),
    subjectiveScore: round1(subjective),
    complete,
  };
}

/** Recomputes an attempt's scores from what it holds (idempotent). */
export async function gradeAttempt(tx: DbOrTx, attemptId: number): Promise<void> {
  const [attempt] = await tx
    .select({
      paper: examAttempts.paper,
      key: examAttempts.answerKey,
      scoredAt: examAttempts.scoredAt,
      partialCredit: testPapers.partialCredit,
    })
    .from(examAttempts)
    .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
    .innerJoin(testPapers, eq(testPapers.id, onlineExams.paperId))
    .where(eq(examAttempts.id, attemptId));
  if (!attempt) return;
  const rows = await tx
    .select({
      id: attemptAnswers.id,
      questionId: attemptAnswers.questionId,
      answer: attemptAnswers.answer,
      autoScore: attemptAnswers.autoScore,
      examinerScore: attemptAnswers.examinerScore,
    })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId));
  const result = grade({
    paper: attempt.paper,
    key: attempt.key,
    partialCredit: attempt.partialCredit,
    answers: rows.map((r) => ({
      id: r.id,
      questionId: r.questionId,
      choices: r.answer.choices,
      examinerScore: r.examinerScore === null ? null : Number(r.examinerScore),
    })),
  });
  const held = new Map(rows.map((r) => [r.id, r.autoScore === null ? null : Number(r.autoScore)]));
  const changed = result.autoScores.filter((s) => held.get(s.id) !== s.score);
  if (changed.length > 0) {
    const values = sql.join(
      changed.map((s) => sql`(${s.id}::int, ${s.score}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`
      update attempt_answers set auto_score = v.score
      from (values ${values}) as v(id, score)
      where attempt_answers.id = v.id`);
  }
  const now = new Date();
  await tx
    .update(examAttempts)
    .set({
      objectiveScore: result.objectiveScore,
      subjectiveScore: result.subjectiveScore,
      score: result.complete ? round1(result.objectiveScore + result.subjectiveScore) : null,
      scoredAt: result.complete ? (attempt.scoredAt ?? now) : null,
      updatedAt: now,
    })
    .where(eq(examAttempts.id, attemptId));
}
