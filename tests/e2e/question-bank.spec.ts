// The question bank in the browser, against the built app and the demo data: the manager creates a bank
// with a category path, imports the 60-question template workbook (all five types, material questions with
// their sub-questions) through the question page's Excel import, finds the questions by type, and sees the
// bank's counts on the question bank landing.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import {
  chooseOption,
  createBankAndCategory,
  importQuestionsFromTemplate,
} from './support/exam-questions.ts';
import { writeQuestionFixture } from './support/question-fixture.ts';

test('the manager builds a bank, imports 60 questions of every type and sees the counts', async ({
  page,
}) => {
  // Steps: the bank form, two categories, the import, the type filter, the landing.
  test.setTimeout(journeyTimeout(12));
  const bankName = `E2E题库${Date.now() % 1_000_000}`;
  const dir = path.resolve('.tmp', 'e2e-questions');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${bankName}.xlsx`);
  const counts = await writeQuestionFixture(file);

  await loginWithToken(page, 'manager', '/manage/exam/question-bank');
  const bankId = await createBankAndCategory(page, {
    name: bankName,
    occupation: '电工',
    level: '中级工',
    categories: ['安全/电气'],
  });
  await expect(page.locator('[data-category-path="安全"]')).toBeVisible();

  expect(await importQuestionsFromTemplate(page, bankName, file)).toBe(counts.total);
  await expect(page.getByTestId('question-table')).toContainText('E2E 问答题');

  // The import created the categories it named and kept the material questions' sub-questions.
  await chooseOption(page, 'question-type-filter', '材料题');
  await expect(page.locator('[data-testid^="question-row-"]')).toHaveCount(counts.material);
  await expect(page.getByTestId('question-table')).toContainText('材料题 · 2');

  await page.goto('/manage/examinationAffairsManage/question/index');
  const card = page.getByTestId(`landing-bank-${bankId}`);
  await expect(card.getByTestId(`landing-bank-${bankId}-total`)).toContainText(String(counts.total));
  await expect(card.getByTestId(`landing-bank-${bankId}-types`)).toContainText(
    `单选题 ${counts.single_choice}`,
  );
  await expect(card.getByTestId(`landing-bank-${bankId}-types`)).toContainText(`材料题 ${counts.material}`);
  await expect(page.getByTestId('question-entry-papers')).toBeVisible();
});
