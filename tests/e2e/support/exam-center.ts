// Steps of the exam centre pages for browser journeys (the page must be logged in as a founder or manager):
// bind an approved paper to a plan's theory session and open the exam (the window starting now), score every
// essay and material answer of a paper with the keyboard in blind mode, and write the theory scores of a
// plan's exam into its score sheet. The theory exam journey imports these.
import { expect, type Page } from '@playwright/test';
import { escapeRegExp } from '../fixtures/index.ts';

/** The exam plan list filtered to one plan: answers its theory session's id. */
async function sessionOf(page: Page, planTitle: string): Promise<number> {
  await page.goto('/manage/examinationCenter/examPlanLists');
  await expect(page.getByTestId('exam-plan-lists-page')).toBeVisible();
  await page.getByTestId('exam-search').fill(planTitle);
  const row = page.locator('[data-testid^="exam-session-"]', { hasText: planTitle });
  await expect(row).toHaveCount(1);
  return Number((await row.getAttribute('data-testid'))!.replace('exam-session-', ''));
}

/**
 * Binds the approved paper `paperName` to the plan's theory session with a window from now, and opens the
 * exam (confirmed). Answers the session id.
 */
export async function bindAndOpenExam(page: Page, planTitle: string, paperName: string): Promise<number> {
  const sessionId = await sessionOf(page, planTitle);
  await page.getByTestId(`exam-bind-${sessionId}`).click();
  await expect(page.getByTestId('exam-bind-paper')).toBeVisible();
  await page.getByTestId('exam-bind-paper').click();
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(paperName)}（`) }).click();
  await page.getByTestId('exam-bind-now').click();
  await page.getByTestId('exam-bind-save').click();
  await expect(page.getByTestId(`exam-state-${sessionId}`)).toHaveText('未开考');
  await page.getByTestId(`exam-open-${sessionId}`).click();
  await page.getByTestId('exam-open-confirm').click();
  await expect(page.getByTestId(`exam-state-${sessionId}`)).toHaveText('考试中');
  return sessionId;
}

/** Opens the marking page of the paper named `paperName` (from the exam centre's paper list). */
export async function openMarking(page: Page, paperName: string): Promise<number> {
  await page.goto('/manage/examinationCenter/exam/testpaper');
  await expect(page.getByTestId('marking-papers-page')).toBeVisible();
  await page.getByTestId('marking-search').fill(paperName);
  const link = page.locator('[data-testid^="marking-paper-"]', {
    hasText: new RegExp(`^${escapeRegExp(paperName)}$`),
  });
  await expect(link).toHaveCount(1);
  const paperId = Number((await link.getAttribute('data-testid'))!.replace('marking-paper-', ''));
  await link.click();
  await expect(page.getByTestId('marking-paper-page')).toBeVisible();
  return paperId;
}

/**
 * Scores every essay and material answer of the paper in blind mode with the keyboard: the score typed in the
 * focused score box (`score(max)`, half marks by default), Enter saves and moves to the next unscored one.
 */
export async function scoreAllEssays(
  page: Page,
  paperName: string,
  score: (max: number) => number = (max) => Math.floor(max) / 2,
): Promise<number> {
  await openMarking(page, paperName);
  await page.getByTestId('marking-tab-scoring').click();
  const progress = page.getByTestId('scoring-progress');
  await expect(progress).toBeVisible();
  const total = Number(/\/ (\d+)/.exec((await progress.textContent()) ?? '')![1]);
  for (;;) {
    const text = (await progress.textContent()) ?? '';
    const [, scored] = /已评 (\d+)/.exec(text)!;
    if (Number(scored) >= total) break;
    const card = page.getByTestId('scoring-card');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('scoring-candidate')).toHaveText(/^考生 #[0-9A-F]{6}$/);
    const max = Number(await card.getAttribute('data-max-score'));
    const input = page.getByTestId('scoring-score');
    await expect(input).toBeFocused();
    await input.fill('');
    await page.keyboard.type(String(score(max)));
    await page.keyboard.press('Enter');
    await expect(progress).toHaveText(new RegExp(`已评 ${Number(scored) + 1} /`));
  }
  await expect(progress).toHaveText(`已评 ${total} / ${total}`);
  return total;
}

/** Writes the theory scores of the plan's exam on the paper's marking page (confirmed); answers the result. */
export async function writeTheoryScores(page: Page, planTitle: string, paperName?: string): Promise<string> {
  if (paperName) await openMarking(page, paperName);
  await page.getByTestId('marking-tab-sheet').click();
  const row = page.locator('[data-testid^="score-sheet-exam-"]', { hasText: planTitle });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '写入成绩单' }).click();
  await page.getByTestId('write-scores-confirm').click();
  const result = page.getByTestId('write-scores-result');
  await expect(result).toBeVisible();
  return (await result.textContent()) ?? '';
}
