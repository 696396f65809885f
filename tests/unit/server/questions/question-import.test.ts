// @vitest-environment node
// The question import's readers: rows grouped into questions (material + its 材料-… rows) and checked by the
// shared schema with per-row problems, the Word layout parsed from a real .docx (built with jszip), the
// template's example rows and an exported question reading back the same.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { png } from '../../../../src/server/demo/images.ts';
import {
  htmlBlocks,
  isDocx,
  optionsOfLine,
  questionsOfBlocks,
  readQuestionDocument,
} from '../../../../src/server/questions/docx.ts';
import { questionRows, readQuestionWorkbook, stemToText } from '../../../../src/server/questions/excel.ts';
import {
  answerKeys,
  checkQuestionRows,
  emptyCells,
  type QuestionSourceRow,
} from '../../../../src/server/questions/import-rows.ts';
import { writeWorkbook } from '../../../../src/server/lib/excel/export-stream.ts';
import { questionTemplate } from '../../../../src/server/questions/excel.ts';
import { PassThrough } from 'node:stream';
import { questionFixtureRows, writeQuestionFixture } from '../../../e2e/support/question-fixture.ts';
import { buildDocx, SAMPLE_DOCUMENT } from './docx-fixture.ts';
import type { QuestionView } from '../../../../src/shared/questions/schema.ts';

const row = (n: number, cells: Partial<ReturnType<typeof emptyCells>>): QuestionSourceRow => ({
  row: n,
  cells: { ...emptyCells(), ...cells },
});

async function workbookBuffer(write: (stream: PassThrough) => Promise<void>) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  await write(stream);
  return Buffer.concat(chunks);
}

describe('answer keys', () => {
  it('reads letters in any separator and 正确/错误 for determine', () => {
    expect(answerKeys('choice', 'a, c；D')).toEqual(['A', 'C', 'D']);
    expect(answerKeys('single_choice', 'B')).toEqual(['B']);
    expect(answerKeys('determine', '正确')).toEqual(['T']);
    expect(answerKeys('determine', '×')).toEqual(['F']);
    expect(answerKeys('determine', '也许')).toEqual(['也许']);
  });
});

describe('checkQuestionRows', () => {
  it('groups a material question with the rows below it and reports problems on their own rows', () => {
    const checked = checkQuestionRows([
      row(2, {
        type: '单选题',
        stem: '甲？',
        option_A: '一',
        option_B: '二',
        answer: 'B',
        category: '安全 / 电气',
      }),
      row(3, { type: '材料题', stem: '案例', category: '安全' }),
      row(4, { type: '材料-判断题', stem: '对吗？', answer: '错误', score: '2' }),
      row(5, { type: '材料-问答题', stem: '为什么？', reference_answer: '因为', score: '8' }),
      row(6, { type: '多选题', stem: '乙？', option_A: '一', option_B: '二', option_C: '三', answer: 'A' }),
      row(7, { type: '判断题', stem: '丙', answer: '也许' }),
      row(8, { type: '填空题', stem: '丁' }),
      row(9, { type: '单选题', stem: '戊', option_A: '一', option_C: '三', answer: 'A' }),
      row(10, { type: '材料-单选题', stem: '孤儿', option_A: '一', option_B: '二', answer: 'A' }),
      row(11, { type: '问答题', stem: '己', score: 'abc' }),
    ]);
    expect(checked.valid.map((v) => v.row)).toEqual([2, 3]);
    expect(checked.valid[0]!.categoryPath).toBe('安全/电气');
    const material = checked.valid[1]!.input;
    expect(material.type).toBe('material');
    expect(material.sub_questions.map((s) => [s.type, s.answer, s.score])).toEqual([
      ['determine', ['F'], 2],
      ['essay', [], 8],
    ]);
    const byRow = (n: number) => checked.refused.filter((r) => r.row === n).map((r) => r.message);
    expect(byRow(6).join()).toContain('多选题至少需要 2 个正确选项');
    expect(byRow(7).join()).toContain('判断题的答案须为“正确”或“错误”');
    expect(byRow(8).join()).toContain('题型');
    expect(byRow(9).join()).toContain('选项B：选项须从 A 起连续填写');
    expect(byRow(10).join()).toContain('须紧跟在它的材料题之后');
    expect(byRow(11).join()).toContain('分值');
  });

  it('refuses a whole material question when one of its sub-questions is wrong', () => {
    const checked = checkQuestionRows([
      row(2, { type: '材料题', stem: '案例' }),
      row(3, { type: '材料-单选题', stem: '问', option_A: '一', option_B: '二', answer: 'C' }),
      row(4, { type: '材料-问答题', stem: '答' }),
    ]);
    expect(checked.valid).toEqual([]);
    expect(checked.refused.find((r) => r.row === 3)?.message).toContain('答案：答案 C 不是本题的选项');
    expect(checked.refused.some((r) => r.row === 2)).toBe(true);
  });

  it('accepts every row of the 60-question browser fixture', () => {
    const rows = questionFixtureRows().map((cells, index) =>
      row(index + 2, Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, String(v)]))),
    );
    const checked = checkQuestionRows(rows);
    expect(checked.refused).toEqual([]);
    expect(checked.valid).toHaveLength(60);
    expect(new Set(checked.valid.map((v) => v.input.type)).size).toBe(5);
  });
});

describe('the workbook', () => {
  it('reads the written fixture file and the template back into valid questions', async () => {
    const file = `.tmp/question-fixture-${process.pid}.xlsx`;
    await import('node:fs/promises').then((fs) => fs.mkdir('.tmp', { recursive: true }));
    const counts = await writeQuestionFixture(file);
    const rows = await readQuestionWorkbook(
      Buffer.from(await import('node:fs/promises').then((fs) => fs.readFile(file))),
    );
    expect(checkQuestionRows(rows).valid).toHaveLength(counts.total);

    const template = await workbookBuffer((s) => writeWorkbook(questionTemplate(), s));
    const checked = checkQuestionRows(await readQuestionWorkbook(template));
    expect(checked.refused).toEqual([]);
    expect(checked.valid.map((v) => v.input.type)).toEqual([
      'single_choice',
      'choice',
      'determine',
      'essay',
      'material',
    ]);
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(template as unknown as ArrayBuffer);
    expect(sheet.getWorksheet('说明')?.getCell('A1').value).toBe('试题导入说明');
  });

  it('exports a question in the layout it imports from', () => {
    const view: QuestionView = {
      id: 1,
      bank_id: 1,
      bank_name: '库',
      category_id: 2,
      category_path: '安全/电气',
      type: 'material',
      stem: '<p>第一段 &amp; 说明</p><p>第二段</p>',
      options: [],
      answer: [],
      reference_answer: '',
      analysis: '',
      score: 3,
      difficulty: 2,
      enabled: true,
      sub_questions: [
        {
          id: 2,
          type: 'determine',
          stem: '<p>对吗</p>',
          options: [
            { key: 'T', text: '正确' },
            { key: 'F', text: '错误' },
          ],
          answer: ['F'],
          reference_answer: '',
          analysis: '',
          score: 1,
          difficulty: 1,
        },
        {
          id: 3,
          type: 'choice',
          stem: '<p>哪些</p>',
          options: [
            { key: 'A', text: '一' },
            { key: 'B', text: '二' },
          ],
          answer: ['A', 'B'],
          reference_answer: '',
          analysis: '',
          score: 2,
          difficulty: 3,
        },
      ],
      created_by: null,
      created_at: '',
      updated_at: '',
    };
    const rows = questionRows(view);
    expect(rows.map((r) => r.type)).toEqual(['材料题', '材料-判断题', '材料-多选题']);
    expect(stemToText(view.stem)).toBe('第一段 & 说明\n第二段');
    const checked = checkQuestionRows(
      rows.map((r, i) =>
        row(i + 2, Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? '' : String(v)]))),
      ),
    );
    expect(checked.refused).toEqual([]);
    const back = checked.valid[0]!;
    expect(back.categoryPath).toBe('安全/电气');
    expect(back.input.sub_questions.map((s) => [s.type, s.answer, s.score])).toEqual([
      ['determine', ['F'], 1],
      ['choice', ['A', 'B'], 2],
    ]);
  });
});

describe('the Word layout', () => {
  it('splits option lines', () => {
    expect(optionsOfLine('A. 甲  B．乙 C、丙')).toEqual([
      { key: 'A', text: '甲' },
      { key: 'B', text: '乙' },
      { key: 'C', text: '丙' },
    ]);
    expect(optionsOfLine('Apple is red')).toBeNull();
  });

  it('reads every type from a .docx, with the image stored and referenced in the stem', async () => {
    const image = png(8, 8, () => [200, 30, 30]);
    const lines = [...SAMPLE_DOCUMENT];
    lines.splice(2, 0, '{image}');
    const docx = await buildDocx(lines, image);
    expect(isDocx(docx)).toBe(true);
    expect(isDocx(Buffer.from('PK\u0003\u0004 not a word file at all, just text'))).toBe(false);
    const saved: Buffer[] = [];
    const rows = await readQuestionDocument(docx, async (content) => {
      saved.push(content);
      return '/api/v1/uploads/00000000-0000-4000-8000-000000000001';
    });
    expect(saved).toHaveLength(1);
    expect(rows.map((r) => r.cells.type)).toEqual([
      '单选题',
      '多选题',
      '判断题',
      '问答题',
      '材料题',
      '材料-单选题',
      '材料-问答题',
    ]);
    expect(rows[0]!.stemHtml).toContain('<img src="/api/v1/uploads/00000000-0000-4000-8000-000000000001">');
    expect(rows[0]!.cells).toMatchObject({
      score: '2',
      difficulty: '3',
      category: '安全/电气',
      answer: 'B',
      option_B: '切断电源',
    });
    expect(rows[3]!.cells.reference_answer).toBe('脱离电源、判断意识、呼救、心肺复苏。\n分步骤给分。');
    const checked = checkQuestionRows(rows);
    expect(checked.refused).toEqual([]);
    expect(checked.valid.map((v) => v.input.type)).toEqual([
      'single_choice',
      'choice',
      'determine',
      'essay',
      'material',
    ]);
    expect(checked.valid[4]!.input.sub_questions).toHaveLength(2);
  });

  it('refuses a document without questions and a file that is not a document', async () => {
    await expect(readQuestionDocument(await buildDocx(['只是一段说明']), async () => '')).rejects.toThrow(
      '没有找到试题',
    );
    await expect(readQuestionDocument(Buffer.from('hello'), async () => '')).rejects.toThrow(
      '不是有效的 Word',
    );
  });

  it('keeps paragraphs apart and drops markup from their text', () => {
    const blocks = htmlBlocks('<p><strong>[单选题]</strong> 题 &lt;b&gt;</p><p>A. 一 B. 二</p>');
    expect(blocks.map((b) => b.text)).toEqual(['[单选题] 题 <b>', 'A. 一 B. 二']);
    const [q] = questionsOfBlocks(blocks);
    expect(q!.stemHtml).toBe('<p>题 &lt;b&gt;</p>');
  });
});
