// The shared Excel import and export as the score import uses them: all or nothing by default, the valid
// rows on request with the refused ones reported, the template streamed as an .xlsx download.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAnswer } from '../../src/shared/api/excel-import.ts';
import { scores } from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, paidPlan } from '../helpers/certificates.ts';

let ctx: TestContext;
let managerToken: string;
let planId: number;

const usernames = ['candidate01', 'candidate02', 'candidate03'];

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  managerToken = await login(ctx.app, 'manager', 'administrators');
  ({ planId } = await paidPlan(ctx, { usernames, examDay: -5, title: '导入测试计划' }));
  for (const step of ['seats/auto', 'tickets/issue']) {
    const res = await request(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/plans/${planId}/${step}`,
      token: managerToken,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => ctx.close());

async function template(): Promise<ExcelJS.Workbook> {
  const res = await request(ctx.app, {
    method: 'GET',
    url: `/api/v1/admin/plans/${planId}/scores/template`,
    token: managerToken,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toContain(encodeURIComponent('成绩导入模板-'));
  expect(res.headers['cache-control']).toBe('private, no-store');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

function multipart(file: Buffer) {
  const boundary = '----exceltest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scores.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const importFile = (file: Buffer, query = '') =>
  request(ctx.app, {
    method: 'POST',
    url: `/api/v1/admin/plans/${planId}/scores/import${query}`,
    token: managerToken,
    ...multipart(file),
  });

const storedScores = () => ctx.app.db.select().from(scores).where(eq(scores.planId, planId));

describe('Excel import and export', () => {
  it('streams the template: candidates as text cells, a notes sheet', async () => {
    const book = await template();
    const [sheet, notes] = book.worksheets;
    expect(sheet!.getRow(1).values).toEqual([
      undefined,
      '准考证号',
      '身份证号',
      '姓名',
      '理论成绩',
      '实操成绩',
      '缺考(是/否)',
      '违纪(是/否)',
    ]);
    expect(sheet!.rowCount).toBe(usernames.length + 1);
    expect(sheet!.getCell('B2').numFmt).toBe('@');
    expect(String(notes!.getCell('A1').value)).toContain('导入测试计划');
  });

  it('writes nothing for a file with a refused row, and only the valid rows when asked', async () => {
    const book = await template();
    const sheet = book.worksheets[0]!;
    sheet.getCell('D2').value = 81;
    sheet.getCell('E2').value = 72;
    sheet.getCell('D3').value = '八十';
    sheet.getCell('E3').value = 60;
    sheet.getCell('D4').value = 90;
    sheet.getCell('E4').value = 91;
    sheet.getCell('F4').value = '也许';
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const refused = await importFile(file);
    expect(refused.statusCode).toBe(422);
    const body = refused.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(['row 3', 'row 4']);
    expect(body.message).toMatch(/^共 2 行有误，未导入任何成绩：第 3 行：/);
    expect(await storedScores()).toEqual([]);

    const partial = await importFile(file, '?accept_valid=1');
    expect(partial.statusCode).toBe(200);
    const answer = importAnswer.parse(partial.json());
    expect(answer.imported).toBe(1);
    expect(answer.refused.map((r) => [r.row, r.field])).toEqual([
      [3, 'theory'],
      [4, 'absent'],
    ]);
    expect(answer.refused[1]!.message).toContain('缺考');
    const stored = await storedScores();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ theory: 81, practical: 72 });
  });

  it('refuses a bad switch and a file with no valid row even when the valid rows are asked for', async () => {
    const book = await template();
    book.worksheets[0]!.getCell('D2').value = 'x';
    for (const r of [3, 4]) book.worksheets[0]!.getRow(r).values = [];
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const bad = await importFile(file, '?accept_valid=yes');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as { errors: Record<string, string[]> }).errors)).toEqual([
      'accept_valid',
    ]);
    const none = await importFile(file, '?accept_valid=1');
    expect(none.statusCode).toBe(422);
    expect(Object.keys((none.json() as { errors: Record<string, string[]> }).errors)).toEqual(['row 2']);
  });
});
