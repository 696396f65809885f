// Steps of the home page editor (/manage/contentManage/index/index) for browser journeys, the page open as
// an administrator: add a banner cropped to the banner ratio with a schedule, move a home section, save the
// draft, preview it, publish it; and what a visitor's portal home shows.
import { expect, type Locator, type Page } from '@playwright/test';
import { chinaToday } from '../../../src/shared/api/china-time.ts';
import type { HomeSectionKey } from '../../../src/shared/portal-home/schema.ts';
import { demoBanner } from '../../../src/server/demo/images.ts';

export const PORTAL_HOME_EDIT_PAGE = '/manage/contentManage/index/index';

const answered = (page: Page, method: string, path: string) =>
  page.waitForResponse((res) => res.request().method() === method && new URL(res.url()).pathname === path);

/** Picks a day of the month shown in a DateTimePicker (today's by default) and confirms it. */
async function pickDay(page: Page, testId: string, day = Number(chinaToday().slice(8, 10))) {
  await page.getByTestId(testId).click();
  const dropdown = page.locator('.mantine-Popover-dropdown', {
    has: page.locator('.mantine-DateTimePicker-submitButton'),
  });
  await dropdown.locator('button:not([data-outside])', { hasText: new RegExp(`^${day}$`) }).click();
  await dropdown.locator('.mantine-DateTimePicker-submitButton').click();
  await expect(dropdown).toBeHidden();
  await expect(page.getByTestId(testId)).toHaveText(
    new RegExp(`-${String(day).padStart(2, '0')} \\d{2}:\\d{2}$`),
  );
}

export interface BannerSteps {
  title: string;
  link: string;
  /** 'today': shows from today 00:00 (China time), so at once; null: no start. */
  from: 'today' | null;
}

/**
 * Adds a banner: chooses an image wider than the banner ratio, moves and zooms the crop, uploads the crop,
 * fills title and link, picks the schedule's start and saves. Answers the new banner's id.
 */
export async function addBannerWithCrop(page: Page, banner: BannerSteps): Promise<number> {
  await page.getByTestId('banner-add').click();
  await expect(page.getByTestId('banner-choose-image')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('banner-choose-image').click();
  await (
    await chooser
  ).setFiles({
    name: 'e2e-banner.png',
    mimeType: 'image/png',
    buffer: demoBanner([220, 60, 60], [255, 200, 80], 1000, 500),
  });
  const cropper = page.getByTestId('banner-cropper');
  await expect(cropper).toBeVisible();
  // Zoom in a little with the slider's keys, then drag the crop to the left.
  await page.getByTestId('banner-zoom').getByRole('slider').focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  const box = (await cropper.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const uploaded = answered(page, 'POST', '/api/v1/uploads');
  await page.getByTestId('banner-apply-crop').click();
  const upload = await uploaded;
  expect(upload.status(), await upload.text()).toBe(201);
  const info = (await upload.json()) as { width: number | null; height: number | null };
  // The crop is uploaded at the banner ratio, 16:5.
  if (info.width && info.height) expect(Math.abs(info.width / info.height - 16 / 5)).toBeLessThan(0.02);
  await expect(page.getByTestId('banner-image-preview')).toBeVisible();

  await page.getByTestId('banner-title').fill(banner.title);
  await page.getByTestId('banner-link').fill(banner.link);
  if (banner.from === 'today') await pickDay(page, 'banner-shows-from');
  const created = answered(page, 'POST', '/api/v1/admin/banners');
  await page.getByTestId('banner-save').click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  const { id, showing } = (await answer.json()) as { id: number; showing: boolean };
  expect(showing).toBe(true);
  await expect(page.getByTestId('banner-title')).toBeHidden();
  await expect(page.getByTestId(`banner-row-${id}`)).toContainText(banner.title);
  return id;
}

/** Moves a home section one place up or down in the draft (not saved yet). */
export async function moveSection(page: Page, key: HomeSectionKey, direction: 'up' | 'down') {
  await page.getByTestId(`home-section-${direction}-${key}`).click();
}

/** The sections' keys in the editor's order. */
export async function editorSectionOrder(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="home-section-"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''));
  return ids.filter((id) => /^home-section-[a-zA-Z]+$/.test(id)).map((id) => id.replace('home-section-', ''));
}

/** Saves the layout's draft. */
export async function saveHomeDraft(page: Page) {
  const saved = answered(page, 'PUT', '/api/v1/admin/portal-home/draft');
  await page.getByTestId('home-save-draft').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('home-draft-state')).toHaveAttribute('data-changed', 'true');
}

/** Opens the preview at phone then desktop width; answers the section order the framed portal shows. */
export async function previewHome(page: Page): Promise<string[]> {
  await page.getByTestId('home-preview').click();
  const frame = page.frameLocator('[data-testid="home-preview-frame"]');
  await expect(page.getByTestId('home-preview-frame')).toHaveAttribute('data-width', '375');
  await expect(frame.getByTestId('portal-page')).toBeVisible();
  await page.getByTestId('home-preview-width').getByText('1280', { exact: false }).click();
  await expect(page.getByTestId('home-preview-frame')).toHaveAttribute('data-width', '1280');
  await expect(frame.getByTestId('portal-page')).toBeVisible();
  const order = await portalSectionOrder(frame.locator('body'));
  await page.keyboard.press('Escape');
  return order;
}

/** Publishes the saved draft (asked first). */
export async function publishHome(page: Page) {
  await page.getByTestId('home-publish').click();
  const published = answered(page, 'POST', '/api/v1/admin/portal-home/publish');
  await page.getByTestId('home-publish-confirm').click();
  expect((await published).status()).toBe(200);
  await expect(page.getByTestId('home-draft-state')).toHaveAttribute('data-changed', 'false');
}

/** The visible sections' keys on a portal home, top to bottom. */
export async function portalSectionOrder(root: Locator): Promise<string[]> {
  await expect(root.locator('[data-home-section]').first()).toBeAttached();
  return root
    .locator('[data-home-section]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-home-section') ?? ''));
}
