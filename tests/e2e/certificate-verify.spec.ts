// The public certificate query (/certificateVerify), reached from the portal's footer: an employer types
// the demo learner's certificate number and name and sees it confirmed; a wrong name finds nothing.
import { apiLogin, bearer, expect, test } from './fixtures/index.ts';

interface ScoreAnswer {
  data: { plan_code: string; certificate: { number: string; verify_path: string } | null }[];
}
interface TicketAnswer {
  data: { plan_code: string; name: string }[];
}

test('an employer checks a certificate by its number and holder’s name', async ({ page, request }) => {
  const token = await apiLogin(request, 'learner');
  const scores = (await (
    await request.get('/api/v0/user/occupational-skill-tests/examScores', { headers: bearer(token) })
  ).json()) as ScoreAnswer;
  const certified = scores.data.find((s) => s.certificate !== null);
  expect(certified, 'the demo learner holds a certificate').toBeTruthy();
  const tickets = (await (
    await request.get('/api/v0/user/occupational-skill-tests/admissionDownload', { headers: bearer(token) })
  ).json()) as TicketAnswer;
  const holder = tickets.data.find((t) => t.plan_code === certified!.plan_code)!.name;
  const number = certified!.certificate!.number;

  // A visitor, not logged in, finds the query under the portal.
  await page.goto('/');
  await page.getByTestId('portal-certificate-query').click();
  await expect(page).toHaveURL(/\/certificateVerify$/);
  const form = page.getByTestId('certificate-query-page');
  await expect(form).toBeVisible();

  // Empty fields are refused before anything is sent.
  await page.getByTestId('certificate-query-submit').click();
  await expect(form).toContainText('请输入证书编号');
  await expect(form).toContainText('请输入持证人姓名');

  await page.getByTestId('certificate-query-number').fill(number.toLowerCase());
  await page.getByTestId('certificate-query-name').fill(holder);
  await page.getByTestId('certificate-query-submit').click();
  const result = page.getByTestId('verify-result');
  await expect(result).toHaveAttribute('data-state', 'valid');
  await expect(page.getByTestId('verify-number')).toHaveText(number);
  // The name comes back masked: the page confirms a name, it never tells one.
  await expect(page.getByTestId('verify-name')).toHaveText(
    `${[...holder][0]}${'*'.repeat([...holder].length - 1)}`,
  );

  await page.getByTestId('certificate-query-name').fill(`${holder}某`);
  await page.getByTestId('certificate-query-submit').click();
  await expect(result).toHaveAttribute('data-state', 'not_found');
  await expect(result).toContainText('未找到匹配的证书');
});

test('the printed link’s verification page leads to the query by number', async ({ page, request }) => {
  const token = await apiLogin(request, 'learner');
  const scores = (await (
    await request.get('/api/v0/user/occupational-skill-tests/examScores', { headers: bearer(token) })
  ).json()) as ScoreAnswer;
  const certificate = scores.data.find((s) => s.certificate !== null)!.certificate!;
  await page.goto(certificate.verify_path);
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-state', 'valid');
  await expect(page.getByTestId('verify-number')).toHaveText(certificate.number);
  await page.getByTestId('verify-query-link').click();
  await expect(page).toHaveURL(/\/certificateVerify$/);
  await expect(page.getByTestId('certificate-query-form')).toBeVisible();
});
