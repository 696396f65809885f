// Appraisal institutions (/manage/dataStatisticsManage/certificate/unit) and the candidate file
// (/manage/studentFilesInfo) against the built app and the demo data: the manager adds an institution (after a
// refused code), edits and deletes it, sees why an institution that issued certificates keeps its code and
// cannot be deleted, and opens 张伟's printable file; without an administrator session the file asks to log
// in and comes back after the login.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, apiLogin, bearer, expect, loginWithToken, test } from './fixtures/index.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const UNIT_PAGE = '/manage/dataStatisticsManage/certificate/unit';

interface InstitutionRow {
  id: number;
  name: string;
  code: string;
}
interface CertificateRow {
  number: string;
  learner_id: number;
  plan_id: number;
  holder_name: string;
  revoked: boolean;
}

async function findInstitution(
  request: APIRequestContext,
  token: string,
  keyword: string,
): Promise<InstitutionRow | undefined> {
  const res = await request.get('/api/v1/admin/appraisal-institutions', {
    params: { keyword, limit: 100 },
    headers: bearer(token),
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: InstitutionRow[] };
  return body.data.find((row) => row.name === keyword || row.code === keyword);
}

/** An unused 4-digit code (the demo institutions use 3201 and 3207). */
async function freeCode(request: APIRequestContext, token: string): Promise<string> {
  for (;;) {
    const code = String(9000 + Math.floor(Math.random() * 1000));
    if (!(await findInstitution(request, token, code))) return code;
  }
}

async function pickProvince(page: Page, search: string, option: string): Promise<void> {
  const input = page.getByTestId('institution-province');
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('the manager adds an institution after a refused code, edits it and deletes it', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'manager');
  const name = `测试评价机构${Date.now() % 100000}`;
  const code = await freeCode(request, token);

  await loginWithToken(page, 'manager', UNIT_PAGE);
  await expect(page.getByTestId('institution-page')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('institution-add').click();
  const form = page.getByTestId('institution-form');
  await form.getByTestId('institution-name').fill(name);
  await form.getByTestId('institution-code').fill('32A');
  await pickProvince(page, '北京', '北京市 (11)');
  await form.getByTestId('institution-site-code').fill('110101');
  await form.getByTestId('institution-save').click();
  // The shared schema's message sits on the code field; nothing was created.
  await expect(form.getByText('机构代码为 4 位数字')).toBeVisible();
  expect(await findInstitution(request, token, name)).toBeUndefined();

  await form.getByTestId('institution-code').fill(code);
  await expect(form.getByText('机构代码为 4 位数字')).toHaveCount(0);
  await form.getByTestId('institution-address').fill('北京市东城区测试路 1 号');
  await form.getByTestId('institution-save').click();
  await expect(form).toBeHidden();

  const created = await findInstitution(request, token, name);
  expect(created, 'the institution was created').toBeTruthy();
  expect(created!.code).toBe(code);
  const row = page.getByTestId(`institution-row-${created!.id}`);
  await expect(row).toBeVisible();

  await page.getByTestId(`institution-edit-${created!.id}`).click();
  await expect(form.getByTestId('institution-code')).toHaveValue(code);
  // A new institution has issued nothing: its code stays editable.
  await expect(form.getByTestId('institution-code')).toBeEnabled();
  await form.getByTestId('institution-name').fill(`${name}（已改）`);
  await form.getByTestId('institution-save').click();
  await expect(form).toBeHidden();
  await expect(row).toHaveText(`${name}（已改）`);

  await page.getByTestId(`institution-delete-${created!.id}`).click();
  const dialog = page.getByTestId('institution-delete-dialog');
  await expect(dialog).toContainText(`${name}（已改）`);
  await dialog.getByTestId('confirm-ok').click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await findInstitution(request, token, `${name}（已改）`)).toBeUndefined();
});

test('an institution that issued certificates keeps its code and is not deleted', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'manager');
  const demo = await findInstitution(request, token, '3201');
  expect(demo, 'the demo institution 3201 exists').toBeTruthy();

  await loginWithToken(page, 'manager', UNIT_PAGE);
  await page.getByTestId('institution-search').fill('3201');
  await expect(page.getByTestId(`institution-row-${demo!.id}`)).toBeVisible({ timeout: 30_000 });

  await page.getByTestId(`institution-edit-${demo!.id}`).click();
  const form = page.getByTestId('institution-form');
  await expect(form.getByTestId('institution-code')).toBeDisabled();
  await expect(form).toContainText('机构代码不能修改');
  await form.getByRole('button', { name: '取消' }).click();
  await expect(form).toBeHidden();

  await page.getByTestId(`institution-delete-${demo!.id}`).click();
  const dialog = page.getByTestId('institution-delete-dialog');
  await dialog.getByTestId('confirm-ok').click();
  await expect(dialog.getByTestId('confirm-error')).toContainText('已发放证书');
  await dialog.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId(`institution-row-${demo!.id}`)).toBeVisible();
});

async function zhangWeiCertificate(request: APIRequestContext): Promise<CertificateRow> {
  const token = await apiLogin(request, 'manager');
  const res = await request.get('/api/v1/admin/certificates', {
    params: { keyword: '张伟', limit: 100 },
    headers: bearer(token),
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: CertificateRow[] };
  const certificate = body.data.find((c) => c.holder_name === '张伟');
  expect(certificate, '张伟 holds a demo certificate').toBeTruthy();
  return certificate!;
}

test("the manager opens 张伟's candidate file with ticket, scores and certificate", async ({
  page,
  request,
}) => {
  const certificate = await zhangWeiCertificate(request);
  const path = `/manage/studentFilesInfo?learnerId=${certificate.learner_id}&planId=${certificate.plan_id}`;

  await loginWithToken(page, 'manager', path);
  const file = page.getByTestId('candidate-file');
  await expect(file.getByTestId('candidate-file-name')).toHaveText('张伟', { timeout: 30_000 });
  // The ID number is masked in the header.
  await expect(file.getByTestId('candidate-file-header')).toContainText('*');

  const ticket = file.getByTestId('candidate-file-section-ticket');
  await expect(ticket.getByTestId('candidate-file-ticket-no')).not.toBeEmpty();
  const score = file.getByTestId('candidate-file-section-score');
  await expect(score.getByTestId('candidate-file-score-result')).toHaveText('合格');
  const issued = file.getByTestId('candidate-file-section-certificate');
  await expect(issued.getByTestId('candidate-file-certificate-no')).toHaveText(certificate.number);
  await expect(file.getByTestId('candidate-file-print')).toBeVisible();
});

test('without an administrator session the candidate file asks to log in and comes back', async ({
  page,
  request,
}) => {
  const certificate = await zhangWeiCertificate(request);
  const path = `/manage/studentFilesInfo?learnerId=${certificate.learner_id}&planId=${certificate.plan_id}`;

  await page.goto(path);
  await expect(page.getByTestId('candidate-file-login')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('candidate-file-section-ticket')).toHaveCount(0);

  await page.getByTestId('candidate-file-login-link').click();
  await page.waitForURL((url) => url.pathname === '/manage/login');
  await page.getByTestId('login-username').fill('manager');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  const captcha = page.getByTestId('login-captcha');
  if (await captcha.isVisible().catch(() => false)) await captcha.fill('0000');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL((url) => url.pathname === '/manage/studentFilesInfo');
  await expect(page.getByTestId('candidate-file-name')).toHaveText('张伟', { timeout: 30_000 });
});
