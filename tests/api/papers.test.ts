import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  examSessions,
  occupations,
  onlineExams,
  questionBanks,
  questionCategories,
  questions,
  testPaperQuestions,
  testPapers,
} from '../../src/server/db/schema/index.ts';
import { DEMO_FIXED_PAPER, DEMO_RANDOM_PAPER } from '../../src/server/demo/papers.ts';
import { approvedPaper, drawPaper } from '../../src/server/papers/service.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { logCount } from '../helpers/certificates.ts';

let ctx: TestContext;
let managerToken: string;
let founderToken: string;
let collegeToken: string;
let bankId: number;
let otherBankId: number;
let safetyId: number;
let electricId: number;
let craftId: number;
const ids: Record<string, number[]> = {};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

type Row = typeof questions.$inferInsert;

/** A bank of 12 single, 8 multiple, 10 determine, 4 essay and 2 material questions (2 subs each). */
async function seedBank() {
  const db = ctx.app.db;
  const [occupation] = await db.select({ id: occupations.id }).from(occupations).limit(1);
  const [bank, other] = await db
    .insert(questionBanks)
    .values([
      { name: '试卷测试题库', occupationId: occupation!.id, level: 4 },
      { name: '试卷测试空题库', occupationId: occupation!.id, level: 3 },
    ])
    .returning();
  bankId = bank!.id;
  otherBankId = other!.id;
  const [safety, craft] = await db
    .insert(questionCategories)
    .values([
      { bankId, name: '安全', sort: 1 },
      { bankId, name: '工艺', sort: 2 },
    ])
    .returning();
  safetyId = safety!.id;
  craftId = craft!.id;
  const [electric] = await db
    .insert(questionCategories)
    .values({ bankId, parentId: safetyId, name: '电气安全' })
    .returning();
  electricId = electric!.id;
  const abcd = ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `选项${key}` }));
  const rows: Row[] = [];
  for (let i = 0; i < 12; i++)
    rows.push({
      bankId,
      type: 'single_choice',
      stem: `<p>单选题 ${i + 1}</p>`,
      options: abcd,
      answer: ['B'],
      analysis: '解析',
      score: 1,
      difficulty: (i % 5) + 1,
      categoryId: i < 4 ? electricId : i < 8 ? craftId : null,
    });
  for (let i = 0; i < 8; i++)
    rows.push({
      bankId,
      type: 'choice',
      stem: `多选题 ${i + 1}`,
      options: abcd,
      answer: ['A', 'C'],
      score: 2,
      difficulty: 3,
      categoryId: safetyId,
    });
  for (let i = 0; i < 10; i++)
    rows.push({
      bankId,
      type: 'determine',
      stem: `判断题 ${i + 1}`,
      options: [
        { key: 'T', text: '正确' },
        { key: 'F', text: '错误' },
      ],
      answer: [i % 2 ? 'T' : 'F'],
      score: 1,
      difficulty: 2,
    });
  for (let i = 0; i < 4; i++)
    rows.push({
      bankId,
      type: 'essay',
      stem: `问答题 ${i + 1}`,
      referenceAnswer: '要点',
      score: 10,
      difficulty: 4,
    });
  for (let i = 0; i < 2; i++)
    rows.push({ bankId, type: 'material', stem: `案例 ${i + 1}`, score: 0, difficulty: 4 });
  const inserted = await db.insert(questions).values(rows).returning();
  for (const q of inserted) (ids[q.type] ??= []).push(q.id);
  for (const parentId of ids.material!) {
    const subs = await db
      .insert(questions)
      .values([
        {
          bankId,
          parentId,
          type: 'single_choice',
          stem: '小题一',
          options: abcd,
          answer: ['D'],
          score: 3,
          sort: 1,
        },
        { bankId, parentId, type: 'essay', stem: '小题二', referenceAnswer: '参考', score: 7, sort: 2 },
      ])
      .returning();
    (ids.sub ??= []).push(...subs.map((s) => s.id));
  }
  // A disabled question never counts.
  await db
    .insert(questions)
    .values({ bankId, type: 'single_choice', stem: '停用', options: abcd, answer: ['A'], enabled: false });
}

beforeAll(async () => {
  ctx = await createTestApp();
  [managerToken, founderToken, collegeToken] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
  await seedBank();
});
afterAll(() => ctx.close());

const randomPaper = (over: Json = {}): Json => ({
  name: '随机卷',
  bank_id: bankId,
  mode: 'random',
  duration_minutes: 90,
  pass_score: 10,
  partial_credit: false,
  shuffle_options: true,
  type_scores: { single_choice: 2, choice: null, determine: 1, essay: null, material: null },
  counts: { single_choice: 5, choice: 2, determine: 4, essay: 1, material: 1 },
  rules: [{ type: 'single_choice', category_id: safetyId, difficulty: null, count: 2 }],
  ...over,
});

async function createPaper(body: Json, token = managerToken) {
  const res = await call('POST', '/api/v1/admin/test-papers', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    state: string;
    total_score: number;
    counts: Json;
    question_count: number;
  };
}

describe('drawing a candidate paper', () => {
  it('is the same for a seed, differs between seeds, never carries answers and names the score', async () => {
    const paper = await createPaper(randomPaper({ name: '抽题卷' }));
    // single 5×2 + choice 2×2 + determine 4×1 + essay 10 + material 3+7
    expect(paper.total_score).toBe(10 + 4 + 4 + 10 + 10);
    const a = await drawPaper(ctx.app.db, paper.id, '1:1');
    const again = await drawPaper(ctx.app.db, paper.id, '1:1');
    expect(again).toEqual(a);
    expect(a.totalScore).toBe(38);
    expect(a.paper.questions.map((q) => q.type)).toEqual([
      ...Array(5).fill('single_choice'),
      ...Array(2).fill('choice'),
      ...Array(4).fill('determine'),
      'essay',
      'material',
    ]);
    // The rule: 2 of the 5 single choices come from 安全 and its child 电气安全.
    const singles = a.paper.questions.filter((q) => q.type === 'single_choice').map((q) => q.question_id);
    const electric = new Set(ids.single_choice!.slice(0, 4));
    expect(singles.filter((id) => electric.has(id)).length).toBeGreaterThanOrEqual(2);
    expect(new Set(singles).size).toBe(5);
    const material = a.paper.questions.find((q) => q.type === 'material')!;
    expect(material.sub_questions.map((s) => s.type)).toEqual(['single_choice', 'essay']);
    expect(material.score).toBe(10);
    // Nothing of the key in what the candidate gets; the key covers every answerable question.
    const text = JSON.stringify(a.paper);
    for (const word of ['answer', 'analysis', 'reference_answer', '解析', '要点'])
      expect(text).not.toContain(word);
    const answerable = a.paper.questions.flatMap((q) =>
      q.type === 'material' ? q.sub_questions.map((s) => s.question_id) : [q.question_id],
    );
    expect(Object.keys(a.key).map(Number).sort()).toEqual([...answerable].sort());
    expect(a.key[String(singles[0])]).toMatchObject({ type: 'single_choice', answer: ['B'], score: 2 });
    // Determine options are never shuffled.
    for (const q of a.paper.questions.filter((q) => q.type === 'determine'))
      expect(q.options.map((o) => o.key)).toEqual(['T', 'F']);

    const others = await Promise.all(
      ['2:7', '3:9', '4:11', '5:13'].map((seed) => drawPaper(ctx.app.db, paper.id, seed)),
    );
    const picks = (d: typeof a) => d.paper.questions.map((q) => q.question_id).join(',');
    expect(others.some((d) => picks(d) !== picks(a))).toBe(true);
    const order = (d: typeof a) => d.paper.questions.flatMap((q) => q.options.map((o) => o.key)).join('');
    expect(others.some((d) => order(d) !== order(a))).toBe(true);
  });

  it('keeps a fixed paper in its order and refuses a draw the bank cannot supply', async () => {
    const picks = [ids.essay![0]!, ids.single_choice![3]!, ids.material![1]!];
    const fixed = await createPaper({
      ...randomPaper({ name: '固定卷', mode: 'fixed', rules: [], shuffle_options: false }),
      question_ids: picks,
    });
    expect(fixed.counts).toMatchObject({ essay: 1, single_choice: 1, material: 1, choice: 0 });
    const drawn = await drawPaper(ctx.app.db, fixed.id, 'x');
    expect(drawn.paper.questions.map((q) => q.question_id)).toEqual(picks);
    expect(drawn.paper.questions[1]!.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);

    const paper = await createPaper(randomPaper({ name: '将缺题的卷', counts: { essay: 4 }, rules: [] }));
    await ctx.app.db.update(questions).set({ enabled: false }).where(eq(questions.id, ids.essay![0]!));
    try {
      await expect(drawPaper(ctx.app.db, paper.id, 's')).rejects.toMatchObject({
        statusCode: 422,
        message: '问答题 只有 3 题，需要 4 题',
        errors: { 'counts.essay': ['问答题 只有 3 题，需要 4 题'] },
      });
      const check = await call('GET', `/api/v1/admin/test-papers/${paper.id}/check`, managerToken);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({
        sample: null,
        shortages: [{ path: 'counts.essay', message: '问答题 只有 3 题，需要 4 题' }],
      });
      const approve = await call('POST', `/api/v1/admin/test-papers/${paper.id}/approve`, managerToken);
      expect(approve.statusCode).toBe(422);
      expect((approve.json() as { message: string }).message).toContain('问答题 只有 3 题，需要 4 题');
    } finally {
      await ctx.app.db.update(questions).set({ enabled: true }).where(eq(questions.id, ids.essay![0]!));
    }
  });
});

describe('test papers', () => {
  it('creates, lists, edits, copies and deletes a paper, each write in the system log', async () => {
    const created = await createPaper(randomPaper({ name: '增删改卷' }));
    expect(created).toMatchObject({ state: 'draft', question_count: 13 });
    expect(await logCount(ctx, 'test_paper.create', created.id)).toBe(1);

    const list = await call(
      'GET',
      `/api/v1/admin/test-papers?keyword=增删改&mode=random&bank_id=${bankId}`,
      founderToken,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      meta: { total: 1 },
      data: [
        {
          id: created.id,
          bank_name: '试卷测试题库',
          rules: [{ type: 'single_choice', category_id: safetyId, category_name: '安全', count: 2 }],
          exam_count: 0,
        },
      ],
    });

    const edited = await call(
      'PUT',
      `/api/v1/admin/test-papers/${created.id}`,
      managerToken,
      randomPaper({
        name: '增删改卷（改）',
        counts: { determine: 3 },
        rules: [],
        type_scores: {},
        pass_score: 2,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: '增删改卷（改）', total_score: 3, question_count: 3 });
    expect(await logCount(ctx, 'test_paper.update', created.id)).toBe(1);

    const copy = await call('POST', `/api/v1/admin/test-papers/${created.id}/copy`, managerToken, {});
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: '增删改卷（改） 副本', state: 'draft', total_score: 3 });
    const copyId = (copy.json() as { id: number }).id;

    for (const id of [created.id, copyId]) {
      const del = await call('DELETE', `/api/v1/admin/test-papers/${id}`, managerToken);
      expect(del.statusCode).toBe(204);
      expect(await logCount(ctx, 'test_paper.delete', id)).toBe(1);
    }
    const gone = await call('GET', `/api/v1/admin/test-papers/${created.id}`, managerToken);
    expect(gone.statusCode).toBe(404);
  });

  it('answers the bank options, the bank counts and the fixed-paper picker', async () => {
    const banks = await call('GET', '/api/v1/admin/test-paper-banks', managerToken);
    expect((banks.json() as { data: Json[] }).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: bankId, name: '试卷测试题库', level: 4 })]),
    );
    const stats = await call('GET', `/api/v1/admin/test-paper-banks/${bankId}/stats`, managerToken);
    expect(stats.json()).toMatchObject({
      available: { single_choice: 12, choice: 8, determine: 10, essay: 4, material: 2 },
      by_difficulty: { single_choice: [3, 3, 2, 2, 2] },
    });
    const categories = (stats.json() as { categories: { id: number; available: Json }[] }).categories;
    expect(categories.find((c) => c.id === safetyId)?.available).toMatchObject({
      single_choice: 4,
      choice: 8,
    });
    expect(categories.find((c) => c.id === electricId)?.available).toMatchObject({
      single_choice: 4,
      choice: 0,
    });

    const picker = await call(
      'GET',
      `/api/v1/admin/test-paper-questions?bank_id=${bankId}&type=single_choice&category_id=${safetyId}&limit=3`,
      managerToken,
    );
    expect(picker.statusCode).toBe(200);
    expect(picker.json()).toMatchObject({
      meta: { total: 4 },
      data: [{ type: 'single_choice', stem_text: '单选题 1', category_name: '电气安全' }, {}, {}],
    });
    const material = await call(
      'GET',
      `/api/v1/admin/test-paper-questions?bank_id=${bankId}&type=material`,
      managerToken,
    );
    expect(material.json()).toMatchObject({ data: [{ sub_question_count: 2, score: 10 }, {}] });
  });

  it('refuses bad papers with field messages and writes nothing', async () => {
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [testPapers, testPaperQuestions],
      calls: [
        ...[
          { body: randomPaper({ counts: { single_choice: 0 }, rules: [] }), fields: ['counts'] },
          { body: randomPaper({ counts: {}, rules: [] }), fields: ['counts'] },
          { body: randomPaper({ mode: 'fixed', question_ids: [] }), fields: ['question_ids'] },
          {
            body: randomPaper({ counts: { single_choice: 20 }, rules: [] }),
            fields: ['counts.single_choice'],
          },
          {
            body: randomPaper({
              counts: { single_choice: 5 },
              rules: [{ type: 'single_choice', category_id: electricId, difficulty: 1, count: 2 }],
            }),
            fields: ['rules.0.count'],
          },
          {
            body: randomPaper({
              counts: { single_choice: 2 },
              rules: [{ type: 'single_choice', category_id: null, difficulty: null, count: 3 }],
            }),
            fields: ['rules.0.count'],
          },
          {
            body: randomPaper({
              rules: [{ type: 'choice', category_id: 999999, difficulty: null, count: 1 }],
            }),
            fields: ['rules.0.category_id'],
          },
          { body: randomPaper({ bank_id: otherBankId, rules: [] }), fields: ['counts.single_choice'] },
          { body: randomPaper({ bank_id: 2147483647 }), fields: ['bank_id'] },
          { body: randomPaper({ bank_id: 2147483648 }), fields: ['bank_id'] },
          { body: randomPaper({ name: 'x'.repeat(101) }), fields: ['name'] },
          { body: randomPaper({ name: 'x'.repeat(1_000_000) }), fields: [] },
          { body: randomPaper({ duration_minutes: 0 }), fields: ['duration_minutes'] },
          { body: randomPaper({ pass_score: 500 }), fields: ['pass_score'] },
          {
            body: randomPaper({ type_scores: { single_choice: 1.25 } }),
            fields: ['type_scores.single_choice'],
          },
          { body: randomPaper({ mode: 'fixed', question_ids: [ids.sub![0]] }), fields: ['question_ids.0'] },
          { body: randomPaper({ mode: 'fixed', question_ids: [2147483640] }), fields: ['question_ids.0'] },
          {
            body: randomPaper({ mode: 'fixed', question_ids: [ids.essay![0], ids.essay![0]] }),
            fields: ['question_ids.1'],
          },
          { body: randomPaper({ mode: 'exam' }), fields: ['mode'] },
        ].map(({ body, fields }) => ({
          method: 'POST' as const,
          url: '/api/v1/admin/test-papers',
          token: managerToken,
          payload: body,
          fields,
        })),
        {
          method: 'POST',
          url: '/api/v1/admin/test-papers',
          token: managerToken,
          headers: { 'content-type': 'application/json' },
          payload: '{"name": "坏',
          fields: ['body'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/test-papers',
          token: collegeToken,
          payload: randomPaper(),
          status: 403,
        },
      ],
    });
    const message = await call(
      'POST',
      '/api/v1/admin/test-papers',
      managerToken,
      randomPaper({ counts: {}, rules: [] }),
    );
    expect(message.json()).toMatchObject({ errors: { counts: ['题目数量不能为空'] } });
    const short = await call(
      'POST',
      '/api/v1/admin/test-papers',
      managerToken,
      randomPaper({ counts: { single_choice: 20 }, rules: [] }),
    );
    expect(short.json()).toMatchObject({ message: '单选题 只有 12 题，需要 20 题' });
  });

  it('checks, approves, returns an edited paper to draft and keeps a paper in use', async () => {
    const paper = await createPaper(randomPaper({ name: '审核卷' }));
    expect(await approvedPaper(ctx.app.db, paper.id)).toBeNull();
    const check = await call('GET', `/api/v1/admin/test-papers/${paper.id}/check?seed=abc`, managerToken);
    expect(check.statusCode).toBe(200);
    const body = check.json() as {
      total_score_min: number;
      total_score_max: number;
      approval_problems: string[];
      sample: { questions: { question_id: number }[] };
      sample_key: Record<string, { answer: string[] }>;
      counts: Json;
    };
    expect(body).toMatchObject({
      total_score_min: 38,
      total_score_max: 38,
      approval_problems: [],
      seed: 'abc',
    });
    expect(body.counts).toMatchObject({ single_choice: 5, material: 1 });
    expect(body.sample.questions).toHaveLength(13);
    expect(Object.keys(body.sample_key)).toHaveLength(14);
    const again = await call('GET', `/api/v1/admin/test-papers/${paper.id}/check?seed=abc`, managerToken);
    expect((again.json() as typeof body).sample).toEqual(body.sample);

    const approve = await call('POST', `/api/v1/admin/test-papers/${paper.id}/approve`, managerToken);
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ state: 'approved', approved_by_name: expect.any(String) });
    expect(await logCount(ctx, 'test_paper.approve', paper.id)).toBe(1);
    expect(await approvedPaper(ctx.app.db, paper.id)).toMatchObject({
      id: paper.id,
      bankId,
      durationMinutes: 90,
      totalScore: 38,
      passScore: 10,
    });
    const twice = await call('POST', `/api/v1/admin/test-papers/${paper.id}/approve`, founderToken);
    expect(twice.statusCode).toBe(409);

    const edited = await call(
      'PUT',
      `/api/v1/admin/test-papers/${paper.id}`,
      managerToken,
      randomPaper({ name: '审核卷' }),
    );
    expect(edited.json()).toMatchObject({ state: 'draft', approved_at: null });
    expect(await approvedPaper(ctx.app.db, paper.id)).toBeNull();

    await call('POST', `/api/v1/admin/test-papers/${paper.id}/approve`, managerToken);
    const withdraw = await call('POST', `/api/v1/admin/test-papers/${paper.id}/withdraw`, managerToken);
    expect(withdraw.json()).toMatchObject({ state: 'draft' });
    expect(await logCount(ctx, 'test_paper.withdraw', paper.id)).toBe(1);
    await call('POST', `/api/v1/admin/test-papers/${paper.id}/approve`, managerToken);

    // Bound to an online exam: neither deleted, withdrawn nor edited.
    const used = await ctx.app.db.select({ sessionId: onlineExams.sessionId }).from(onlineExams);
    const [session] = (await ctx.app.db.select().from(examSessions)).filter(
      (s) => !used.some((u) => u.sessionId === s.id),
    );
    const [exam] = await ctx.app.db
      .insert(onlineExams)
      .values({
        planId: session!.planId,
        sessionId: session!.id,
        paperId: paper.id,
        opensAt: new Date(Date.now() + 3_600_000),
        closesAt: new Date(Date.now() + 7_200_000),
        durationMinutes: 90,
      })
      .returning();
    try {
      await expectRejectedWithoutWrite(ctx.app, {
        tables: [testPapers, testPaperQuestions],
        calls: [
          {
            method: 'DELETE',
            url: `/api/v1/admin/test-papers/${paper.id}`,
            token: managerToken,
            status: 409,
          },
          {
            method: 'POST',
            url: `/api/v1/admin/test-papers/${paper.id}/withdraw`,
            token: managerToken,
            status: 409,
          },
          {
            method: 'PUT',
            url: `/api/v1/admin/test-papers/${paper.id}`,
            token: managerToken,
            payload: randomPaper(),
            status: 409,
          },
        ],
      });
      const listed = await call(
        'GET',
        `/api/v1/admin/test-papers?keyword=审核卷&state=approved`,
        managerToken,
      );
      expect(listed.json()).toMatchObject({ data: [{ id: paper.id, exam_count: 1 }] });
    } finally {
      await ctx.app.db.delete(onlineExams).where(eq(onlineExams.id, exam!.id));
    }
  });

  it('lets one of two simultaneous approvals through', async () => {
    const paper = await createPaper(randomPaper({ name: '并发审核卷' }));
    const results = await Promise.all(
      [managerToken, founderToken].map((token) =>
        call('POST', `/api/v1/admin/test-papers/${paper.id}/approve`, token),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await logCount(ctx, 'test_paper.approve', paper.id)).toBe(1);
  });
});

describe('demo papers', () => {
  it('holds an approved random paper and a fixed draft on the tea bank', async () => {
    const list = await call('GET', '/api/v1/admin/test-papers?keyword=茶艺师（中级）', managerToken);
    const papers = (
      list.json() as {
        data: {
          id: number;
          name: string;
          mode: string;
          state: string;
          total_score: number;
          pass_score: number;
        }[];
      }
    ).data;
    const random = papers.find((p) => p.name === DEMO_RANDOM_PAPER);
    const fixed = papers.find((p) => p.name === DEMO_FIXED_PAPER);
    expect(random).toMatchObject({ mode: 'random', state: 'approved' });
    expect(fixed).toMatchObject({ mode: 'fixed', state: 'draft' });
    expect(random!.pass_score).toBeGreaterThan(0);
    expect(random!.pass_score).toBeLessThanOrEqual(random!.total_score);
    expect(await approvedPaper(ctx.app.db, random!.id)).not.toBeNull();
    const drawn = await drawPaper(ctx.app.db, random!.id, 'demo');
    expect(drawn.paper.questions.length).toBeGreaterThan(0);
  });
});
