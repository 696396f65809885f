// @vitest-environment node
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../../../src/server/errors.ts';
import {
  checkRows,
  refusedRowErrors,
  settleImport,
} from '../../../../../src/server/lib/excel/import-rows.ts';
import { readSheet, type SheetColumn } from '../../../../../src/server/lib/excel/read-sheet.ts';
import { writeWorkbook } from '../../../../../src/server/lib/excel/export-stream.ts';

const columns: SheetColumn<'code' | 'name' | 'hours'>[] = [
  { key: 'code', header: '编号' },
  { key: 'name', header: '名称' },
  { key: 'hours', header: '学时(小时)' },
];
const rowSchema = z.object({
  code: z.string().min(1, '编号不能为空'),
  name: z.string().max(4, '名称最多 4 个字'),
  hours: z.coerce.number({ message: '学时须为数字' }).int('学时须为整数'),
});

async function workbook(header: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const fieldErrorsOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return {
    status: (error as AppError).statusCode,
    errors: (error as AppError).errors,
    message: (error as AppError).message,
  };
};

describe('readSheet', () => {
  it('finds columns by header text in any order, reads cells as text and skips blank rows', async () => {
    const file = await workbook(
      ['学时', '名称', '编号'],
      [
        [12, '焊工', 'A01'],
        [null, null, null],
        [8, '电工', 123456789012345],
      ],
    );
    const rows = await readSheet(file, columns, { required: ['code'], maxRows: 10 });
    expect(rows).toEqual([
      { row: 2, cells: { code: 'A01', name: '焊工', hours: '12' } },
      { row: 4, cells: { code: '123456789012345', name: '电工', hours: '8' } },
    ]);
  });

  it('refuses a file that is not a workbook, lacks a required column or has too many rows', async () => {
    expect(
      (await fieldErrorsOf(readSheet(Buffer.from('plain text'), columns, { required: [], maxRows: 5 })))
        .errors,
    ).toEqual({
      file: [expect.stringContaining('不是有效的 Excel')],
    });
    const noCode = await workbook(['名称', '学时'], [['焊工', 1]]);
    expect(
      (await fieldErrorsOf(readSheet(noCode, columns, { required: ['code'], maxRows: 5 }))).errors,
    ).toEqual({
      file: [expect.stringContaining('缺少“编号”列')],
    });
    const many = await workbook(['编号'], [['a'], ['b'], ['c']]);
    expect(
      (await fieldErrorsOf(readSheet(many, columns, { required: ['code'], maxRows: 2 }))).errors,
    ).toEqual({
      file: ['一次最多导入 2 行'],
    });
  });

  it('counts a row only when a significant cell has text', async () => {
    const file = await workbook(
      ['编号', '名称', '学时'],
      [
        [null, null, 5],
        ['B', null, null],
      ],
    );
    const rows = await readSheet(file, columns, {
      required: ['code'],
      significant: ['code', 'name'],
      maxRows: 5,
    });
    expect(rows.map((r) => r.row)).toEqual([3]);
  });
});

describe('checkRows', () => {
  const rows = [
    { row: 2, cells: { code: 'A', name: '焊工', hours: '8' } },
    { row: 3, cells: { code: '', name: '电工技师长', hours: 'x' } },
    { row: 4, cells: { code: 'A', name: '钳工', hours: '4' } },
  ];

  it('splits rows into valid values and per-field refusals, the area rules first', () => {
    const seen = new Set<string>();
    const checked = checkRows(rows, {
      schema: rowSchema,
      toInput: (cells, refuse) => {
        if (cells.code && seen.has(cells.code)) refuse('code', `编号 ${cells.code} 重复`);
        seen.add(cells.code);
        return cells;
      },
    });
    expect(checked.valid).toEqual([
      { row: 2, cells: rows[0]!.cells, value: { code: 'A', name: '焊工', hours: 8 } },
    ]);
    expect(checked.refused).toEqual([
      { row: 3, field: 'code', message: '编号不能为空' },
      { row: 3, field: 'name', message: '名称最多 4 个字' },
      { row: 3, field: 'hours', message: '学时须为数字' },
      { row: 4, field: 'code', message: '编号 A 重复' },
    ]);
    expect(refusedRowErrors(checked.refused)).toEqual({
      'row 3': ['第 3 行：编号不能为空', '第 3 行：名称最多 4 个字', '第 3 行：学时须为数字'],
      'row 4': ['第 4 行：编号 A 重复'],
    });
  });
});

describe('settleImport', () => {
  const checked = checkRows(
    [
      { row: 2, cells: { code: 'A', name: '焊工', hours: '8' } },
      { row: 3, cells: { code: '', name: '电工', hours: '2' } },
    ],
    { schema: rowSchema },
  );

  it('writes nothing and answers 422 per row when a row is refused', async () => {
    const write = vi.fn(async () => 1);
    const refused = await fieldErrorsOf(
      settleImport({ checked, acceptValid: false, subject: '课程', write }),
    );
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual({ 'row 3': ['第 3 行：编号不能为空'] });
    expect(refused.message).toBe('共 1 行有误，未导入任何课程：第 3 行：编号不能为空');
    expect(write).not.toHaveBeenCalled();
  });

  it('writes the valid rows and reports the refused ones when the sender asks for it', async () => {
    const write = vi.fn(async (valid: { value: unknown }[]) => valid.length);
    const answer = await settleImport({ checked, acceptValid: true, subject: '课程', write });
    expect(write).toHaveBeenCalledWith([expect.objectContaining({ row: 2 })]);
    expect(answer).toEqual({ imported: 1, refused: [{ row: 3, field: 'code', message: '编号不能为空' }] });
  });

  it('still refuses a file with no valid row at all', async () => {
    const none = checkRows([{ row: 2, cells: { code: '', name: '', hours: '' } }], { schema: rowSchema });
    const write = vi.fn(async () => 0);
    expect(
      (await fieldErrorsOf(settleImport({ checked: none, acceptValid: true, subject: '课程', write })))
        .status,
    ).toBe(422);
    expect(write).not.toHaveBeenCalled();
  });
});

describe('writeWorkbook', () => {
  it('streams keyed rows under a bold header and a notes sheet, read back as written', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    async function* rows() {
      for (let i = 1; i <= 3; i++) yield { id: `4401${i}`.padEnd(18, '0'), score: i * 10 };
    }
    await writeWorkbook(
      {
        sheets: [
          {
            name: '成绩',
            columns: [
              { key: 'id', header: '身份证号', text: true, width: 22 },
              { key: 'score', header: '分数' },
            ],
            rows: rows(),
          },
          { name: '说明', lines: ['第一行', '第二行'] },
        ],
      },
      output,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const [sheet, notes] = book.worksheets;
    expect(sheet!.name).toBe('成绩');
    expect(sheet!.rowCount).toBe(4);
    expect(sheet!.getRow(1).font?.bold).toBe(true);
    expect(sheet!.getRow(2).values).toEqual([undefined, '440110000000000000', 10]);
    expect(sheet!.getCell('A2').numFmt).toBe('@');
    expect(notes!.getCell('A2').value).toBe('第二行');
  });
});
