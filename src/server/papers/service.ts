// Test papers (/manage/exam/testpaper, /:id, /check/:id): building, checking and approving papers on a
// question bank, and the draw the exam server uses for each candidate (`drawPaper`, `approvedPaper`).
// Saving checks what the bank can supply (a random paper short of questions is refused with the shortage
// named); saving an approved paper returns it to draft; a paper an online exam uses can be neither deleted
// nor withdrawn. Each write locks the paper's row, so an edit and an approval never cross.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import {
  administrators,
  occupations,
  onlineExams,
  questionBanks,
  questionCategories,
  questions,
  testPaperQuestions,
  testPapers,
} from '../db/schema/index.ts';
import { QUESTION_TYPES, type QuestionType } from '../../shared/exams/question-count.ts';
import type {
  PaperCheck,
  PaperDetail,
  PaperInput,
  PaperMode,
  PaperQuestion,
  PaperShortage,
  PaperState,
  PaperView,
  paperListQuery,
  paperQuestionQuery,
} from '../../shared/papers/schema.ts';
import { conflict, fieldError, notFound, validationFailed } from '../errors.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import {
  type BankContent,
  type PaperRow,
  type QuestionRow,
  drawPaperRow,
  drawSteps,
  fixedPaperQuestions,
  loadBank,
  questionScore,
  randomShortages,
  round1,
  shortageError,
  subQuestionsOf,
} from './draw.ts';

export { approvedPaper, drawPaper } from './draw.ts';

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type TypeNumbers = Record<QuestionType, number>;
const zeroCounts = (): TypeNumbers => ({ single_choice: 0, choice: 0, determine: 0, essay: 0, material: 0 });

// ---------------------------------------------------------------- views

const paperColumns = {
  paper: testPapers,
  bankName: questionBanks.name,
  occupationName: occupations.name,
  level: questionBanks.level,
  approvedByName: administrators.realName,
  examCount: sql<number>`(select count(*)::int from online_exams e where e.paper_id = ${testPapers.id})`,
  pickCount: sql<number>`(select count(*)::int from test_paper_questions p where p.paper_id = ${testPapers.id})`,
};

function paperSelect(db: DbOrTx) {
  return db
    .select(paperColumns)
    .from(testPapers)
    .innerJoin(questionBanks, eq(questionBanks.id, testPapers.bankId))
    .innerJoin(occupations, eq(occupations.id, questionBanks.occupationId))
    .leftJoin(administrators, eq(administrators.id, testPapers.approvedBy));
}

type PaperSelectRow = Awaited<ReturnType<ReturnType<typeof paperSelect>['execute']>>[number];

const typeNumbers = (record: Record<string, number>): TypeNumbers => {
  const out = zeroCounts();
  for (const type of QUESTION_TYPES) out[type] = Number(record[type] ?? 0);
  return out;
};

function paperView(row: PaperSelectRow, categoryNames: Map<number, string>): PaperView {
  const p = row.paper;
  const counts = typeNumbers(p.counts);
  const typeScores = Object.fromEntries(
    QUESTION_TYPES.map((t) => [t, p.typeScores[t] != null && p.typeScores[t] > 0 ? p.typeScores[t] : null]),
  ) as Record<QuestionType, number | null>;
  return {
    id: p.id,
    name: p.name,
    bank_id: p.bankId,
    bank_name: row.bankName,
    occupation_name: row.occupationName,
    level: row.level,
    mode: p.mode as PaperMode,
    counts,
    type_scores: typeScores,
    rules: p.rules.map((r) => ({
      type: r.type as QuestionType,
      category_id: r.categoryId,
      category_name: r.categoryId != null ? (categoryNames.get(r.categoryId) ?? null) : null,
      difficulty: r.difficulty,
      count: r.count,
    })),
    question_count:
      p.mode === 'fixed' ? Number(row.pickCount) : QUESTION_TYPES.reduce((sum, t) => sum + counts[t], 0),
    duration_minutes: p.durationMinutes,
    total_score: p.totalScore,
    pass_score: p.passScore,
    partial_credit: p.partialCredit,
    shuffle_options: p.shuffleOptions,
    state: p.state as PaperState,
    approved_by_name: p.approvedBy != null ? row.approvedByName : null,
    approved_at: p.approvedAt?.toISOString() ?? null,
    exam_count: Number(row.examCount),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

async function categoryNamesFor(db: DbOrTx, papers: readonly PaperRow[]) {
  const ids = [
    ...new Set(papers.flatMap((p) => p.rules.map((r) => r.categoryId)).filter((id) => id != null)),
  ];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: questionCategories.id, name: questionCategories.name })
    .from(questionCategories)
    .where(inArray(questionCategories.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const stemText = (stem: string) =>
  stem
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

function questionView(
  q: QuestionRow,
  categoryName: string | null,
  subs: readonly QuestionRow[],
  typeScores: Record<string, number>,
): PaperQuestion {
  return {
    id: q.id,
    type: q.type as QuestionType,
    stem_text: stemText(q.stem),
    score: questionScore(q, subs, typeScores),
    difficulty: q.difficulty,
    category_id: q.categoryId,
    category_name: categoryName,
    enabled: q.enabled,
    sub_question_count: subs.length,
  };
}

// ---------------------------------------------------------------- reads

export async function listPapers(db: DbOrTx, query: z.output<typeof paperListQuery>) {
  const where = and(
    query.bank_id ? eq(testPapers.bankId, query.bank_id) : undefined,
    query.mode ? eq(testPapers.mode, query.mode) : undefined,
    query.state ? eq(testPapers.state, query.state) : undefined,
    query.keyword ? ilike(testPapers.name, like(query.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    paperSelect(db)
      .where(where)
      .orderBy(desc(testPapers.updatedAt), desc(testPapers.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(testPapers).where(where),
  ]);
  const names = await categoryNamesFor(
    db,
    rows.map((r) => r.paper),
  );
  return listAnswer(
    rows.map((r) => paperView(r, names)),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

async function paperRow(db: DbOrTx, id: number) {
  const [row] = await paperSelect(db).where(eq(testPapers.id, id));
  if (!row) throw notFound('试卷不存在');
  return row;
}

async function categoryMap(db: DbOrTx, bankId: number) {
  const rows = await db
    .select({ id: questionCategories.id, name: questionCategories.name })
    .from(questionCategories)
    .where(eq(questionCategories.bankId, bankId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function getPaper(db: DbOrTx, id: number): Promise<PaperDetail> {
  const row = await paperRow(db, id);
  const names = await categoryMap(db, row.paper.bankId);
  const picked = row.paper.mode === 'fixed' ? await fixedPaperQuestions(db, id) : [];
  const subs = await subQuestionsOf(
    db,
    picked.filter((q) => q.type === 'material').map((q) => q.id),
  );
  return {
    ...paperView(row, names),
    questions: picked.map((q) =>
      questionView(
        q,
        q.categoryId != null ? (names.get(q.categoryId) ?? null) : null,
        subs.get(q.id) ?? [],
        row.paper.typeScores,
      ),
    ),
  };
}

/** Banks a paper can be built on. */
export async function bankOptions(db: DbOrTx) {
  const rows = await db
    .select({
      id: questionBanks.id,
      name: questionBanks.name,
      occupation_name: occupations.name,
      level: questionBanks.level,
      enabled: questionBanks.enabled,
    })
    .from(questionBanks)
    .innerJoin(occupations, eq(occupations.id, questionBanks.occupationId))
    .orderBy(asc(questionBanks.name), asc(questionBanks.id));
  return { data: rows };
}

async function bankExists(db: DbOrTx, bankId: number) {
  const [bank] = await db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(eq(questionBanks.id, bankId));
  return Boolean(bank);
}

/** What a bank offers a paper: enabled top-level questions per type, per category subtree and per difficulty. */
export async function bankStats(db: DbOrTx, bankId: number) {
  if (!(await bankExists(db, bankId))) throw fieldError('bank_id', '题库不存在');
  const bank = await loadBank(db, bankId);
  const countTypes = (items: readonly QuestionRow[]) => {
    const out = zeroCounts();
    for (const q of items) if (q.type in out) out[q.type as QuestionType] += 1;
    return out;
  };
  const byDifficulty = Object.fromEntries(
    QUESTION_TYPES.map((t) => [
      t,
      [1, 2, 3, 4, 5].map((d) => bank.top.filter((q) => q.type === t && q.difficulty === d).length),
    ]),
  ) as Record<QuestionType, number[]>;
  return {
    bank_id: bankId,
    available: countTypes(bank.top),
    categories: bank.categories.map((c) => {
      const within = bank.subtree.get(c.id) ?? new Set<number>();
      return {
        id: c.id,
        parent_id: c.parentId,
        name: c.name,
        available: countTypes(bank.top.filter((q) => q.categoryId != null && within.has(q.categoryId))),
      };
    }),
    by_difficulty: byDifficulty,
  };
}

/** The fixed-paper picker: a bank's top-level questions with filters. */
export async function pickerQuestions(db: DbOrTx, query: z.output<typeof paperQuestionQuery>) {
  const bank = await loadBank(db, query.bank_id);
  const within =
    query.category_id != null ? (bank.subtree.get(query.category_id) ?? new Set<number>()) : null;
  const words = query.keyword?.toLowerCase();
  const names = new Map(bank.categories.map((c) => [c.id, c.name]));
  const matching = bank.top.filter(
    (q) =>
      (!query.type || q.type === query.type) &&
      (query.difficulty == null || q.difficulty === query.difficulty) &&
      (within === null || (q.categoryId != null && within.has(q.categoryId))) &&
      (!words || stemText(q.stem).toLowerCase().includes(words) || String(q.id) === words),
  );
  const page = matching.slice(
    offsetOf(query.page, query.limit),
    offsetOf(query.page, query.limit) + query.limit,
  );
  return listAnswer(
    page.map((q) =>
      questionView(
        q,
        q.categoryId != null ? (names.get(q.categoryId) ?? null) : null,
        bank.subs.get(q.id) ?? [],
        {},
      ),
    ),
    matching.length,
    query.page,
    query.limit,
  );
}

// ---------------------------------------------------------------- totals and shortages

interface PaperFacts {
  counts: TypeNumbers;
  totalMin: number;
  totalMax: number;
  scoresByType: TypeNumbers;
  shortages: PaperShortage[];
}

const sumOf = (values: readonly number[]) => round1(values.reduce((s, v) => s + v, 0));

/** Counts, total score (lowest and highest a draw can give) and shortages of a paper against its bank. */
function randomFacts(
  paper: Pick<PaperRow, 'counts' | 'rules' | 'typeScores'>,
  bank: BankContent,
): PaperFacts {
  const scoresByType = zeroCounts();
  let totalMin = 0;
  let totalMax = 0;
  for (const step of drawSteps(paper, bank)) {
    const scores = step.pool
      .map((q) => questionScore(q, bank.subs.get(q.id) ?? [], paper.typeScores))
      .sort((a, b) => a - b);
    const n = Math.min(step.count, scores.length);
    const low = sumOf(scores.slice(0, n));
    const high = sumOf(scores.slice(scores.length - n));
    // A type without rules has one pool: its lowest total is the nominal one.
    scoresByType[step.type] = round1(scoresByType[step.type] + low);
    totalMin += low;
    totalMax += high;
  }
  return {
    counts: typeNumbers(paper.counts),
    totalMin: round1(totalMin),
    totalMax: round1(totalMax),
    scoresByType,
    shortages: randomShortages(paper, bank),
  };
}

async function fixedFacts(
  db: DbOrTx,
  picks: readonly QuestionRow[],
  typeScores: Record<string, number>,
): Promise<PaperFacts> {
  const subs = await subQuestionsOf(
    db,
    picks.filter((q) => q.type === 'material').map((q) => q.id),
  );
  const counts = zeroCounts();
  const scoresByType = zeroCounts();
  const shortages: PaperShortage[] = [];
  picks.forEach((q, index) => {
    const type = q.type as QuestionType;
    counts[type] += 1;
    scoresByType[type] = round1(scoresByType[type] + questionScore(q, subs.get(q.id) ?? [], typeScores));
    if (!q.enabled)
      shortages.push({ path: `question_ids.${index}`, message: `第 ${index + 1} 题（#${q.id}）已停用` });
    if (type === 'material' && (subs.get(q.id) ?? []).length === 0)
      shortages.push({
        path: `question_ids.${index}`,
        message: `第 ${index + 1} 题（#${q.id}）材料题没有小题`,
      });
  });
  const total = sumOf(Object.values(scoresByType));
  return { counts, totalMin: total, totalMax: total, scoresByType, shortages };
}

async function factsOf(db: DbOrTx, paper: PaperRow) {
  if (paper.mode === 'fixed')
    return fixedFacts(db, await fixedPaperQuestions(db, paper.id), paper.typeScores);
  return randomFacts(paper, await loadBank(db, paper.bankId));
}

// ---------------------------------------------------------------- writes

const storedTypeScores = (input: PaperInput) =>
  Object.fromEntries(
    QUESTION_TYPES.flatMap((t) => (input.type_scores[t] != null ? [[t, input.type_scores[t]]] : [])),
  );

/** Checks the input against the bank; returns the values to store and the fixed picks. */
async function checkedValues(tx: DbOrTx, input: PaperInput) {
  if (!(await bankExists(tx, input.bank_id))) throw fieldError('bank_id', '题库不存在');
  const typeScores = storedTypeScores(input);
  let facts: PaperFacts;
  let picks: number[] = [];
  if (input.mode === 'random') {
    const bank = await loadBank(tx, input.bank_id);
    const errors: Record<string, string[]> = {};
    input.rules.forEach((rule, index) => {
      if (rule.category_id != null && !bank.subtree.has(rule.category_id))
        errors[`rules.${index}.category_id`] = ['分类不属于该题库'];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const paper = {
      counts: { ...input.counts },
      typeScores,
      rules: input.rules.map((r) => ({
        type: r.type,
        categoryId: r.category_id,
        difficulty: r.difficulty,
        count: r.count,
      })),
    };
    facts = randomFacts(paper, bank);
    if (facts.shortages.length > 0) throw shortageError(facts.shortages);
  } else {
    const rows = await tx.select().from(questions).where(inArray(questions.id, input.question_ids));
    const byId = new Map(rows.map((q) => [q.id, q]));
    const errors: Record<string, string[]> = {};
    input.question_ids.forEach((id, index) => {
      const q = byId.get(id);
      if (!q || q.bankId !== input.bank_id) errors[`question_ids.${index}`] = [`试题 #${id} 不在该题库中`];
      else if (q.parentId != null)
        errors[`question_ids.${index}`] = [`试题 #${id} 是材料题的小题，请选择材料题`];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    facts = await fixedFacts(
      tx,
      input.question_ids.map((id) => byId.get(id)!),
      typeScores,
    );
    if (facts.shortages.length > 0) throw shortageError(facts.shortages);
    picks = input.question_ids;
  }
  if (facts.totalMin <= 0)
    throw fieldError(input.mode === 'random' ? 'counts' : 'question_ids', '试卷总分须大于 0');
  if (input.pass_score > facts.totalMin)
    throw fieldError('pass_score', `及格分不能高于试卷总分 ${facts.totalMin}`);
  return {
    values: {
      name: input.name,
      bankId: input.bank_id,
      mode: input.mode,
      counts: input.mode === 'random' ? { ...input.counts } : facts.counts,
      typeScores,
      rules:
        input.mode === 'random'
          ? input.rules.map((r) => ({
              type: r.type,
              categoryId: r.category_id,
              difficulty: r.difficulty,
              count: r.count,
            }))
          : [],
      durationMinutes: input.duration_minutes,
      totalScore: facts.totalMin,
      passScore: input.pass_score,
      partialCredit: input.partial_credit,
      shuffleOptions: input.shuffle_options,
    },
    picks,
  };
}

async function replacePicks(tx: DbOrTx, paperId: number, picks: readonly number[]) {
  await tx.delete(testPaperQuestions).where(eq(testPaperQuestions.paperId, paperId));
  if (picks.length > 0)
    await tx
      .insert(testPaperQuestions)
      .values(picks.map((questionId, sort) => ({ paperId, questionId, sort })));
}

export async function createPaper(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  input: PaperInput,
) {
  const { values, picks } = await checkedValues(tx, input);
  const [row] = await tx
    .insert(testPapers)
    .values({ ...values, state: 'draft', createdBy: actor.id })
    .returning();
  await replacePicks(tx, row!.id, picks);
  await writeSystemLog(tx, actor, request, {
    action: 'test_paper.create',
    targetType: 'test_paper',
    targetId: row!.id,
    detail: { name: row!.name, mode: row!.mode, bank_id: row!.bankId, total_score: row!.totalScore },
  });
  return getPaper(tx, row!.id);
}

async function lockPaper(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(testPapers).where(eq(testPapers.id, id)).for('update');
  if (!row) throw notFound('试卷不存在');
  return row;
}

async function examsUsing(tx: DbOrTx, paperId: number) {
  const [row] = await tx.select({ n: count() }).from(onlineExams).where(eq(onlineExams.paperId, paperId));
  return row?.n ?? 0;
}

export async function updatePaper(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: PaperInput,
) {
  const current = await lockPaper(tx, id);
  if (current.state === 'approved' && (await examsUsing(tx, id)) > 0)
    throw conflict('试卷已被在线考试使用，不能修改；可复制后修改');
  const before = current.mode === 'fixed' ? (await fixedPaperQuestions(tx, id)).map((q) => q.id) : [];
  const { values, picks } = await checkedValues(tx, input);
  const [row] = await tx
    .update(testPapers)
    .set({ ...values, state: 'draft', approvedBy: null, approvedAt: null, updatedAt: new Date() })
    .where(eq(testPapers.id, id))
    .returning();
  await replacePicks(tx, id, picks);
  await writeSystemLog(tx, actor, request, {
    action: 'test_paper.update',
    targetType: 'test_paper',
    targetId: id,
    detail: {
      name: current.name,
      ...changedFields(
        { ...current, questionIds: before },
        { ...row!, approvedAt: row!.approvedAt ?? null, questionIds: picks },
      ),
    },
  });
  return getPaper(tx, id);
}

export async function deletePaper(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const current = await lockPaper(tx, id);
  if ((await examsUsing(tx, id)) > 0) throw conflict('试卷已被在线考试使用，不能删除');
  await tx.delete(testPapers).where(eq(testPapers.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'test_paper.delete',
    targetType: 'test_paper',
    targetId: id,
    detail: { name: current.name, mode: current.mode, state: current.state },
  });
}

export async function copyPaper(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  name: string | undefined,
) {
  const current = await lockPaper(tx, id);
  const picks = current.mode === 'fixed' ? (await fixedPaperQuestions(tx, id)).map((q) => q.id) : [];
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    approvedAt: _approvedAt,
    approvedBy: _approvedBy,
    ...copied
  } = current;
  const [row] = await tx
    .insert(testPapers)
    .values({
      ...copied,
      name: name ?? `${current.name.slice(0, 95)} 副本`,
      state: 'draft',
      createdBy: actor.id,
    })
    .returning();
  await replacePicks(tx, row!.id, picks);
  await writeSystemLog(tx, actor, request, {
    action: 'test_paper.copy',
    targetType: 'test_paper',
    targetId: row!.id,
    detail: { from: id, name: row!.name },
  });
  return getPaper(tx, row!.id);
}

function approvalProblems(paper: PaperRow, facts: PaperFacts) {
  const problems = facts.shortages.map((s) => s.message);
  if (facts.totalMin <= 0) problems.push('试卷总分为 0');
  if (paper.passScore > facts.totalMin)
    problems.push(`及格分 ${paper.passScore} 高于试卷总分 ${facts.totalMin}`);
  return problems;
}

/** The check page: facts, problems and a sample draw (a new seed when none is given). */
export async function checkPaper(db: DbOrTx, id: number, seed: string | undefined): Promise<PaperCheck> {
  const row = await paperRow(db, id);
  const facts = await factsOf(db, row.paper);
  const names = await categoryMap(db, row.paper.bankId);
  const sampleSeed = seed || `check:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 8)}`;
  const draw = facts.shortages.length === 0 ? await drawPaperRow(db, row.paper, sampleSeed) : null;
  return {
    paper: paperView(row, names),
    total_score_min: facts.totalMin,
    total_score_max: facts.totalMax,
    counts: facts.counts,
    scores_by_type: facts.scoresByType,
    shortages: facts.shortages,
    approval_problems: approvalProblems(row.paper, facts),
    seed: sampleSeed,
    sample: draw?.paper ?? null,
    sample_key: Object.fromEntries(
      Object.entries(draw?.key ?? {}).map(([questionId, k]) => [
        questionId,
        { answer: k.answer, reference_answer: k.reference_answer, score: k.score },
      ]),
    ),
  };
}

export async function approvePaper(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
) {
  const current = await lockPaper(tx, id);
  if (current.state === 'approved') throw conflict('试卷已审核通过');
  const facts = await factsOf(tx, current);
  const problems = approvalProblems(current, facts);
  if (problems.length > 0) throw validationFailed({ id: problems }, `不能审核通过：${problems[0]}`);
  const approvedAt = new Date();
  await tx
    .update(testPapers)
    .set({
      state: 'approved',
      approvedBy: actor.id,
      approvedAt,
      totalScore: facts.totalMin,
      updatedAt: approvedAt,
    })
    .where(eq(testPapers.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'test_paper.approve',
    targetType: 'test_paper',
    targetId: id,
    detail: { name: current.name, before: { state: current.state }, after: { state: 'approved' } },
  });
  return getPaper(tx, id);
}

export async function withdrawApproval(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
) {
  const current = await lockPaper(tx, id);
  if (current.state !== 'approved') throw conflict('试卷尚未审核通过');
  if ((await examsUsing(tx, id)) > 0) throw conflict('试卷已被在线考试使用，不能撤回审核');
  await tx
    .update(testPapers)
    .set({ state: 'draft', approvedBy: null, approvedAt: null, updatedAt: new Date() })
    .where(eq(testPapers.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'test_paper.withdraw',
    targetType: 'test_paper',
    targetId: id,
    detail: { name: current.name, before: { state: 'approved' }, after: { state: 'draft' } },
  });
  return getPaper(tx, id);
}
