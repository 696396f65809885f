// Steps of the question bank pages for browser journeys (the page must be logged in as a founder or manager):
// create a bank with its category paths, and import a question workbook into a bank through the question
// page's Excel import. The theory exam journey imports these.
import { expect, type Page } from '@playwright/test';

export interface BankSpec {
  name: string;
  /** The occupation's name as the select shows it, e.g. 茶艺师. */
  occupation: string;
  /** The level's label as the select shows it, e.g. 中级工 (四级). Matched as a substring. */
  level: string;
  /** Category paths to create, parents first: ['安全', '安全/电气']. A missing parent is created too. */
  categories?: readonly string[];
}

/** Opens a Mantine Select by its test id and picks the first option whose text matches. */
export async function chooseOption(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Creates the bank on /manage/exam/question-bank and its categories; answers the bank's id. */
export async function createBankAndCategory(page: Page, spec: BankSpec): Promise<number> {
  await page.goto('/manage/exam/question-bank');
  await expect(page.getByTestId('bank-table')).toBeVisible();
  await page.getByTestId('bank-add').click();
  await page.getByTestId('bank-name').fill(spec.name);
  await chooseOption(page, 'bank-occupation', spec.occupation);
  await chooseOption(page, 'bank-level', new RegExp(spec.level));
  await page.getByTestId('bank-save').click();
  await expect(page.getByTestId('bank-save')).toBeHidden();

  await page.getByTestId('bank-search').fill(spec.name);
  const row = page.locator('[data-testid^="bank-row-"]', { hasText: spec.name });
  await expect(row).toHaveCount(1);
  const bankId = Number((await row.getAttribute('data-testid'))!.replace('bank-row-', ''));

  const paths = new Set<string>();
  for (const path of spec.categories ?? []) {
    const parts = path.split('/');
    for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join('/'));
  }
  if (paths.size) {
    await page.getByTestId(`bank-categories-${bankId}`).click();
    await expect(page.getByTestId('category-tree')).toBeVisible();
    for (const path of paths) {
      const parts = path.split('/');
      await page.getByTestId('category-add').click();
      await page.getByTestId('category-name').fill(parts[parts.length - 1]!);
      if (parts.length > 1) await chooseOption(page, 'category-parent', parts.slice(0, -1).join('/'));
      await page.getByTestId('category-save').click();
      await expect(page.getByTestId('category-save')).toBeHidden();
      await expect(page.locator(`[data-category-path="${path}"]`)).toBeVisible();
    }
  }
  return bankId;
}

/**
 * Imports the workbook at `xlsxPath` into the bank named `bankName` from /manage/exam/question and waits for
 * the report; answers the number of questions the report says were imported.
 */
export async function importQuestionsFromTemplate(
  page: Page,
  bankName: string,
  xlsxPath: string,
): Promise<number> {
  await page.goto('/manage/exam/question');
  await expect(page.getByTestId('question-table')).toBeVisible();
  await chooseOption(page, 'question-bank-filter', bankName);
  await expect(page.getByTestId('questions-import')).toBeEnabled();
  await page.getByTestId('questions-import-input').setInputFiles(xlsxPath);
  const done = page.getByTestId('questions-import-done');
  await expect(done).toBeVisible({ timeout: 60_000 });
  const imported = Number(/(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? 0);
  return imported;
}
