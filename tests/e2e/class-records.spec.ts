// Class records and completion against the built app and the demo data: a learner checks in through the API
// with the head teacher's current code and the teacher's attendance sheet shows it; the manager sets the
// class's completion rule, confirms a student's completion and downloads the certificate, which the public
// verification page confirms.
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, bearer, expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import {
  checkInThroughApi,
  completionPage,
  confirmCompletion,
  downloadCompletionPdf,
  expectCheckedIn,
  openSession,
} from './support/class-records.ts';

test.describe.configure({ mode: 'serial' });

/** The demo's open free class (the demo learner is a member; one session runs all day today). */
const FREE_CLASS = '2026 电工安全第1期';

interface Standing {
  learner_id: number;
  name: string;
  completed_at: string | null;
}

async function freeClassId(request: APIRequestContext, token: string) {
  const res = await request.get(
    `/api/v1/admin/completion/classes?keyword=${encodeURIComponent(FREE_CLASS)}`,
    {
      headers: bearer(token),
    },
  );
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { id: number }[] };
  return data[0]?.id ?? null;
}

test("the teacher's attendance sheet shows a check-in made with the current code", async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(6));
  const manager = await apiLogin(request, 'manager');
  const classId = await freeClassId(request, manager);
  test.skip(classId === null, 'the demo has no free class');
  const session = await openSession(request, manager, classId!);
  test.skip(session === null, 'no session of the demo class is open for check-in now');
  const learner = await apiLogin(request, 'learner');
  const status = await checkInThroughApi(request, manager, learner, session!.id);
  expect(['present', 'late']).toContain(status);
  const me = (await (await request.get('/api/v1/user/info', { headers: bearer(learner) })).json()) as {
    id: number;
  };

  await loginWithToken(page, 'college');
  await expectCheckedIn(page, classId!, session!.id, me.id);
  await expect(page.getByTestId('check-in-countdown')).toContainText(/\d+/);
  await page.getByTestId('tab-learning-records').click();
  await expect(page.getByTestId(`records-row-${me.id}`)).toBeVisible();
});

test('the manager confirms a completion and downloads the certificate', async ({ page, request }) => {
  test.setTimeout(journeyTimeout(10));
  const manager = await apiLogin(request, 'manager');
  const classId = await freeClassId(request, manager);
  test.skip(classId === null, 'the demo has no free class');
  const before = (await (
    await request.get(`/api/v1/admin/classes/${classId}/completion`, { headers: bearer(manager) })
  ).json()) as { members: Standing[]; rule: Record<string, number | null> };
  // A demo student (not the demo learner, whose class pages other journeys read).
  const learner = await apiLogin(request, 'learner');
  const me = (await (await request.get('/api/v1/user/info', { headers: bearer(learner) })).json()) as {
    id: number;
  };
  const student = before.members.find((m) => m.completed_at === null && m.learner_id !== me.id);
  test.skip(!student, 'the demo class has no student to complete');

  await loginWithToken(page, 'manager', completionPage());
  await page.getByTestId('completion-class-search').fill(FREE_CLASS);
  await page.getByTestId(`completion-class-${classId}`).click();
  await expect(page.getByTestId('completion-rule')).toBeVisible();
  // No requirement: every member meets the rule.
  await page.getByTestId('rule-progress').fill('0');
  await page.getByTestId('rule-attendance').fill('0');
  await page.getByTestId('rule-save').click();
  await expect(page.getByTestId(`standing-${student!.learner_id}`)).toHaveAttribute('data-meets', 'true');

  try {
    const [number] = await confirmCompletion(page, classId!, [student!.learner_id]);
    const file = await downloadCompletionPdf(page, student!.learner_id);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    const verify = await request.get(`/api/v1/admin/classes/${classId}/completion`, {
      headers: bearer(manager),
    });
    expect(
      ((await verify.json()) as { members: { completion_no: string | null }[] }).members.map(
        (m) => m.completion_no,
      ),
    ).toContain(number);
  } finally {
    await request.put(`/api/v1/admin/classes/${classId}/completion-rule`, {
      headers: bearer(manager),
      data: before.rule,
    });
  }
});
