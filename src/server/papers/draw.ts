// Drawing a candidate's paper (issue 22): deterministic for a seed, so the exam server passes
// `${examId}:${enrollmentId}` and every candidate gets their own paper, and the same one again on resume.
// Random papers: each rule (type + category subtree + difficulty) is drawn first, most specific first, then
// the rest of a type's count from the bank's other questions of that type, never one question twice. Fixed
// papers keep their order. Options of single and multiple choice questions are shuffled per candidate when
// the paper says so (keys stay the question's own keys); determine options never are. A material question
// comes with its enabled sub-questions; its score is the sum of theirs.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { questionCategories, questions, testPaperQuestions, testPapers } from '../db/schema/index.ts';
import type {
  DrawnPaper,
  DrawnPaperKey,
  DrawnQuestion,
  DrawnSubQuestion,
} from '../../shared/exams/drawn-paper.ts';
import { QUESTION_TYPES, type QuestionType } from '../../shared/exams/question-count.ts';
import type { PaperShortage } from '../../shared/papers/schema.ts';
import { QUESTION_TYPE_LABELS } from '../../shared/questions/schema.ts';
import { notFound, validationFailed } from '../errors.ts';

export type PaperRow = typeof testPapers.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
type CategoryRow = Pick<typeof questionCategories.$inferSelect, 'id' | 'parentId' | 'name'>;

// ---------------------------------------------------------------- seeded randomness

/** mulberry32 seeded from the sha256 of the text: the same text always gives the same sequence. */
export function seededRandom(text: string): () => number {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------- the bank as a paper sees it

export interface BankContent {
  /** Enabled top-level questions (no sub-questions), by id ascending. */
  top: QuestionRow[];
  /** Enabled sub-questions per material question id, in their order. */
  subs: Map<number, QuestionRow[]>;
  categories: CategoryRow[];
  /** Category id → itself and every descendant. */
  subtree: Map<number, Set<number>>;
}

export function categorySubtrees(categories: readonly CategoryRow[]) {
  const children = new Map<number, number[]>();
  for (const c of categories)
    if (c.parentId != null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const subtree = new Map<number, Set<number>>();
  for (const c of categories) {
    const seen = new Set<number>();
    const stack = [c.id];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    subtree.set(c.id, seen);
  }
  return subtree;
}

export async function subQuestionsOf(db: DbOrTx, parentIds: number[]) {
  const subs = new Map<number, QuestionRow[]>();
  if (parentIds.length === 0) return subs;
  const rows = await db
    .select()
    .from(questions)
    .where(and(inArray(questions.parentId, parentIds), eq(questions.enabled, true)))
    .orderBy(asc(questions.sort), asc(questions.id));
  for (const row of rows) subs.set(row.parentId!, [...(subs.get(row.parentId!) ?? []), row]);
  return subs;
}

export async function loadBank(db: DbOrTx, bankId: number): Promise<BankContent> {
  const [top, categories] = await Promise.all([
    db
      .select()
      .from(questions)
      .where(and(eq(questions.bankId, bankId), isNull(questions.parentId), eq(questions.enabled, true)))
      .orderBy(asc(questions.id)),
    db
      .select({
        id: questionCategories.id,
        parentId: questionCategories.parentId,
        name: questionCategories.name,
      })
      .from(questionCategories)
      .where(eq(questionCategories.bankId, bankId))
      .orderBy(asc(questionCategories.sort), asc(questionCategories.id)),
  ]);
  const subs = await subQuestionsOf(
    db,
    top.filter((q) => q.type === 'material').map((q) => q.id),
  );
  return { top, subs, categories, subtree: categorySubtrees(categories) };
}

// ---------------------------------------------------------------- scores

type TypeScores = Record<string, number>;

const ownScore = (question: QuestionRow, typeScores: TypeScores, type: string) =>
  typeScores[type] != null && typeScores[type] > 0 ? typeScores[type] : question.score;

/** A question's score on a paper: the paper's score for its type, else its own; material = sum of its subs. */
export function questionScore(question: QuestionRow, subs: readonly QuestionRow[], typeScores: TypeScores) {
  if (question.type !== 'material') return ownScore(question, typeScores, question.type);
  return round1(subs.reduce((sum, sub) => sum + ownScore(sub, typeScores, 'material'), 0));
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------- random rules

export interface DrawStep {
  /** The form field a shortage belongs to: `rules.N.count` or `counts.<type>`. */
  path: string;
  label: string;
  type: QuestionType;
  count: number;
  pool: QuestionRow[];
}

const specificity = (rule: { categoryId: number | null; difficulty: number | null }) =>
  (rule.categoryId != null ? 1 : 0) + (rule.difficulty != null ? 1 : 0);

/** A random paper's draw steps: its rules (most specific first), then each type's rest. */
export function drawSteps(paper: Pick<PaperRow, 'counts' | 'rules'>, bank: BankContent): DrawStep[] {
  const categoryName = new Map(bank.categories.map((c) => [c.id, c.name]));
  const ruleSteps = paper.rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => specificity(b.rule) - specificity(a.rule) || a.index - b.index)
    .map(({ rule, index }): DrawStep => {
      const type = rule.type as QuestionType;
      const inCategory =
        rule.categoryId != null ? (bank.subtree.get(rule.categoryId) ?? new Set<number>()) : null;
      const filters = [
        rule.categoryId != null ? `分类「${categoryName.get(rule.categoryId) ?? rule.categoryId}」` : null,
        rule.difficulty != null ? `难度 ${rule.difficulty}` : null,
      ].filter(Boolean);
      return {
        path: `rules.${index}.count`,
        label: `${QUESTION_TYPE_LABELS[type] ?? type}${filters.length > 0 ? `（${filters.join('，')}）` : ''}`,
        type,
        count: rule.count,
        pool: bank.top.filter(
          (q) =>
            q.type === type &&
            (inCategory === null || (q.categoryId != null && inCategory.has(q.categoryId))) &&
            (rule.difficulty == null || q.difficulty === rule.difficulty),
        ),
      };
    });
  const restSteps = QUESTION_TYPES.flatMap((type): DrawStep[] => {
    const count = Number(paper.counts[type] ?? 0);
    if (count <= 0) return [];
    const ruled = paper.rules.filter((r) => r.type === type).reduce((sum, r) => sum + r.count, 0);
    return [
      {
        path: `counts.${type}`,
        label: QUESTION_TYPE_LABELS[type],
        type,
        count: Math.max(0, count - ruled),
        pool: bank.top.filter((q) => q.type === type),
      },
    ];
  });
  return [...ruleSteps, ...restSteps];
}

const shortageMessage = (label: string, have: number, need: number) =>
  `${label} 只有 ${have} 题，需要 ${need} 题`;

/** What the bank cannot supply: per rule, and per type for the type's whole count. */
export function randomShortages(
  paper: Pick<PaperRow, 'counts' | 'rules'>,
  bank: BankContent,
): PaperShortage[] {
  const shortages: PaperShortage[] = [];
  for (const step of drawSteps(paper, bank)) {
    if (step.path.startsWith('rules.') && step.pool.length < step.count)
      shortages.push({ path: step.path, message: shortageMessage(step.label, step.pool.length, step.count) });
  }
  for (const type of QUESTION_TYPES) {
    const need = Number(paper.counts[type] ?? 0);
    const have = bank.top.filter((q) => q.type === type).length;
    if (need > have)
      shortages.push({
        path: `counts.${type}`,
        message: shortageMessage(QUESTION_TYPE_LABELS[type], have, need),
      });
  }
  return shortages.sort((a, b) => a.path.localeCompare(b.path));
}

export function shortageError(shortages: readonly PaperShortage[]) {
  const errors: Record<string, string[]> = {};
  for (const s of shortages) errors[s.path] = [...(errors[s.path] ?? []), s.message];
  return validationFailed(errors, shortages[0]?.message);
}

// ---------------------------------------------------------------- the draw

function drawnOptions(question: QuestionRow, shuffle: boolean, seed: string) {
  const options = question.options.map((o) => ({ key: o.key, text: o.text }));
  if (!shuffle || (question.type !== 'single_choice' && question.type !== 'choice')) return options;
  return shuffled(options, seededRandom(`${seed}:options:${question.id}`));
}

function drawQuestion(
  paper: PaperRow,
  question: QuestionRow,
  subs: readonly QuestionRow[],
  seed: string,
  key: DrawnPaperKey,
): DrawnQuestion {
  const typeScores = paper.typeScores;
  const addKey = (q: QuestionRow, score: number) => {
    if (q.type === 'material') return;
    key[String(q.id)] = {
      type: q.type as Exclude<QuestionType, 'material'>,
      answer: [...q.answer],
      reference_answer: q.referenceAnswer,
      analysis: q.analysis,
      score,
    };
  };
  const subQuestions: DrawnSubQuestion[] =
    question.type === 'material'
      ? subs
          .filter((s) => s.type !== 'material')
          .map((sub) => {
            const score = ownScore(sub, typeScores, 'material');
            addKey(sub, score);
            return {
              question_id: sub.id,
              type: sub.type as Exclude<QuestionType, 'material'>,
              stem: sub.stem,
              options: drawnOptions(sub, paper.shuffleOptions, seed),
              score,
            };
          })
      : [];
  const score = questionScore(question, subs, typeScores);
  addKey(question, score);
  return {
    question_id: question.id,
    type: question.type as QuestionType,
    stem: question.stem,
    options: question.type === 'material' ? [] : drawnOptions(question, paper.shuffleOptions, seed),
    score,
    sub_questions: subQuestions,
  };
}

/** The questions of a fixed paper in order (whatever their enabled state: the paper was approved with them). */
export async function fixedPaperQuestions(db: DbOrTx, paperId: number) {
  return db
    .select({ question: questions })
    .from(testPaperQuestions)
    .innerJoin(questions, eq(questions.id, testPaperQuestions.questionId))
    .where(eq(testPaperQuestions.paperId, paperId))
    .orderBy(asc(testPaperQuestions.sort), asc(testPaperQuestions.id))
    .then((rows) => rows.map((r) => r.question));
}

/** Draws a random paper's questions; refuses with the shortage named. */
export function drawRandom(paper: PaperRow, bank: BankContent, seed: string) {
  const shortages = randomShortages(paper, bank);
  if (shortages.length > 0) throw shortageError(shortages);
  const random = seededRandom(`${seed}:paper:${paper.id}`);
  const picked = new Set<number>();
  const byType = new Map<QuestionType, QuestionRow[]>();
  for (const step of drawSteps(paper, bank)) {
    const pool = step.pool.filter((q) => !picked.has(q.id));
    if (pool.length < step.count)
      throw shortageError([
        { path: step.path, message: shortageMessage(step.label, pool.length, step.count) },
      ]);
    for (const q of shuffled(pool, random).slice(0, step.count)) {
      picked.add(q.id);
      byType.set(step.type, [...(byType.get(step.type) ?? []), q]);
    }
  }
  return QUESTION_TYPES.flatMap((type) => shuffled(byType.get(type) ?? [], random));
}

export async function drawPaperRow(db: DbOrTx, paper: PaperRow, seed: string) {
  let chosen: QuestionRow[];
  let subs: Map<number, QuestionRow[]>;
  if (paper.mode === 'fixed') {
    chosen = await fixedPaperQuestions(db, paper.id);
    subs = await subQuestionsOf(
      db,
      chosen.filter((q) => q.type === 'material').map((q) => q.id),
    );
  } else {
    const bank = await loadBank(db, paper.bankId);
    chosen = drawRandom(paper, bank, seed);
    subs = bank.subs;
  }
  const key: DrawnPaperKey = {};
  const drawn = chosen.map((q) => drawQuestion(paper, q, subs.get(q.id) ?? [], seed, key));
  const totalScore = round1(drawn.reduce((sum, q) => sum + q.score, 0));
  const result: DrawnPaper = {
    paper_id: paper.id,
    name: paper.name,
    total_score: totalScore,
    duration_minutes: paper.durationMinutes,
    questions: drawn,
  };
  return { paper: result, key, totalScore };
}

/**
 * The exam server's draw (plan.md contract): deterministic for a seed; a 422 naming the shortage when the
 * bank has too few enabled questions for a rule.
 */
export async function drawPaper(
  db: DbOrTx,
  paperId: number,
  seed: string,
): Promise<{ paper: DrawnPaper; key: DrawnPaperKey; totalScore: number }> {
  const [paper] = await db.select().from(testPapers).where(eq(testPapers.id, paperId));
  if (!paper) throw notFound('试卷不存在');
  return drawPaperRow(db, paper, seed);
}

/** An approved paper's facts for binding it to an exam; null when missing or not approved. */
export async function approvedPaper(db: DbOrTx, paperId: number) {
  const [paper] = await db
    .select({
      id: testPapers.id,
      name: testPapers.name,
      bankId: testPapers.bankId,
      durationMinutes: testPapers.durationMinutes,
      totalScore: testPapers.totalScore,
      passScore: testPapers.passScore,
    })
    .from(testPapers)
    .where(and(eq(testPapers.id, paperId), eq(testPapers.state, 'approved')));
  return paper ?? null;
}
