// A functional module switched off (system 5, spec §2), against the built app and the demo data: the
// founder switches the statistics system off, its header tab stays and says 暂未开放 when clicked, then
// switches it back on; the system log lists both switches with their before → after.
//
// Statistics off changes what every administrator sees (menus, pages, API answers), so this file runs
// in the `alone` project: after every other browser test, with nothing beside it (playwright.config.ts).
import { bearer, expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';

test('the founder switches the statistics system off: its tab stays and says 暂未开放; the log lists it', async ({
  page,
}) => {
  test.setTimeout(journeyTimeout(10));
  const token = await loginWithToken(page, 'founder', '/manage/settingManage/functionalModule');
  const toggle = page.getByTestId('module-switch-statistics');
  await expect(toggle).toBeChecked();
  try {
    await test.step('off, asked first', async () => {
      await toggle.click({ force: true });
      await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
      await expect(toggle).not.toBeChecked();
    });
    await test.step('the tab stays and says 暂未开放', async () => {
      await page.goto('/manage/index');
      const tab = page.getByTestId('system-tab-3');
      await expect(tab).toHaveAttribute('aria-disabled', 'true');
      await tab.click({ force: true });
      await expect(page.getByText('暂未开放')).toBeVisible();
      await expect(tab).toBeVisible();
    });
    await test.step('on again', async () => {
      await page.goto('/manage/settingManage/functionalModule');
      await expect(toggle).not.toBeChecked();
      await toggle.click({ force: true });
      await expect(toggle).toBeChecked();
    });
  } finally {
    // Whatever happened above, the platform is left with statistics on.
    const on = await page.request.put('/api/v1/admin/functional-modules/statistics', {
      headers: bearer(token),
      data: { enabled: true },
    });
    expect(on.status(), await on.text()).toBe(200);
  }

  await test.step('the system log lists the switch with its before → after', async () => {
    await page.goto('/manage/settingManage/systemLog');
    const listed = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return (
        url.pathname === '/api/v1/admin/system-logs' && url.searchParams.get('action') === 'module.disable'
      );
    });
    await page.getByTestId('system-log-action-filter').click();
    await page.getByRole('option', { name: '(module.disable)' }).first().click();
    expect(((await (await listed).json()) as { meta: { total: number } }).meta.total).toBeGreaterThan(0);
    await page.locator('[data-testid^="system-log-row-"]').first().click();
    await expect(page.getByTestId('system-log-detail')).toContainText('数据统计');
    await expect(page.getByTestId('system-log-detail-changes')).toContainText(/enabled\s*true\s*false/);
  });
});
