// Steps of the test paper pages for browser journeys (the page must be logged in as a founder or manager):
// build a random paper on a bank through the paper form, and check and approve a paper on its check page.
// The theory exam journey imports these.
import { expect, type Page } from '@playwright/test';
import { escapeRegExp } from '../fixtures/index.ts';
import type { QuestionType } from '../../../src/shared/exams/question-count.ts';

export interface RandomPaperSpec {
  name: string;
  /** The bank's name (the bank select shows `name（occupation）`; matched as a prefix). */
  bank: string;
  /** Questions per type; types left out stay 0. */
  counts: Partial<Record<QuestionType, number>>;
  /** Score of one question per type; types left out keep the question's own score. */
  typeScores?: Partial<Record<QuestionType, number>>;
  durationMinutes?: number;
  passScore?: number;
}

/** Fills a Mantine NumberInput by its test id (the test id sits on the input). */
async function fillNumber(page: Page, testId: string, value: number) {
  const input = page.getByTestId(testId);
  await input.fill(String(value));
  await input.blur();
}

/** Builds a random paper on /manage/exam/testpaper/new and saves it; answers the new paper's id. */
export async function buildRandomPaper(page: Page, spec: RandomPaperSpec): Promise<number> {
  await page.goto('/manage/exam/testpaper/new');
  await expect(page.getByTestId('test-paper-page')).toBeVisible();
  await page.getByTestId('paper-name').fill(spec.name);
  await page.getByTestId('paper-bank').click();
  await page
    .getByRole('option', { name: new RegExp(`^${escapeRegExp(spec.bank)}（`) })
    .first()
    .click();
  // The bank's counts arrive: each count field says what the bank offers.
  await expect(page.getByText(/题库可用 \d+ 题/).first()).toBeVisible();
  for (const [type, count] of Object.entries(spec.counts))
    await fillNumber(page, `paper-count-${type}`, count);
  for (const [type, score] of Object.entries(spec.typeScores ?? {}))
    await fillNumber(page, `paper-type-score-${type}`, score);
  if (spec.durationMinutes !== undefined) await fillNumber(page, 'paper-duration', spec.durationMinutes);
  await fillNumber(page, 'paper-pass-score', spec.passScore ?? 1);
  await page.getByTestId('paper-save').click();
  await expect(page).toHaveURL(/\/manage\/exam\/testpaper\/\d+$/);
  await expect(page.getByTestId('paper-state')).toHaveText('草稿');
  return Number(/\/testpaper\/(\d+)$/.exec(page.url())![1]);
}

/** Finds the paper named `name` in the list, opens its check page and approves it; answers its id. */
export async function checkAndApprovePaper(page: Page, name: string): Promise<number> {
  await page.goto('/manage/exam/testpaper');
  await expect(page.getByTestId('papers-table')).toBeVisible();
  await page.getByTestId('paper-search').fill(name);
  const row = page.locator('[data-testid^="paper-row-"]', { hasText: new RegExp(`^${escapeRegExp(name)}$`) });
  await expect(row).toHaveCount(1);
  const paperId = Number((await row.getAttribute('data-testid'))!.replace('paper-row-', ''));
  await page.getByTestId(`paper-check-${paperId}`).click();
  await expect(page.getByTestId('test-paper-check-page')).toBeVisible();
  await expect(page.getByTestId('paper-sample')).toBeVisible();
  await page.getByTestId('paper-approve').click();
  await page.getByTestId('paper-approve-confirm').click();
  await expect(page.getByTestId('paper-check-state')).toHaveText('已审核');
  return paperId;
}
