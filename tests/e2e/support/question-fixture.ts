// A question import workbook in the template's layout (题型, 分类, 题干, 选项A..H, 答案, 参考答案, 解析, 分值,
// 难度): by default 60 questions of all five types, the material questions followed by their `材料-…`
// sub-question rows, in three category paths that the import creates. Used by the question bank spec and the
// theory exam journey (a random paper drawn from these questions).
import ExcelJS from 'exceljs';
import { QUESTION_SHEET_COLUMNS } from '../../../src/shared/questions/schema.ts';

export interface QuestionFixtureCounts {
  single_choice: number;
  choice: number;
  determine: number;
  essay: number;
  material: number;
}

/** 60 questions: 20 单选, 14 多选, 12 判断, 10 问答, 4 材料 (each with 2 sub-questions). */
export const DEFAULT_FIXTURE_COUNTS: QuestionFixtureCounts = {
  single_choice: 20,
  choice: 14,
  determine: 12,
  essay: 10,
  material: 4,
};

export const FIXTURE_CATEGORIES = ['安全/电气', '安全/机械', '基础知识'] as const;

type Row = Partial<Record<(typeof QUESTION_SHEET_COLUMNS)[number]['key'], string | number>>;

/** The rows of the fixture (without the header), in sheet order. */
export function questionFixtureRows(
  counts: QuestionFixtureCounts = DEFAULT_FIXTURE_COUNTS,
  tag = 'E2E',
): Row[] {
  const rows: Row[] = [];
  const category = (n: number) => FIXTURE_CATEGORIES[n % FIXTURE_CATEGORIES.length]!;
  const difficulty = (n: number) => (n % 5) + 1;
  for (let i = 1; i <= counts.single_choice; i++)
    rows.push({
      type: '单选题',
      category: category(i),
      stem: `${tag} 单选题 ${i}：下列哪一项是正确的安全做法？`,
      option_A: `做法 A${i}`,
      option_B: `做法 B${i}`,
      option_C: `做法 C${i}`,
      option_D: `做法 D${i}`,
      answer: 'ABCD'[i % 4]!,
      analysis: `单选题 ${i} 的解析`,
      score: 1,
      difficulty: difficulty(i),
    });
  for (let i = 1; i <= counts.choice; i++)
    rows.push({
      type: '多选题',
      category: category(i + 1),
      stem: `${tag} 多选题 ${i}：以下哪些属于规范操作？`,
      option_A: `操作 A${i}`,
      option_B: `操作 B${i}`,
      option_C: `操作 C${i}`,
      option_D: `操作 D${i}`,
      answer: i % 2 ? 'ACD' : 'AB',
      analysis: `多选题 ${i} 的解析`,
      score: 2,
      difficulty: difficulty(i + 1),
    });
  for (let i = 1; i <= counts.determine; i++)
    rows.push({
      type: '判断题',
      category: category(i + 2),
      stem: `${tag} 判断题 ${i}：作业前应先检查工具是否完好。`,
      answer: i % 3 ? '正确' : '错误',
      score: 1,
      difficulty: difficulty(i + 2),
    });
  for (let i = 1; i <= counts.essay; i++)
    rows.push({
      type: '问答题',
      category: category(i),
      stem: `${tag} 问答题 ${i}：简述作业现场的安全检查要点。`,
      reference_answer: `要点 ${i}：检查工具、防护用品和作业环境。`,
      score: 10,
      difficulty: difficulty(i + 3),
    });
  for (let i = 1; i <= counts.material; i++) {
    rows.push({
      type: '材料题',
      category: category(i + 1),
      stem: `${tag} 材料题 ${i}：某车间在检修时发生一起事故，阅读案例后回答问题。`,
      difficulty: difficulty(i),
    });
    rows.push({
      type: '材料-单选题',
      stem: `材料题 ${i} 小题 1：事故的直接原因是？`,
      option_A: '未断电',
      option_B: '天气原因',
      option_C: '设备老化',
      answer: 'A',
      score: 2,
      difficulty: 3,
    });
    rows.push({
      type: '材料-问答题',
      stem: `材料题 ${i} 小题 2：应如何整改？`,
      reference_answer: '建立停电挂牌制度，作业前验电。',
      score: 8,
      difficulty: 4,
    });
  }
  return rows;
}

/** Writes the fixture workbook to `file`; answers how many questions of each type it holds. */
export async function writeQuestionFixture(
  file: string,
  counts: QuestionFixtureCounts = DEFAULT_FIXTURE_COUNTS,
  tag = 'E2E',
): Promise<QuestionFixtureCounts & { total: number }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('试题');
  sheet.columns = QUESTION_SHEET_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 16 }));
  for (const row of questionFixtureRows(counts, tag)) sheet.addRow(row);
  await workbook.xlsx.writeFile(file);
  const total = counts.single_choice + counts.choice + counts.determine + counts.essay + counts.material;
  return { ...counts, total };
}
