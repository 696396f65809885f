// The home page editor: the founder adds a banner cropped to the banner ratio with a schedule starting
// today, moves the courses above the skill tests, previews the draft at phone and desktop widths and
// publishes it; a visitor then sees the banner and the new section order on the portal home.
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import {
  PORTAL_HOME_EDIT_PAGE,
  addBannerWithCrop,
  editorSectionOrder,
  moveSection,
  portalSectionOrder,
  previewHome,
  publishHome,
  saveHomeDraft,
} from './support/portal-home.ts';

test('the founder edits and publishes the portal home; a visitor sees it', async ({ page, browser }) => {
  test.setTimeout(journeyTimeout(14));
  const title = `E2E 横幅 ${Date.now() % 100_000_000}`;

  // The tab's landing page leads to the editor.
  await loginWithToken(page, 'founder', '/manage/contentManage/index');
  await page.waitForURL((url) => url.pathname === PORTAL_HOME_EDIT_PAGE);
  await expect(page.getByTestId('layout-panel')).toBeVisible();

  const id = await addBannerWithCrop(page, { title, link: '/enroll', from: 'today' });

  const before = await editorSectionOrder(page);
  expect(before.indexOf('courses')).toBeGreaterThan(before.indexOf('skillTests'));
  // Up until it stands above the skill tests.
  while (
    (await editorSectionOrder(page)).indexOf('courses') >
    (await editorSectionOrder(page)).indexOf('skillTests')
  )
    await moveSection(page, 'courses', 'up');
  const order = await editorSectionOrder(page);
  await saveHomeDraft(page);

  // The preview shows the draft; the visitor does not yet.
  const previewed = await previewHome(page);
  expect(previewed).toEqual(order);
  await publishHome(page);

  const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await visitor.goto('/');
  await expect(visitor.getByTestId(`banner-${id}`)).toBeAttached();
  await expect(visitor.getByTestId(`banner-${id}`)).toContainText(title);
  const shown = await portalSectionOrder(visitor.locator('body'));
  expect(shown).toEqual(order.filter((key) => shown.includes(key)));
  expect(shown.indexOf('courses')).toBeLessThan(shown.indexOf('skillTests'));
  // The courses really stand above the skill tests on the page.
  const courses = (await visitor.locator('#home-courses-title').boundingBox())!;
  const tests = (await visitor.locator('#open-tests-title').boundingBox())!;
  expect(courses.y).toBeLessThan(tests.y);
  await expect(visitor.getByTestId('home-notice')).toBeVisible();
  await expect(visitor.getByTestId('home-contact')).toBeVisible();
  await visitor.close();
});
