// Test papers (/manage/exam/testpaper, /:id, /check/:id) against the built app and the demo data: the
// manager builds a random paper on a question bank (the form refuses all-zero counts with 题目数量不能为空 and
// a count the bank cannot supply with the shortage named, before anything is sent), saves it as a draft,
// checks it (counts, a sample draw with the key marked, 再抽一次 draws with a new seed) and approves it; the
// list then shows it approved. The bank is a demo bank with enough questions, or one made through the
// question bank's API and its import workbook when the demo has none.
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { bearer, expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import { buildRandomPaper, checkAndApprovePaper } from './support/exam-papers.ts';
import { writeQuestionFixture } from './support/question-fixture.ts';
import type { PaperBankOption, PaperBankStats } from '../../src/shared/papers/schema.ts';

test.describe.configure({ mode: 'serial' });

const NEED = { single_choice: 3, choice: 2, determine: 2, essay: 1, material: 1 } as const;
const stamp = Date.now() % 100_000;
const PAPER = `E2E随机卷${stamp}`;

/** A bank whose enabled questions cover NEED, from the demo data; null when there is none. */
async function demoBank(request: APIRequestContext, token: string) {
  const banks = (await (
    await request.get('/api/v1/admin/test-paper-banks', { headers: bearer(token) })
  ).json()) as {
    data: PaperBankOption[];
  };
  for (const bank of banks.data) {
    const stats = (await (
      await request.get(`/api/v1/admin/test-paper-banks/${bank.id}/stats`, { headers: bearer(token) })
    ).json()) as PaperBankStats;
    if (Object.entries(NEED).every(([type, n]) => stats.available[type as keyof typeof NEED] >= n))
      return { name: bank.name, stats };
  }
  return null;
}

/** A bank made through the question bank's API with the 60-question import workbook. */
async function importedBank(request: APIRequestContext, token: string, file: string) {
  const options = (await (
    await request.get('/api/v1/admin/plans/options', { headers: bearer(token) })
  ).json()) as {
    occupations: { id: number }[];
  };
  const created = await request.post('/api/v1/admin/question-banks', {
    headers: bearer(token),
    data: { name: `E2E组卷题库${stamp}`, occupation_id: options.occupations[0]!.id, level: 4 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bankId = ((await created.json()) as { id: number }).id;
  await writeQuestionFixture(file);
  const imported = await request.post(`/api/v1/admin/questions/import?bank_id=${bankId}&accept_valid=1`, {
    headers: bearer(token),
    multipart: {
      file: {
        name: 'questions.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: readFileSync(file),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBeLessThan(300);
  return demoBank(request, token);
}

test('the manager builds a random paper, checks it and approves it', async ({ page, request }, testInfo) => {
  // Steps: the bank (or its import), the refused forms, the save, the check page, the redraw, the approval,
  // the list.
  test.setTimeout(journeyTimeout(14));
  const token = await loginWithToken(page, 'manager', '/manage/exam/testpaper');
  await expect(page.getByTestId('papers-table')).toBeVisible();

  let bank = await demoBank(request, token);
  if (!bank) bank = await importedBank(request, token, testInfo.outputPath('questions.xlsx'));
  expect(bank, 'a bank with enough questions').not.toBeNull();
  const { name: bankName, stats } = bank!;

  // The shared rule before anything is sent: all counts 0.
  await page.goto('/manage/exam/testpaper/new');
  await page.getByTestId('paper-name').fill(PAPER);
  await page.getByTestId('paper-bank').click();
  await page
    .getByRole('option', { name: new RegExp(`^${bankName}（`) })
    .first()
    .click();
  await expect(page.getByText(`题库可用 ${stats.available.single_choice} 题`).first()).toBeVisible();
  await page.getByTestId('paper-save').click();
  await expect(page.getByTestId('paper-counts-error')).toHaveText('题目数量不能为空');
  // More single choices than the bank holds: the shortage named on the field.
  const tooMany = stats.available.single_choice + 1;
  await page.getByTestId('paper-count-single_choice').fill(String(tooMany));
  await page.getByTestId('paper-save').click();
  await expect(
    page.getByText(`单选题 只有 ${stats.available.single_choice} 题，需要 ${tooMany} 题`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/testpaper\/new$/);

  const paperId = await buildRandomPaper(page, {
    name: PAPER,
    bank: bankName,
    counts: NEED,
    typeScores: { single_choice: 2, choice: 4, determine: 1, essay: 10 },
    durationMinutes: 60,
    passScore: 12,
  });
  await expect(page.getByTestId('paper-total')).toContainText(/\d/);

  // The check page: counts per type, a sample as a candidate sees it, a new draw on request.
  await page.getByTestId('paper-to-check').click();
  await expect(page).toHaveURL(new RegExp(`/manage/exam/testpaper/check/${paperId}$`));
  const counts = page.getByTestId('paper-check-counts');
  await expect(counts.getByRole('row', { name: /单选题\s*3/ })).toBeVisible();
  const sample = page.getByTestId('paper-sample');
  await expect(sample.locator('[data-testid^="sample-question-"]').first()).toBeVisible();
  await expect(sample.getByTestId('sample-key').first()).toBeVisible();
  const seedText = page.getByText(/^抽题种子 /);
  const firstSeed = await seedText.textContent();
  await page.getByTestId('paper-redraw').click();
  await expect(seedText).not.toHaveText(firstSeed ?? '');

  expect(await checkAndApprovePaper(page, PAPER)).toBe(paperId);
  await expect(page.getByText(/于 .* 审核通过/)).toBeVisible();

  await page.goto('/manage/exam/testpaper?state=approved');
  await page.getByTestId('paper-search').fill(PAPER);
  await expect(page.getByTestId(`paper-state-${paperId}`)).toHaveText('已审核');
});
