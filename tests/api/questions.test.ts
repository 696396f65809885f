// The question bank API: banks, category trees, questions of the five types (a material question with its
// sub-questions), sanitised stems, batch actions, Excel and Word import with their per-row reports, export and
// the landing's overview. Every refusal is a 422 with field messages and writes nothing.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  occupations,
  questionBanks,
  questionCategories,
  questions,
  testPaperQuestions,
  testPapers,
  uploads,
} from '../../src/server/db/schema/index.ts';
import { png } from '../../src/server/demo/images.ts';
import { importAnswer } from '../../src/shared/api/excel-import.ts';
import {
  bankAnswer,
  bankListAnswer,
  categoryAnswer,
  categoryTreeAnswer,
  questionAnswer,
  questionBatchAnswer,
  questionListAnswer,
  questionOverviewAnswer,
  QUESTION_SHEET_COLUMNS,
} from '../../src/shared/questions/schema.ts';
import { answerOf } from '../helpers/answers.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { questionFixtureRows } from '../e2e/support/question-fixture.ts';
import { buildDocx, SAMPLE_DOCUMENT } from '../unit/server/questions/docx-fixture.ts';

let ctx: TestContext;
let manager: string;
let founder: string;
let college: string;
let occupationId: number;
let occupationLevels: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  [manager, founder, college] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
  const [occupation] = await ctx.app.db.select().from(occupations).where(eq(occupations.name, '电工'));
  occupationId = occupation!.id;
  occupationLevels = occupation!.levels;
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: Json,
) => request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

let bankSeq = 0;
async function newBank(name = `测试题库${++bankSeq}-${Date.now() % 100000}`) {
  const res = await call('POST', '/api/v1/admin/question-banks', manager, {
    name,
    occupation_id: occupationId,
    level: occupationLevels[0],
    description: '测试',
  });
  expect(res.statusCode, res.body).toBe(201);
  return answerOf(bankAnswer, res);
}

const single = (bankId: number, extra: Json = {}) => ({
  bank_id: bankId,
  type: 'single_choice',
  stem: '<p>电气设备着火时，首先应当？</p>',
  options: [
    { key: 'A', text: '用水扑救' },
    { key: 'B', text: '切断电源' },
    { key: 'C', text: '打开门窗' },
  ],
  answer: ['B'],
  analysis: '先断电',
  score: 2,
  difficulty: 2,
  ...extra,
});

function multipartFile(fileName: string, content: Buffer, mime: string) {
  const boundary = `----q${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function workbook(rows: Record<string, string | number>[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('试题');
  sheet.columns = QUESTION_SHEET_COLUMNS.map((c) => ({ header: c.header, key: c.key }));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (url: string, file: { payload: Buffer; headers: Record<string, string> }, token = manager) =>
  request(ctx.app, { method: 'POST', url, token, payload: file.payload, headers: file.headers });

describe('banks', () => {
  it('creates, lists, edits, disables and deletes a bank; names are unique and the level is the occupation’s', async () => {
    const bank = await newBank('电工中级题库-API');
    expect(bank).toMatchObject({ occupation_name: '电工', question_count: 0, enabled: true });
    const list = answerOf(
      bankListAnswer,
      await call(
        'GET',
        `/api/v1/admin/question-banks?keyword=${encodeURIComponent('电工中级题库')}`,
        founder,
      ),
    );
    expect(list.data.map((b) => b.id)).toContain(bank.id);

    await expectRejectedWithoutWrite(ctx.app, {
      tables: [questionBanks],
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/question-banks',
          token: manager,
          payload: { name: '电工中级题库-API', occupation_id: occupationId, level: occupationLevels[0] },
          fields: ['name'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/question-banks',
          token: manager,
          payload: { name: 'x'.repeat(1_000_000), occupation_id: occupationId, level: 9 },
          fields: ['name', 'level'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/question-banks',
          token: manager,
          payload: { name: '无此职业', occupation_id: 999999, level: 3 },
          fields: ['occupation_id'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/question-banks',
          token: manager,
          payload: '{"name":',
          headers: { 'content-type': 'application/json' },
          status: 422,
        },
        { method: 'GET', url: '/api/v1/admin/question-banks', token: college, status: 403 },
      ],
    });

    const edited = answerOf(
      bankAnswer,
      await call('PUT', `/api/v1/admin/question-banks/${bank.id}`, manager, {
        name: '电工中级题库-API-改',
        occupation_id: occupationId,
        level: occupationLevels[0],
        description: '改过',
      }),
    );
    expect(edited.name).toBe('电工中级题库-API-改');
    const disabled = answerOf(
      bankAnswer,
      await call('PATCH', `/api/v1/admin/question-banks/${bank.id}/enabled`, manager, { enabled: false }),
    );
    expect(disabled.enabled).toBe(false);

    // Not empty: refused with the reason.
    const q = await call('POST', '/api/v1/admin/questions', manager, single(bank.id));
    expect(q.statusCode, q.body).toBe(201);
    const refused = await call('DELETE', `/api/v1/admin/question-banks/${bank.id}`, manager);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('1 道试题');
    await call('DELETE', `/api/v1/admin/questions/${answerOf(questionAnswer, q).id}`, manager);
    expect((await call('DELETE', `/api/v1/admin/question-banks/${bank.id}`, manager)).statusCode).toBe(204);
  });
});

describe('categories', () => {
  it('builds a tree, renames, refuses moves under itself, and deletes only empty leaves', async () => {
    const bank = await newBank();
    const add = async (name: string, parent_id: number | null = null) => {
      const res = await call('POST', `/api/v1/admin/question-banks/${bank.id}/categories`, manager, {
        name,
        parent_id,
      });
      expect(res.statusCode, res.body).toBe(201);
      return answerOf(categoryAnswer, res);
    };
    const safety = await add('安全');
    const electric = await add('电气', safety.id);
    const wiring = await add('布线', electric.id);
    const basics = await add('基础');
    expect(wiring.path).toBe('安全/电气/布线');

    await expectRejectedWithoutWrite(ctx.app, {
      tables: [questionCategories],
      calls: [
        {
          method: 'POST',
          url: `/api/v1/admin/question-categories/${safety.id}/move`,
          token: manager,
          payload: { parent_id: wiring.id },
          fields: ['parent_id'],
        },
        {
          method: 'POST',
          url: `/api/v1/admin/question-categories/${safety.id}/move`,
          token: manager,
          payload: { parent_id: safety.id },
          fields: ['parent_id'],
        },
        {
          method: 'POST',
          url: `/api/v1/admin/question-banks/${bank.id}/categories`,
          token: manager,
          payload: { name: '电气', parent_id: safety.id },
          fields: ['name'],
        },
        {
          method: 'POST',
          url: `/api/v1/admin/question-banks/${bank.id}/categories`,
          token: manager,
          payload: { name: 'a/b' },
          fields: ['name'],
        },
        {
          method: 'DELETE',
          url: `/api/v1/admin/question-categories/${electric.id}`,
          token: manager,
          fields: ['id'],
        },
      ],
    });

    const moved = answerOf(
      categoryTreeAnswer,
      await call('POST', `/api/v1/admin/question-categories/${electric.id}/move`, manager, {
        parent_id: basics.id,
      }),
    );
    expect(moved.data.find((c) => c.id === wiring.id)?.path).toBe('基础/电气/布线');
    const renamed = answerOf(
      categoryTreeAnswer,
      await call('PUT', `/api/v1/admin/question-categories/${basics.id}`, manager, { name: '基础知识' }),
    );
    expect(renamed.data.find((c) => c.id === wiring.id)?.path).toBe('基础知识/电气/布线');

    // Two moves at once that would make a cycle together: one of them is refused.
    const a = await add('甲');
    const b = await add('乙');
    const [ab, ba] = await Promise.all([
      call('POST', `/api/v1/admin/question-categories/${a.id}/move`, manager, { parent_id: b.id }),
      call('POST', `/api/v1/admin/question-categories/${b.id}/move`, founder, { parent_id: a.id }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 422]);

    const q = await call(
      'POST',
      '/api/v1/admin/questions',
      manager,
      single(bank.id, { category_id: wiring.id }),
    );
    expect(q.statusCode).toBe(201);
    const used = await call('DELETE', `/api/v1/admin/question-categories/${wiring.id}`, manager);
    expect(used.statusCode).toBe(422);
    expect(used.body).toContain('1 道试题');
    await call('DELETE', `/api/v1/admin/questions/${answerOf(questionAnswer, q).id}`, manager);
    expect((await call('DELETE', `/api/v1/admin/question-categories/${wiring.id}`, manager)).statusCode).toBe(
      204,
    );
  });
});

describe('questions', () => {
  it('saves every type, a material question with its sub-questions in one write, and sanitises stems', async () => {
    const bank = await newBank();
    const image = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/uploads?kind=other',
      token: manager,
      ...multipartFile(
        'a.png',
        png(4, 4, () => [1, 2, 3]),
        'image/png',
      ),
    });
    expect(image.statusCode, image.body).toBe(201);
    const imageUrl = (image.json() as { url: string }).url;
    const created = answerOf(
      questionAnswer,
      await call(
        'POST',
        '/api/v1/admin/questions',
        manager,
        single(bank.id, {
          stem: `<p onclick="x()">看图<script>alert(1)</script><img src="${imageUrl}" onerror="alert(2)"><img src="https://evil.example/x.png"><a href="javascript:1">链接</a></p>`,
        }),
      ),
    );
    expect(created.stem).toBe(`<p>看图<img src="${imageUrl}" />链接</p>`);

    const determine = answerOf(
      questionAnswer,
      await call('POST', '/api/v1/admin/questions', manager, {
        bank_id: bank.id,
        type: 'determine',
        stem: '对吗',
        answer: ['F'],
      }),
    );
    expect(determine.options).toEqual([
      { key: 'T', text: '正确' },
      { key: 'F', text: '错误' },
    ]);

    const material = answerOf(
      questionAnswer,
      await call('POST', '/api/v1/admin/questions', manager, {
        bank_id: bank.id,
        type: 'material',
        stem: '<p>案例</p>',
        sub_questions: [
          {
            type: 'choice',
            stem: '哪些',
            options: [
              { key: 'A', text: '一' },
              { key: 'B', text: '二' },
              { key: 'C', text: '三' },
            ],
            answer: ['C', 'A'],
            score: 3,
          },
          { type: 'essay', stem: '为什么', reference_answer: '因为', score: 7 },
        ],
      }),
    );
    expect(material.score).toBe(10);
    expect(material.sub_questions.map((s) => [s.type, s.answer])).toEqual([
      ['choice', ['A', 'C']],
      ['essay', []],
    ]);

    // Edit: one sub-question fewer, the other changed in place.
    const edited = answerOf(
      questionAnswer,
      await call('PUT', `/api/v1/admin/questions/${material.id}`, manager, {
        bank_id: bank.id,
        type: 'material',
        stem: '<p>案例（改）</p>',
        sub_questions: [{ type: 'determine', stem: '对吗', answer: ['T'], score: 4 }],
      }),
    );
    expect(edited.sub_questions).toHaveLength(1);
    expect(edited.sub_questions[0]!.id).toBe(material.sub_questions[0]!.id);
    expect(edited.score).toBe(4);

    const list = answerOf(
      questionListAnswer,
      await call(
        'GET',
        `/api/v1/admin/questions?bank_id=${bank.id}&keyword=${encodeURIComponent('案例')}`,
        manager,
      ),
    );
    expect(list.data.map((q) => q.id)).toEqual([material.id]);
    const byType = answerOf(
      questionListAnswer,
      await call('GET', `/api/v1/admin/questions?bank_id=${bank.id}&type=determine`, manager),
    );
    expect(byType.meta.total).toBe(1);
  });

  it('refuses bad questions with field paths and writes nothing', async () => {
    const bank = await newBank();
    const other = await newBank();
    const [foreign] = await ctx.app.db
      .insert(questionCategories)
      .values({ bankId: other.id, name: '别的库' })
      .returning();
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [questions],
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(bank.id, { answer: ['E'] }),
          fields: ['answer'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(bank.id, { answer: ['A', 'B'] }),
          fields: ['answer'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(bank.id, { type: 'choice', answer: ['A'] }),
          fields: ['answer'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(bank.id, {
            options: [
              { key: 'A', text: '一' },
              { key: 'B', text: 'x'.repeat(3000) },
              { key: 'C', text: '' },
            ],
          }),
          fields: ['options.1.text', 'options.2.text'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(bank.id, { stem: 'x'.repeat(1_000_000) }),
          fields: ['stem'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(bank.id, { stem: '<script>only</script>' }),
          fields: ['stem'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(bank.id, { category_id: foreign!.id }),
          fields: ['category_id'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(bank.id, { difficulty: 6, score: 1.25 }),
          fields: ['difficulty', 'score'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: {
            bank_id: bank.id,
            type: 'material',
            stem: '案例',
            sub_questions: [
              {
                type: 'single_choice',
                stem: '问',
                options: [
                  { key: 'A', text: '一' },
                  { key: 'B', text: '二' },
                ],
                answer: [],
              },
            ],
          },
          fields: ['sub_questions.0.answer'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: { bank_id: bank.id, type: 'material', stem: '案例' },
          fields: ['sub_questions'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: { bank_id: bank.id, type: 'essay', stem: '问', answer: ['A'] },
          fields: ['answer'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: manager,
          payload: single(999999),
          fields: ['bank_id'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/questions',
          token: college,
          payload: single(bank.id),
          status: 403,
        },
      ],
    });
  });

  it('refuses to delete a question a paper uses, and the batch reports it while doing the rest', async () => {
    const bank = await newBank();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        answerOf(
          questionAnswer,
          await call('POST', '/api/v1/admin/questions', manager, single(bank.id, { stem: `题 ${i}` })),
        ).id,
      );
    }
    const [paper] = await ctx.app.db
      .insert(testPapers)
      .values({ bankId: bank.id, name: `卷-${bank.id}`, mode: 'fixed', durationMinutes: 60, passScore: 60 })
      .returning();
    await ctx.app.db.insert(testPaperQuestions).values({ paperId: paper!.id, questionId: ids[0]! });

    const one = await call('DELETE', `/api/v1/admin/questions/${ids[0]}`, manager);
    expect(one.statusCode).toBe(422);
    expect(one.body).toContain('可改为停用');

    const disabled = answerOf(
      questionBatchAnswer,
      await call('POST', '/api/v1/admin/questions/batch', manager, { action: 'disable', ids }),
    );
    expect(disabled).toEqual({ done: 3, refused: [] });
    const deleted = answerOf(
      questionBatchAnswer,
      await call('POST', '/api/v1/admin/questions/batch', manager, { action: 'delete', ids }),
    );
    expect(deleted.done).toBe(2);
    expect(deleted.refused.map((r) => r.id)).toEqual([ids[0]]);
    const left = await ctx.app.db.select().from(questions).where(eq(questions.bankId, bank.id));
    expect(left.map((q) => [q.id, q.enabled])).toEqual([[ids[0], false]]);
  });
});

describe('import and export', () => {
  it('reports every bad row and writes nothing, then imports the valid rows on request', async () => {
    const bank = await newBank();
    const file = await workbook([
      { type: '单选题', category: '安全/电气', stem: '甲', option_A: '一', option_B: '二', answer: 'A' },
      { type: '多选题', stem: '乙', option_A: '一', option_B: '二', answer: 'A' },
      { type: '材料题', stem: '案例', category: '安全' },
      { type: '材料-单选题', stem: '问', option_A: '一', option_B: '二', answer: 'B', score: 2 },
      { type: '判断题', stem: '丙', answer: '也许' },
    ]);
    const url = `/api/v1/admin/questions/import?bank_id=${bank.id}`;
    const [refused] = await expectRejectedWithoutWrite(ctx.app, {
      tables: [questions, questionCategories],
      calls: [
        {
          method: 'POST',
          url,
          token: manager,
          ...multipartFile('q.xlsx', file, 'application/octet-stream'),
          fields: ['row 3', 'row 6'],
        },
      ],
    });
    expect(refused!.body).toContain('第 3 行：答案：多选题至少需要 2 个正确选项');

    const partial = answerOf(
      importAnswer,
      await upload(`${url}&accept_valid=1`, multipartFile('q.xlsx', file, 'application/octet-stream')),
    );
    expect(partial.imported).toBe(2);
    expect([...new Set(partial.refused.map((r) => r.row))]).toEqual([3, 6]);
    const tree = answerOf(
      categoryTreeAnswer,
      await call('GET', `/api/v1/admin/question-banks/${bank.id}/categories`, manager),
    );
    expect(tree.data.map((c) => c.path).sort()).toEqual(['安全', '安全/电气']);
    expect(tree.bank.question_count).toBe(2);
  });

  it('imports the 60-question fixture and exports it in the same layout, which imports again', async () => {
    const bank = await newBank();
    const rows = questionFixtureRows();
    const imported = answerOf(
      importAnswer,
      await upload(
        `/api/v1/admin/questions/import?bank_id=${bank.id}`,
        multipartFile(
          'fixture.xlsx',
          await workbook(rows.map((r) => r as Record<string, string | number>)),
          'application/octet-stream',
        ),
      ),
    );
    expect(imported).toEqual({ imported: 60, refused: [] });

    const exported = await call('GET', `/api/v1/admin/questions/export?bank_id=${bank.id}`, manager);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const copy = await newBank();
    const again = answerOf(
      importAnswer,
      await upload(
        `/api/v1/admin/questions/import?bank_id=${copy.id}`,
        multipartFile('export.xlsx', exported.rawPayload, 'application/octet-stream'),
      ),
    );
    expect(again.imported).toBe(60);

    const template = await call('GET', '/api/v1/admin/questions/template', manager);
    expect(template.statusCode).toBe(200);
    const overview = answerOf(
      questionOverviewAnswer,
      await call('GET', '/api/v1/admin/questions/overview', manager),
    );
    const mine = overview.banks.find((b) => b.id === bank.id)!;
    expect(mine.by_type).toEqual({ single_choice: 20, choice: 14, determine: 12, essay: 10, material: 4 });
    expect(mine.by_difficulty.reduce((a, b) => a + b, 0)).toBe(60);
    expect(overview.recent.length).toBeGreaterThan(0);
  });

  it('imports a Word document with its image, and refuses a file that is not one', async () => {
    const bank = await newBank();
    const lines = [...SAMPLE_DOCUMENT];
    lines.splice(2, 0, '{image}');
    const docx = await buildDocx(
      lines,
      png(6, 6, () => [9, 9, 9]),
    );
    const url = `/api/v1/admin/questions/import-docx?bank_id=${bank.id}`;
    const done = answerOf(
      importAnswer,
      await upload(url, multipartFile('试题.docx', docx, 'application/octet-stream')),
    );
    expect(done).toEqual({ imported: 5, refused: [] });
    const list = answerOf(
      questionListAnswer,
      await call('GET', `/api/v1/admin/questions?bank_id=${bank.id}&type=single_choice`, manager),
    );
    const stem = list.data[0]!.stem;
    const imageId = /\/api\/v1\/uploads\/([0-9a-f-]{36})/.exec(stem)?.[1];
    expect(imageId).toBeTruthy();
    const [stored] = await ctx.app.db.select().from(uploads).where(eq(uploads.id, imageId!));
    expect(stored?.mime).toBe('image/png');

    const bad = await buildDocx(['[单选题] 没有选项', '答案：A']);
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [questions],
      calls: [
        {
          method: 'POST',
          url,
          token: manager,
          ...multipartFile('x.docx', Buffer.from('not a zip'), 'application/octet-stream'),
          fields: ['file'],
        },
        {
          method: 'POST',
          url,
          token: manager,
          ...multipartFile('bad.docx', bad, 'application/octet-stream'),
          fields: ['row 1'],
        },
      ],
    });
  });
});
