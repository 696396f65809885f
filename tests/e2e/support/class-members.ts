// Steps of the student list and the class detail page for browser journeys (the page must be logged in as
// the manager): import students from an Excel file made here, first as accounts on the student list and
// then into a class on its detail page; a bad row is reported by both imports and the valid rows are then
// imported on request. The lead's journey imports importStudents and studentRows.
import ExcelJS from 'exceljs';
import { expect, type Page } from '@playwright/test';
import { idCardCheckChar } from '../../../src/shared/auth/id-card.ts';

export const STUDENT_LIST = '/manage/trainingManage/student/index';
export const classInfoPage = (classId: number) => `/manage/trainingManage/classes/info?id=${classId}`;

export interface StudentRow {
  name: string;
  idNumber: string;
  phone: string;
  /** A college's name or code; blank for none. */
  college?: string;
}

/**
 * `count` students with valid, fresh ID numbers and phones (a per-run stamp keeps them apart from earlier
 * runs); the row at `badIndex` gets an ID number whose check digit is wrong.
 */
export function studentRows(count: number, badIndex: number | null = null, stamp = Date.now()): StudentRow[] {
  const base = stamp % 1_000_000;
  return Array.from({ length: count }, (_, i) => {
    const serial = String((base + i) % 1_000_000).padStart(6, '0');
    // Born 1985-1995 (months 01-09, days 10-28), a three-digit sequence from the serial.
    const birth = `${1985 + (Number(serial) % 11)}0${(i % 9) + 1}${10 + (i % 19)}`;
    const first17 = `320104${birth}${serial.slice(-3)}`;
    const check = idCardCheckChar(first17);
    const wrong = check === '1' ? '2' : '1';
    return {
      name: `导入学员${serial.slice(-4)}`,
      idNumber: `${first17}${i === badIndex ? wrong : check}`,
      phone: `135${serial.slice(0, 2)}${serial}`.slice(0, 11),
      college: '江南职业技术学院',
    };
  });
}

/** The rows as an .xlsx in the student template's layout. */
export async function studentWorkbook(rows: readonly StudentRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学员');
  sheet.addRow(['姓名', '身份证号', '手机号', '院校']);
  for (const row of rows) sheet.addRow([row.name, row.idNumber, row.phone, row.college ?? '']);
  sheet.getColumn(2).numFmt = '@';
  sheet.getColumn(3).numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Uploads the file to the kit's import `testId`; when `refused` rows are expected, checks the report names
 * each of them, then imports the valid rows. Answers the report's text.
 */
async function runImport(
  page: Page,
  testId: string,
  file: Buffer,
  refused: readonly number[],
): Promise<string> {
  await page
    .getByTestId(`${testId}-input`)
    .setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: file });
  if (refused.length) {
    const errors = page.getByTestId(`${testId}-errors`);
    await expect(errors).toBeVisible();
    for (const row of refused) await expect(errors).toContainText(`第 ${row} 行`);
    await page.getByTestId(`${testId}-accept-valid`).click();
  }
  const done = page.getByTestId(`${testId}-done`);
  await expect(done).toBeVisible();
  return (await done.textContent()) ?? '';
}

/**
 * Imports the rows as learner accounts on the student list, then into the class on its detail page. Rows
 * with a bad ID number are refused by both (reported by spreadsheet row, the header being row 1) and the
 * rest imported on request. Answers how many students the class page then lists.
 */
export async function importStudents(
  page: Page,
  classId: number,
  rows: readonly StudentRow[],
): Promise<number> {
  const file = await studentWorkbook(rows);
  const bad = rows.flatMap((row, i) => {
    const first17 = row.idNumber.slice(0, 17);
    return idCardCheckChar(first17) === row.idNumber.slice(17) ? [] : [i + 2];
  });

  await page.goto(STUDENT_LIST);
  await expect(page.getByTestId('students-table')).toBeVisible();
  await runImport(page, 'students-import', file, bad);

  await page.goto(classInfoPage(classId));
  await expect(page.getByTestId('class-header')).toBeVisible();
  await expect(page.getByTestId('members-table')).toBeVisible();
  await runImport(page, 'members-import', file, bad);
  const good = rows.filter((_, i) => !bad.includes(i + 2));
  await page.getByTestId('members-search').fill(good[0]!.name);
  await expect(page.locator('[data-testid^="member-row-"]')).toHaveCount(1);
  await page.getByTestId('members-search').fill('');
  return good.length;
}
