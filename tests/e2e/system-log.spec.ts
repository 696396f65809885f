// The system log (/manage/settingManage/systemLog) against the built app and the demo data: the manager
// edits an exam site through the API; the founder finds that write in the log by its action, reads its
// before → after summary in the drawer, and exports the filtered rows to Excel.
import { apiLogin, bearer, expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';

const stamp = Date.now() % 100_000_000;

test('the founder finds an administrator write in the log, reads its change and exports it', async ({
  page,
}) => {
  // Steps: the two writes, the page, the filter, the row, the drawer, the export.
  test.setTimeout(journeyTimeout(7));
  const manager = await apiLogin(page.request, 'manager', 'administrators');
  const created = await page.request.post('/api/v1/admin/sites', {
    headers: bearer(manager),
    data: { name: `日志考点${stamp}`, address: '旧地址 1 号' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const site = (await created.json()) as { id: number };
  const updated = await page.request.put(`/api/v1/admin/sites/${site.id}`, {
    headers: bearer(manager),
    data: { name: `日志考点${stamp}`, address: '新地址 2 号' },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await loginWithToken(page, 'founder', '/manage/settingManage/systemLog');
  await expect(page.getByTestId('system-log-table')).toBeVisible();
  await expect(page.getByTestId('system-log-export-cap')).toContainText('50000');

  await page.getByTestId('system-log-action-filter').click();
  await page.getByRole('option', { name: /\(exam_site\.update\)/ }).click();
  await page.getByTestId('system-log-target-id-filter').fill(String(site.id));
  const row = page.locator('[data-testid^="system-log-row-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('考点 · 修改');

  await row.click();
  const changes = page.getByTestId('system-log-detail-changes');
  await expect(changes).toContainText('旧地址 1 号');
  await expect(changes).toContainText('新地址 2 号');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('system-log-detail')).toBeHidden();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('system-log-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^系统日志-\d{4}-\d{2}-\d{2}\.xlsx$/);
});
