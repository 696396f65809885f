// The question bank (/manage/exam/question-bank, …/:id/question/category, /manage/exam/question and the
// landing /manage/examinationAffairsManage/question/index). Banks per occupation + level; each bank's
// category tree (changes of one bank's tree lock the bank row, so two moves cannot build a cycle together);
// questions of the five types, a material question saved with its sub-questions in one transaction. A
// question a paper uses or a candidate answered cannot be deleted (disable it instead).
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  stemPlainText,
  type BankView,
  type CategoryView,
  type QuestionInput,
  type QuestionListQuery,
  type QuestionOverview,
  type QuestionType,
  type QuestionView,
  type SubQuestionInput,
  type SubQuestionType,
  type bankInputSchema,
  type bankListQuery,
  type categoryInputSchema,
  type questionBatchSchema,
} from '../../shared/questions/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  administrators,
  attemptAnswers,
  occupations,
  questionBanks,
  questionCategories,
  questions,
  systemLogs,
  testPaperQuestions,
  testPapers,
} from '../db/schema/index.ts';
import { fieldError, notFound, validationFailed } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { sanitizeRichText } from '../lib/rich-text.ts';

type BankInput = z.output<typeof bankInputSchema>;
type BankRow = typeof questionBanks.$inferSelect;
type CategoryRow = typeof questionCategories.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const short = (html: string, max = 60) => {
  const text = stemPlainText(html);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

// ---------------------------------------------------------------- banks

const bankSelect = {
  bank: questionBanks,
  occupationName: occupations.name,
  questionCount: sql<number>`(select count(*)::int from questions q where q.bank_id = ${questionBanks.id} and q.parent_id is null)`,
  categoryCount: sql<number>`(select count(*)::int from question_categories c where c.bank_id = ${questionBanks.id})`,
  paperCount: sql<number>`(select count(*)::int from test_papers p where p.bank_id = ${questionBanks.id})`,
};

interface BankSelectRow {
  bank: BankRow;
  occupationName: string;
  questionCount: number;
  categoryCount: number;
  paperCount: number;
}

const bankView = (r: BankSelectRow): BankView => ({
  id: r.bank.id,
  name: r.bank.name,
  occupation_id: r.bank.occupationId,
  occupation_name: r.occupationName,
  level: r.bank.level,
  description: r.bank.description,
  enabled: r.bank.enabled,
  question_count: Number(r.questionCount),
  category_count: Number(r.categoryCount),
  paper_count: Number(r.paperCount),
  created_at: r.bank.createdAt.toISOString(),
  updated_at: r.bank.updatedAt.toISOString(),
});

const bankQuery = (db: DbOrTx) =>
  db
    .select(bankSelect)
    .from(questionBanks)
    .innerJoin(occupations, eq(occupations.id, questionBanks.occupationId));

export async function listBanks(db: DbOrTx, query: z.output<typeof bankListQuery>) {
  const where = and(
    query.keyword ? ilike(questionBanks.name, like(query.keyword)) : undefined,
    query.occupation_id ? eq(questionBanks.occupationId, query.occupation_id) : undefined,
    query.level ? eq(questionBanks.level, query.level) : undefined,
    query.enabled === undefined ? undefined : eq(questionBanks.enabled, query.enabled),
  );
  const [rows, [total]] = await Promise.all([
    bankQuery(db)
      .where(where)
      .orderBy(desc(questionBanks.updatedAt), desc(questionBanks.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(questionBanks).where(where),
  ]);
  return listAnswer(rows.map(bankView), total?.n ?? 0, query.page, query.limit);
}

export async function getBank(db: DbOrTx, id: number): Promise<BankView> {
  const [row] = await bankQuery(db).where(eq(questionBanks.id, id));
  if (!row) throw notFound('题库不存在');
  return bankView(row);
}

async function checkOccupationLevel(tx: DbOrTx, input: BankInput) {
  const [occupation] = await tx.select().from(occupations).where(eq(occupations.id, input.occupation_id));
  if (!occupation) throw fieldError('occupation_id', '职业（工种）不存在');
  if (!occupation.levels.includes(input.level))
    throw fieldError('level', `${occupation.name}没有该等级（可选 ${occupation.levels.join('、')} 级）`);
}

const bankValues = (input: BankInput) => ({
  name: input.name,
  occupationId: input.occupation_id,
  level: input.level,
  description: input.description,
  enabled: input.enabled,
});

const duplicateBank = (error: unknown) =>
  isUniqueViolation(error) ? fieldError('name', '已有同名题库') : error;

export async function createBank(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: BankInput,
) {
  await checkOccupationLevel(tx, input);
  const [same] = await tx
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(eq(questionBanks.name, input.name));
  if (same) throw fieldError('name', '已有同名题库');
  try {
    const [row] = await tx
      .insert(questionBanks)
      .values({ ...bankValues(input), createdBy: actor.id })
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'question_bank.create',
      targetType: 'question_bank',
      targetId: row!.id,
      detail: { ...input },
    });
    return getBank(tx, row!.id);
  } catch (error) {
    throw duplicateBank(error);
  }
}

export async function updateBank(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: BankInput,
) {
  const [current] = await tx.select().from(questionBanks).where(eq(questionBanks.id, id)).for('update');
  if (!current) throw notFound('题库不存在');
  await checkOccupationLevel(tx, input);
  const [same] = await tx
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(eq(questionBanks.name, input.name), sql`${questionBanks.id} <> ${id}`));
  if (same) throw fieldError('name', '已有同名题库');
  if (current.occupationId !== input.occupation_id || current.level !== input.level) {
    const [papers] = await tx.select({ n: count() }).from(testPapers).where(eq(testPapers.bankId, id));
    if ((papers?.n ?? 0) > 0) throw fieldError('occupation_id', '题库已有试卷，不能再改职业（工种）或等级');
  }
  try {
    const [row] = await tx
      .update(questionBanks)
      .set({ ...bankValues(input), updatedAt: new Date() })
      .where(eq(questionBanks.id, id))
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'question_bank.update',
      targetType: 'question_bank',
      targetId: id,
      detail: { name: current.name, ...changedFields(current, row!) },
    });
    return getBank(tx, id);
  } catch (error) {
    throw duplicateBank(error);
  }
}

export async function setBankEnabled(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  enabled: boolean,
) {
  const [current] = await tx.select().from(questionBanks).where(eq(questionBanks.id, id)).for('update');
  if (!current) throw notFound('题库不存在');
  await tx.update(questionBanks).set({ enabled, updatedAt: new Date() }).where(eq(questionBanks.id, id));
  await writeSystemLog(tx, actor, request, {
    action: enabled ? 'question_bank.enable' : 'question_bank.disable',
    targetType: 'question_bank',
    targetId: id,
    detail: { name: current.name, enabled: `${current.enabled} → ${enabled}` },
  });
  return getBank(tx, id);
}

export async function deleteBank(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const [current] = await tx.select().from(questionBanks).where(eq(questionBanks.id, id)).for('update');
  if (!current) throw notFound('题库不存在');
  const [[q], [p]] = await Promise.all([
    tx.select({ n: count() }).from(questions).where(eq(questions.bankId, id)),
    tx.select({ n: count() }).from(testPapers).where(eq(testPapers.bankId, id)),
  ]);
  const reasons = [(q?.n ?? 0) > 0 ? `${q!.n} 道试题` : '', (p?.n ?? 0) > 0 ? `${p!.n} 份试卷` : ''].filter(
    Boolean,
  );
  if (reasons.length)
    throw validationFailed({ id: [`题库中还有${reasons.join('、')}，不能删除；可改为停用`] });
  await tx.delete(questionBanks).where(eq(questionBanks.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'question_bank.delete',
    targetType: 'question_bank',
    targetId: id,
    detail: { name: current.name },
  });
}

/** The bank row, locked: every change of one bank's categories or questions goes one at a time. */
async function lockBank(tx: DbOrTx, bankId: number, field = 'bank_id') {
  const [bank] = await tx.select().from(questionBanks).where(eq(questionBanks.id, bankId)).for('update');
  if (!bank) throw field === 'id' ? notFound('题库不存在') : fieldError(field, '题库不存在');
  return bank;
}

// ---------------------------------------------------------------- categories

/** `安全/电气` for every category of the rows given (one bank's whole tree). */
export function categoryPaths(rows: readonly Pick<CategoryRow, 'id' | 'parentId' | 'name'>[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, seen = new Set<number>()): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return '';
    if (seen.has(id)) return row.name;
    seen.add(id);
    const path = row.parentId ? `${pathOf(row.parentId, seen)}/${row.name}` : row.name;
    paths.set(id, path);
    return path;
  };
  for (const row of rows) pathOf(row.id);
  return paths;
}

export async function categoryTree(db: DbOrTx, bankId: number) {
  const bank = await getBank(db, bankId);
  const rows = await db
    .select({
      category: questionCategories,
      questionCount: sql<number>`(select count(*)::int from questions q where q.category_id = ${questionCategories.id} and q.parent_id is null)`,
    })
    .from(questionCategories)
    .where(eq(questionCategories.bankId, bankId))
    .orderBy(asc(questionCategories.sort), asc(questionCategories.id));
  const paths = categoryPaths(rows.map((r) => r.category));
  const children = new Map<number, number>();
  for (const { category } of rows)
    if (category.parentId) children.set(category.parentId, (children.get(category.parentId) ?? 0) + 1);
  const data: CategoryView[] = rows.map(({ category, questionCount }) => ({
    id: category.id,
    bank_id: category.bankId,
    parent_id: category.parentId,
    name: category.name,
    path: paths.get(category.id) ?? category.name,
    sort: category.sort,
    question_count: Number(questionCount),
    child_count: children.get(category.id) ?? 0,
  }));
  return { bank, data };
}

async function categoryOf(tx: DbOrTx, id: number, field = 'id') {
  const [row] = await tx.select().from(questionCategories).where(eq(questionCategories.id, id));
  if (!row) throw field === 'id' ? notFound('分类不存在') : fieldError(field, '分类不存在');
  return row;
}

async function checkSiblingName(
  tx: DbOrTx,
  bankId: number,
  parentId: number | null,
  name: string,
  except = 0,
) {
  const [same] = await tx
    .select({ id: questionCategories.id })
    .from(questionCategories)
    .where(
      and(
        eq(questionCategories.bankId, bankId),
        parentId ? eq(questionCategories.parentId, parentId) : isNull(questionCategories.parentId),
        eq(questionCategories.name, name),
        sql`${questionCategories.id} <> ${except}`,
      ),
    );
  if (same) throw fieldError('name', '同一级下已有同名分类');
}

export async function createCategory(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  bankId: number,
  input: z.output<typeof categoryInputSchema>,
) {
  await lockBank(tx, bankId, 'id');
  if (input.parent_id) {
    const parent = await categoryOf(tx, input.parent_id, 'parent_id');
    if (parent.bankId !== bankId) throw fieldError('parent_id', '上级分类不属于该题库');
  }
  await checkSiblingName(tx, bankId, input.parent_id, input.name);
  const [{ next } = { next: 0 }] = await tx
    .select({ next: sql<number>`coalesce(max(${questionCategories.sort}), 0)::int + 1` })
    .from(questionCategories)
    .where(eq(questionCategories.bankId, bankId));
  const [row] = await tx
    .insert(questionCategories)
    .values({ bankId, parentId: input.parent_id, name: input.name, sort: Number(next) })
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'question_category.create',
    targetType: 'question_category',
    targetId: row!.id,
    detail: { bank_id: bankId, name: input.name, parent_id: input.parent_id },
  });
  return row!;
}

export async function renameCategory(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  name: string,
) {
  const found = await categoryOf(tx, id);
  await lockBank(tx, found.bankId, 'id');
  const current = await categoryOf(tx, id);
  await checkSiblingName(tx, current.bankId, current.parentId, name, id);
  await tx
    .update(questionCategories)
    .set({ name, updatedAt: new Date() })
    .where(eq(questionCategories.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'question_category.rename',
    targetType: 'question_category',
    targetId: id,
    detail: { name: `${current.name} → ${name}` },
  });
  return current.bankId;
}

export async function moveCategory(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  parentId: number | null,
) {
  const found = await categoryOf(tx, id);
  await lockBank(tx, found.bankId, 'id');
  const tree = await tx.select().from(questionCategories).where(eq(questionCategories.bankId, found.bankId));
  const current = tree.find((c) => c.id === id);
  if (!current) throw notFound('分类不存在');
  if (parentId !== null) {
    const parent = tree.find((c) => c.id === parentId);
    if (!parent) throw fieldError('parent_id', '上级分类不存在或不属于该题库');
    // Walk up from the new parent: meeting the category itself means it would sit under its own subtree.
    for (let at: CategoryRow | undefined = parent; at; at = tree.find((c) => c.id === at!.parentId)) {
      if (at.id === id) throw fieldError('parent_id', '不能移动到自身或其下级分类之下');
      if (!at.parentId) break;
    }
  }
  await checkSiblingName(tx, current.bankId, parentId, current.name, id);
  await tx
    .update(questionCategories)
    .set({ parentId, updatedAt: new Date() })
    .where(eq(questionCategories.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'question_category.move',
    targetType: 'question_category',
    targetId: id,
    detail: { name: current.name, parent_id: `${current.parentId ?? '—'} → ${parentId ?? '—'}` },
  });
  return current.bankId;
}

export async function deleteCategory(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const found = await categoryOf(tx, id);
  await lockBank(tx, found.bankId, 'id');
  const [[children], [used]] = await Promise.all([
    tx.select({ n: count() }).from(questionCategories).where(eq(questionCategories.parentId, id)),
    tx.select({ n: count() }).from(questions).where(eq(questions.categoryId, id)),
  ]);
  if ((children?.n ?? 0) > 0)
    throw validationFailed({ id: [`该分类下还有 ${children!.n} 个子分类，不能删除`] });
  if ((used?.n ?? 0) > 0) throw validationFailed({ id: [`该分类下还有 ${used!.n} 道试题，不能删除`] });
  await tx.delete(questionCategories).where(eq(questionCategories.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'question_category.delete',
    targetType: 'question_category',
    targetId: id,
    detail: { bank_id: found.bankId, name: found.name },
  });
}

/**
 * The category of each path (`安全/电气`), creating the missing ones in the bank (the bank row must be locked
 * by the caller). Answers path → id.
 */
export async function ensureCategoryPaths(tx: DbOrTx, bankId: number, paths: Iterable<string>) {
  const rows = await tx.select().from(questionCategories).where(eq(questionCategories.bankId, bankId));
  const known = new Map<string, number>();
  for (const [id, path] of categoryPaths(rows)) known.set(path, id);
  let sort = rows.reduce((max, r) => Math.max(max, r.sort), 0);
  const created: string[] = [];
  for (const path of paths) {
    const parts = path
      .split('/')
      .map((p) => p.trim())
      .filter(Boolean);
    let parentId: number | null = null;
    for (let i = 0; i < parts.length; i++) {
      const at = parts.slice(0, i + 1).join('/');
      let id: number | undefined = known.get(at);
      if (id === undefined) {
        const inserted: { id: number }[] = await tx
          .insert(questionCategories)
          .values({ bankId, parentId, name: parts[i]!, sort: ++sort })
          .returning({ id: questionCategories.id });
        id = inserted[0]!.id;
        known.set(at, id);
        created.push(at);
      }
      parentId = id;
    }
  }
  return { ids: known, created };
}

// ---------------------------------------------------------------- questions

const questionSelect = {
  question: questions,
  bankName: questionBanks.name,
  createdBy: administrators.realName,
};

const questionQuery = (db: DbOrTx) =>
  db
    .select(questionSelect)
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .leftJoin(administrators, eq(administrators.id, questions.createdBy));

type QuestionSelectRow = Awaited<ReturnType<typeof questionQuery>>[number];

/** The views of top-level questions with their sub-questions and category paths. */
async function questionViews(db: DbOrTx, rows: QuestionSelectRow[]): Promise<QuestionView[]> {
  if (!rows.length) return [];
  const materialIds = rows.filter((r) => r.question.type === 'material').map((r) => r.question.id);
  const bankIds = [...new Set(rows.map((r) => r.question.bankId))];
  const [subs, categories] = await Promise.all([
    materialIds.length
      ? db
          .select()
          .from(questions)
          .where(inArray(questions.parentId, materialIds))
          .orderBy(asc(questions.sort), asc(questions.id))
      : Promise.resolve([] as QuestionRow[]),
    db.select().from(questionCategories).where(inArray(questionCategories.bankId, bankIds)),
  ]);
  const paths = categoryPaths(categories);
  return rows.map(({ question: q, bankName, createdBy }) => {
    const mine = subs.filter((s) => s.parentId === q.id);
    return {
      id: q.id,
      bank_id: q.bankId,
      bank_name: bankName,
      category_id: q.categoryId,
      category_path: q.categoryId ? (paths.get(q.categoryId) ?? '') : '',
      type: q.type as QuestionType,
      stem: q.stem,
      options: q.options,
      answer: q.answer,
      reference_answer: q.referenceAnswer,
      analysis: q.analysis,
      score: q.type === 'material' ? mine.reduce((sum, s) => sum + Number(s.score), 0) : Number(q.score),
      difficulty: q.difficulty,
      enabled: q.enabled,
      sub_questions: mine.map((s) => ({
        id: s.id,
        type: s.type as SubQuestionType,
        stem: s.stem,
        options: s.options,
        answer: s.answer,
        reference_answer: s.referenceAnswer,
        analysis: s.analysis,
        score: Number(s.score),
        difficulty: s.difficulty,
      })),
      created_by: createdBy,
      created_at: q.createdAt.toISOString(),
      updated_at: q.updatedAt.toISOString(),
    };
  });
}

export function questionWhere(query: Omit<QuestionListQuery, 'page' | 'limit'>): SQL | undefined {
  return and(
    isNull(questions.parentId),
    query.bank_id ? eq(questions.bankId, query.bank_id) : undefined,
    query.category_id
      ? sql`${questions.categoryId} in (with recursive sub(id) as (
          select ${query.category_id}::int
          union all select c.id from question_categories c join sub on c.parent_id = sub.id)
        select id from sub)`
      : undefined,
    query.type ? eq(questions.type, query.type) : undefined,
    query.difficulty ? eq(questions.difficulty, query.difficulty) : undefined,
    query.enabled === undefined ? undefined : eq(questions.enabled, query.enabled),
    query.keyword ? ilike(questions.stem, like(query.keyword)) : undefined,
  );
}

export async function listQuestions(db: DbOrTx, query: QuestionListQuery) {
  const where = questionWhere(query);
  const [rows, [total]] = await Promise.all([
    questionQuery(db)
      .where(where)
      .orderBy(desc(questions.updatedAt), desc(questions.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  return listAnswer(await questionViews(db, rows), total?.n ?? 0, query.page, query.limit);
}

/** Every question of the filter, in pages of `size`, for the export. */
export async function* questionsForExport(
  db: DbOrTx,
  query: Omit<QuestionListQuery, 'page' | 'limit'>,
  size = 200,
) {
  const where = questionWhere(query);
  for (let page = 0; ; page++) {
    const rows = await questionQuery(db)
      .where(where)
      .orderBy(asc(questions.id))
      .limit(size)
      .offset(page * size);
    yield* await questionViews(db, rows);
    if (rows.length < size) return;
  }
}

export async function getQuestion(db: DbOrTx, id: number): Promise<QuestionView> {
  const rows = await questionQuery(db).where(and(eq(questions.id, id), isNull(questions.parentId)));
  if (!rows.length) throw notFound('试题不存在');
  return (await questionViews(db, rows))[0]!;
}

const cleanStem = (stem: string, field: string) => {
  const clean = sanitizeRichText(stem);
  if (!stemPlainText(clean) && !/<img\b/i.test(clean)) throw fieldError(field, '请填写题干');
  return clean;
};

const questionValues = (input: SubQuestionInput | QuestionInput, stemField: string) => ({
  type: input.type,
  stem: cleanStem(input.stem, stemField),
  options: input.options,
  answer: input.answer,
  referenceAnswer: input.reference_answer,
  analysis: input.analysis,
  score: input.type === 'material' ? 0 : input.score,
  difficulty: input.difficulty,
});

async function checkCategory(tx: DbOrTx, bankId: number, categoryId: number | null) {
  if (!categoryId) return;
  const category = await categoryOf(tx, categoryId, 'category_id');
  if (category.bankId !== bankId) throw fieldError('category_id', '分类不属于所选题库');
}

/** Writes a new question and its sub-questions (the bank must exist; the caller checked the category). */
async function insertQuestion(tx: DbOrTx, actorId: number | null, input: QuestionInput) {
  const [row] = await tx
    .insert(questions)
    .values({
      ...questionValues(input, 'stem'),
      bankId: input.bank_id,
      categoryId: input.category_id,
      enabled: input.enabled,
      createdBy: actorId,
    })
    .returning();
  if (input.sub_questions.length) {
    await tx.insert(questions).values(
      input.sub_questions.map((sub, index) => ({
        ...questionValues(sub, `sub_questions.${index}.stem`),
        bankId: input.bank_id,
        categoryId: input.category_id,
        parentId: row!.id,
        sort: index + 1,
        enabled: input.enabled,
        createdBy: actorId,
      })),
    );
  }
  return row!;
}

export async function createQuestion(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: QuestionInput,
) {
  await lockBank(tx, input.bank_id);
  await checkCategory(tx, input.bank_id, input.category_id);
  const row = await insertQuestion(tx, actor.id, input);
  await writeSystemLog(tx, actor, request, {
    action: 'question.create',
    targetType: 'question',
    targetId: row.id,
    detail: {
      bank_id: input.bank_id,
      type: input.type,
      stem: short(row.stem),
      sub_questions: input.sub_questions.length,
    },
  });
  return getQuestion(tx, row.id);
}

async function lockQuestion(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), isNull(questions.parentId)))
    .for('update');
  if (!row) throw notFound('试题不存在');
  return row;
}

/** Why a question (with its sub-questions) cannot be deleted, or null. */
async function deleteBlocker(tx: DbOrTx, id: number): Promise<string | null> {
  const ids = sql`(select ${id}::int union all select id from questions where parent_id = ${id})`;
  const [[papers], [answers]] = await Promise.all([
    tx
      .select({ n: sql<number>`count(distinct ${testPaperQuestions.paperId})::int` })
      .from(testPaperQuestions)
      .where(sql`${testPaperQuestions.questionId} in ${ids}`),
    tx
      .select({ n: count() })
      .from(attemptAnswers)
      .where(sql`${attemptAnswers.questionId} in ${ids}`),
  ]);
  if (Number(papers?.n ?? 0) > 0) return `该题已被 ${papers!.n} 份试卷选用，不能删除；可改为停用`;
  if (Number(answers?.n ?? 0) > 0) return '已有考生作答该题，不能删除；可改为停用';
  return null;
}

export async function updateQuestion(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: QuestionInput,
) {
  const current = await lockQuestion(tx, id);
  if (current.bankId !== input.bank_id) throw fieldError('bank_id', '试题不能移到其他题库，请在该题库中新建');
  await checkCategory(tx, input.bank_id, input.category_id);
  const before = await getQuestion(tx, id);
  if (current.type !== input.type && (await deleteBlocker(tx, id)))
    throw fieldError('type', '该题已被试卷选用或已有考生作答，不能更改题型');
  const [row] = await tx
    .update(questions)
    .set({
      ...questionValues(input, 'stem'),
      categoryId: input.category_id,
      enabled: input.enabled,
      updatedAt: new Date(),
    })
    .where(eq(questions.id, id))
    .returning();
  // Sub-questions are matched by position: kept ones are updated in place (their answers stay theirs),
  // extra ones added, missing ones removed unless a candidate answered them.
  const subs = await tx
    .select()
    .from(questions)
    .where(eq(questions.parentId, id))
    .orderBy(asc(questions.sort), asc(questions.id));
  const wanted = input.type === 'material' ? input.sub_questions : [];
  for (let i = 0; i < Math.max(subs.length, wanted.length); i++) {
    const sub = wanted[i];
    const old = subs[i];
    if (sub && old) {
      await tx
        .update(questions)
        .set({
          ...questionValues(sub, `sub_questions.${i}.stem`),
          categoryId: input.category_id,
          enabled: input.enabled,
          sort: i + 1,
          updatedAt: new Date(),
        })
        .where(eq(questions.id, old.id));
    } else if (sub) {
      await tx.insert(questions).values({
        ...questionValues(sub, `sub_questions.${i}.stem`),
        bankId: input.bank_id,
        categoryId: input.category_id,
        parentId: id,
        sort: i + 1,
        enabled: input.enabled,
        createdBy: actor.id,
      });
    } else if (old) {
      const [answered] = await tx
        .select({ n: count() })
        .from(attemptAnswers)
        .where(eq(attemptAnswers.questionId, old.id));
      if ((answered?.n ?? 0) > 0)
        throw fieldError(`sub_questions.${i}`, `第 ${i + 1} 道小题已有考生作答，不能删除`);
      await tx.delete(questions).where(eq(questions.id, old.id));
    }
  }
  const after = await getQuestion(tx, id);
  await writeSystemLog(tx, actor, request, {
    action: 'question.update',
    targetType: 'question',
    targetId: id,
    detail: {
      stem: short(row!.stem),
      ...changedFields(
        { ...before, stem: short(before.stem), sub_questions: before.sub_questions.length },
        { ...after, stem: short(after.stem), sub_questions: after.sub_questions.length },
      ),
    },
  });
  return after;
}

async function removeQuestion(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const current = await lockQuestion(tx, id);
  const blocker = await deleteBlocker(tx, id);
  if (blocker) return blocker;
  await tx.delete(questions).where(eq(questions.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'question.delete',
    targetType: 'question',
    targetId: id,
    detail: { bank_id: current.bankId, type: current.type, stem: short(current.stem) },
  });
  return null;
}

export async function deleteQuestion(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const blocker = await removeQuestion(tx, actor, request, id);
  if (blocker) throw validationFailed({ id: [blocker] });
}

async function setQuestionEnabled(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  enabled: boolean,
) {
  const current = await lockQuestion(tx, id);
  if (current.enabled === enabled) return;
  await tx
    .update(questions)
    .set({ enabled, updatedAt: new Date() })
    .where(sql`${questions.id} = ${id} or ${questions.parentId} = ${id}`);
  await writeSystemLog(tx, actor, request, {
    action: enabled ? 'question.enable' : 'question.disable',
    targetType: 'question',
    targetId: id,
    detail: { stem: short(current.stem), enabled: `${current.enabled} → ${enabled}` },
  });
}

export async function batchQuestions(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: z.output<typeof questionBatchSchema>,
) {
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  const found = await tx
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.id, ids), isNull(questions.parentId)));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw fieldError('ids', `试题不存在：${missing.join('、')}`);
  const refused: { id: number; message: string }[] = [];
  for (const id of ids) {
    if (input.action === 'delete') {
      const blocker = await removeQuestion(tx, actor, request, id);
      if (blocker) refused.push({ id, message: blocker });
    } else {
      await setQuestionEnabled(tx, actor, request, id, input.action === 'enable');
    }
  }
  if (refused.length === ids.length && input.action === 'delete')
    throw validationFailed({ ids: refused.map((r) => `#${r.id}：${r.message}`) }, refused[0]!.message);
  return { done: ids.length - refused.length, refused };
}

// ---------------------------------------------------------------- import

/** One question read from a file: the row (or question number) it starts on and its category path. */
export interface ImportedQuestion {
  row: number;
  categoryPath: string;
  input: QuestionInput;
}

/** Writes questions read from a file into the bank, creating the missing categories of their paths. */
export async function insertImportedQuestions(
  tx: DbOrTx,
  actorId: number | null,
  bankId: number,
  items: readonly ImportedQuestion[],
) {
  const { ids, created } = await ensureCategoryPaths(
    tx,
    bankId,
    new Set(items.map((i) => i.categoryPath).filter(Boolean)),
  );
  for (const item of items) {
    await insertQuestion(tx, actorId, {
      ...item.input,
      bank_id: bankId,
      category_id: item.categoryPath ? (ids.get(item.categoryPath) ?? null) : null,
    });
  }
  return { created };
}

/** Writes imported questions into the bank (locked), creating missing categories; answers how many. */
export async function writeImportedQuestions(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  bankId: number,
  items: readonly ImportedQuestion[],
  source: { fileName: string; format: 'xlsx' | 'docx' },
) {
  const { created } = await insertImportedQuestions(tx, actor.id, bankId, items);
  const byType = Object.fromEntries(
    QUESTION_TYPES.map((t) => [QUESTION_TYPE_LABELS[t], items.filter((i) => i.input.type === t).length]),
  );
  await writeSystemLog(tx, actor, request, {
    action: 'question.import',
    targetType: 'question_bank',
    targetId: bankId,
    detail: {
      file: source.fileName,
      format: source.format,
      imported: items.length,
      by_type: byType,
      created_categories: created,
    },
  });
  return items.length;
}

export { lockBank };

// ---------------------------------------------------------------- landing

export async function questionOverview(db: DbOrTx): Promise<QuestionOverview> {
  const [banks, counts, logs] = await Promise.all([
    bankQuery(db).orderBy(desc(questionBanks.enabled), asc(questionBanks.name)).limit(50),
    db
      .select({
        bankId: questions.bankId,
        type: questions.type,
        difficulty: questions.difficulty,
        n: count(),
      })
      .from(questions)
      .where(isNull(questions.parentId))
      .groupBy(questions.bankId, questions.type, questions.difficulty),
    db
      .select({
        id: systemLogs.id,
        action: systemLogs.action,
        targetType: systemLogs.targetType,
        targetId: systemLogs.targetId,
        detail: systemLogs.detail,
        by: systemLogs.administratorName,
        at: systemLogs.createdAt,
        questionStem: questions.stem,
        paperName: testPapers.name,
        bankName: sql<string | null>`coalesce(qb.name, pb.name)`,
      })
      .from(systemLogs)
      .leftJoin(
        questions,
        sql`${systemLogs.targetType} = 'question' and ${questions.id}::text = ${systemLogs.targetId}`,
      )
      .leftJoin(
        testPapers,
        sql`${systemLogs.targetType} = 'test_paper' and ${testPapers.id}::text = ${systemLogs.targetId}`,
      )
      .leftJoin(sql`question_banks qb`, sql`qb.id = ${questions.bankId}`)
      .leftJoin(sql`question_banks pb`, sql`pb.id = ${testPapers.bankId}`)
      .where(inArray(systemLogs.targetType, ['question', 'test_paper']))
      .orderBy(desc(systemLogs.id))
      .limit(12),
  ]);
  return {
    banks: banks.map((b) => {
      const mine = counts.filter((c) => c.bankId === b.bank.id);
      const byType = Object.fromEntries(
        QUESTION_TYPES.map((t) => [t, mine.filter((c) => c.type === t).reduce((s, c) => s + c.n, 0)]),
      ) as Record<QuestionType, number>;
      return {
        id: b.bank.id,
        name: b.bank.name,
        occupation_name: b.occupationName,
        level: b.bank.level,
        enabled: b.bank.enabled,
        question_count: Number(b.questionCount),
        paper_count: Number(b.paperCount),
        by_type: byType,
        by_difficulty: [1, 2, 3, 4, 5].map((d) =>
          mine.filter((c) => c.difficulty === d).reduce((s, c) => s + c.n, 0),
        ),
      };
    }),
    recent: logs.map((l) => {
      const detail = l.detail as { stem?: unknown; name?: unknown };
      const title =
        l.targetType === 'question'
          ? l.questionStem
            ? short(l.questionStem, 40)
            : typeof detail.stem === 'string'
              ? detail.stem
              : `#${l.targetId}`
          : (l.paperName ?? (typeof detail.name === 'string' ? detail.name : `#${l.targetId}`));
      return {
        kind: l.targetType === 'question' ? ('question' as const) : ('paper' as const),
        id: Number(l.targetId) || 0,
        action: l.action,
        title,
        bank_name: l.bankName ?? '',
        by: l.by || null,
        at: l.at.toISOString(),
      };
    }),
  };
}
