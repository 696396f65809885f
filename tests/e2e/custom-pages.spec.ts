// Custom pages, the portal navigation and the download centre in the browser: the founder writes a page,
// links it and an external site from the portal header, and adds a file for download; a visitor sees the
// navigation, opens the page (sanitised content) and downloads the file, which the centre then counts.
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import {
  addDownload,
  addDownloadCategory,
  addNavLink,
  addNavPage,
  createCustomPage,
  downloadCount,
  moveNavUp,
  portalNavTitles,
} from './support/custom-pages.ts';

test('the founder publishes a page and a link in the navigation and a file; a visitor uses them', async ({
  page,
  browser,
}) => {
  test.setTimeout(journeyTimeout(10));
  const stamp = Date.now() % 1_000_000;
  const slug = `e2e-page-${stamp}`;
  const title = `培训须知${stamp}`;
  await loginWithToken(page, 'founder', '/manage/contentManage/customPortal');
  await createCustomPage(page, { title, slug, body: '请按时参加培训并携带身份证。' });
  const pageItem = await addNavPage(page, title, `须知${stamp}`);
  const linkItem = await addNavLink(page, `外链${stamp}`, 'https://example.com/jobs');
  // The link goes before the page.
  await moveNavUp(page, linkItem);

  const category = `表格${stamp}`;
  await addDownloadCategory(page, category);
  const fileTitle = `报名登记表${stamp}`;
  const content = Buffer.from(`报名登记表 ${stamp}\n姓名：\n电话：\n`, 'utf8');
  const fileId = await addDownload(page, {
    title: fileTitle,
    category,
    fileName: `登记表${stamp}.txt`,
    content,
    mimeType: 'text/plain',
  });
  await expect(page.getByTestId(`download-version-${fileId}`)).toHaveText('v1');
  await expect(page.getByTestId(`download-row-${fileId}`).locator('xpath=ancestor::tr')).toContainText(
    category,
  );

  // A visitor (no login) sees the navigation in the header, in its order.
  const visitor = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await visitor.goto('/');
  await expect
    .poll(() => portalNavTitles(visitor))
    .toEqual(expect.arrayContaining([`外链${stamp}`, `须知${stamp}`]));
  const titles = await portalNavTitles(visitor);
  expect(titles.indexOf(`外链${stamp}`)).toBeLessThan(titles.indexOf(`须知${stamp}`));
  const external = visitor.getByTestId(`portal-nav-item-${linkItem}`);
  await expect(external).toHaveAttribute('href', 'https://example.com/jobs');
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');

  // The page opens from the header, with its title in the tab.
  await visitor.getByTestId(`portal-nav-item-${pageItem}`).click();
  await visitor.waitForURL(`**/pages/${slug}`);
  await expect(visitor.getByTestId('custom-page-title')).toHaveText(title);
  await expect(visitor.getByTestId('custom-page-body')).toContainText('请按时参加培训并携带身份证。');
  await expect(visitor).toHaveTitle(new RegExp(title));
  // An unknown page says so.
  await visitor.goto('/pages/no-such-page-here');
  await expect(visitor.getByTestId('custom-page-not-found')).toBeVisible();

  // The visitor downloads the file from the portal's public link: the original name, counted once.
  const file = await visitor.request.get(`/api/v1/downloads/${fileId}/file`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain(encodeURIComponent(`登记表${stamp}`));
  expect(Buffer.from(await file.body()).equals(content)).toBe(true);
  await visitor.context().close();
  await expect.poll(() => downloadCount(page, fileId, fileTitle)).toBe('1');
});
