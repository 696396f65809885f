// Steps of the class records and completion pages for browser journeys (the page must be logged in as an
// administrator who may open them: the teacher's sheet for any administrator of the class's college, the
// completion page for the manager). The lead's journey imports checkInThroughApi, expectCheckedIn,
// confirmCompletion and downloadCompletionPdf.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const classRecordPage = (classId: number) =>
  `/manage/trainingManage/classes/classRecord?id=${classId}`;
export const completionPage = (classId?: number) =>
  `/manage/trainingManage/completion/index${classId ? `?id=${classId}` : ''}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Session {
  id: number;
  title: string;
  check_in_open: boolean;
}

/** The class's session whose check-in is open now (null when none is). */
export async function openSession(
  request: APIRequestContext,
  adminToken: string,
  classId: number,
): Promise<Session | null> {
  const res = await request.get(`/api/v1/admin/classes/${classId}/records`, { headers: bearer(adminToken) });
  expect(res.status()).toBe(200);
  const { sessions } = (await res.json()) as { sessions: Session[] };
  return sessions.find((s) => s.check_in_open) ?? null;
}

/**
 * Checks the learner in to the session the way a phone does after scanning: the current code from the
 * head teacher's panel (its API), sent with the learner's token. Answers the check-in's status.
 */
export async function checkInThroughApi(
  request: APIRequestContext,
  adminToken: string,
  learnerToken: string,
  sessionId: number,
): Promise<string> {
  const codeRes = await request.get(`/api/v1/admin/class-sessions/${sessionId}/check-in-code`, {
    headers: bearer(adminToken),
  });
  expect(codeRes.status()).toBe(200);
  const { code, link } = (await codeRes.json()) as { code: string; link: string };
  expect(link).toContain(`checkin=${sessionId}.${code}`);
  const res = await request.post(`/api/v1/learner/class-sessions/${sessionId}/check-in`, {
    headers: bearer(learnerToken),
    data: { code },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

/** Opens the class records on the session and expects the learner's row to show a QR check-in. */
export async function expectCheckedIn(page: Page, classId: number, sessionId: number, learnerId: number) {
  await page.goto(classRecordPage(classId));
  await expect(page.getByTestId('class-record-page')).toBeVisible();
  await expect(page.getByTestId('check-in-qr')).toBeVisible();
  await expect(page.getByTestId('check-in-qr')).toHaveAttribute(
    'data-link',
    new RegExp(`checkin=${sessionId}\\.`),
  );
  const status = page.getByTestId(`attendance-status-${learnerId}`);
  await expect(status).toHaveAttribute('data-status', /present|late/);
  await expect(page.getByTestId(`attendance-row-${learnerId}`)).toContainText('扫码签到');
}

/**
 * On the completion page of the class: confirms the completion of the learners (their rows must meet the
 * rule), through the confirmation dialog, and expects their completion numbers in the records. Answers them.
 */
export async function confirmCompletion(page: Page, classId: number, learnerIds: readonly number[]) {
  await page.goto(completionPage(classId));
  await expect(page.getByTestId('completion-standings')).toBeVisible();
  for (const id of learnerIds) {
    await expect(page.getByTestId(`standing-${id}`)).toHaveAttribute('data-meets', 'true');
    await page.getByTestId(`completion-select-${id}`).check();
  }
  await page.getByTestId('completion-confirm').click();
  await expect(page.getByTestId('completion-confirm-dialog')).toContainText(String(learnerIds.length));
  await page.getByTestId('completion-confirm-ok').click();
  await page.getByTestId('tab-completion-records').click();
  const numbers: string[] = [];
  for (const id of learnerIds) {
    const cell = page.getByTestId(`completion-no-${id}`);
    await expect(cell).toHaveText(/^JY\d{13}$/);
    numbers.push((await cell.textContent()) ?? '');
  }
  return numbers;
}

/** Downloads one completed learner's certificate from the records tab; answers the saved file's path. */
export async function downloadCompletionPdf(page: Page, learnerId: number): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByTestId(`completion-pdf-${learnerId}`).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^结业证书-JY\d{13}\.pdf$/);
  const path = await file.path();
  return path;
}
