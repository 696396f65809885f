// Steps of the content pages for browser journeys (the page must be logged in as the founder or the
// manager): write a custom page, add it and an external link to the portal navigation, add a file to the
// download centre; and what a visitor sees of them on the portal.
import { expect, type Page } from '@playwright/test';
import { escapeRegExp } from '../fixtures/index.ts';

export const CUSTOM_PORTAL = '/manage/contentManage/customPortal';
export const DOWNLOAD_CENTER = '/manage/contentManage/downloadCenter';

export interface PageSpec {
  title: string;
  slug: string;
  body: string;
  description?: string;
}

/** Creates a published custom page on the pages tab. */
export async function createCustomPage(page: Page, spec: PageSpec): Promise<void> {
  await page.goto(CUSTOM_PORTAL);
  await expect(page.getByTestId('custom-pages-table')).toBeVisible();
  await page.getByTestId('custom-page-add').click();
  await page.getByTestId('custom-page-title-input').fill(spec.title);
  await page.getByTestId('custom-page-slug').fill(spec.slug);
  await page.getByTestId('custom-page-body-input').locator('[contenteditable="true"]').fill(spec.body);
  if (spec.description) await page.getByTestId('custom-page-description').fill(spec.description);
  await page.getByTestId('custom-page-save').click();
  await expect(page.getByTestId('custom-page-save')).toBeHidden();
  await page.getByTestId('custom-page-search').fill(spec.slug);
  await expect(page.getByTestId(`custom-page-row-${spec.slug}`)).toHaveText(spec.title);
}

async function openNavTab(page: Page) {
  await page.goto(`${CUSTOM_PORTAL}?tab=nav`);
  await expect(page.getByTestId('nav-table')).toBeVisible();
}

/** The id of the navigation row titled `title`. */
async function navRowId(page: Page, title: string): Promise<number> {
  const row = page
    .locator('[data-testid^="nav-row-"]')
    .filter({ hasText: new RegExp(`^${escapeRegExp(title)}$`) });
  await expect(row).toHaveCount(1);
  return Number((await row.getAttribute('data-testid'))!.replace('nav-row-', ''));
}

/** Adds a link to the custom page (chosen by its title) to the navigation; answers the item's id. */
export async function addNavPage(page: Page, pageTitle: string, label: string): Promise<number> {
  await openNavTab(page);
  await page.getByTestId('nav-add-page').click();
  await page.getByTestId('nav-page').click();
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(pageTitle)}（`) }).click();
  await page.getByTestId('nav-title').fill(label);
  await page.getByTestId('nav-save').click();
  await expect(page.getByTestId('nav-save')).toBeHidden();
  return navRowId(page, label);
}

/** Adds an external link to the navigation; answers the item's id. */
export async function addNavLink(page: Page, label: string, url: string): Promise<number> {
  await openNavTab(page);
  await page.getByTestId('nav-add-link').click();
  await page.getByTestId('nav-url').fill(url);
  await page.getByTestId('nav-title').fill(label);
  await page.getByTestId('nav-save').click();
  await expect(page.getByTestId('nav-save')).toBeHidden();
  return navRowId(page, label);
}

/** Moves a navigation item one place up. */
export async function moveNavUp(page: Page, id: number): Promise<void> {
  await page.getByTestId(`nav-up-${id}`).click();
  await expect(page.getByTestId(`nav-up-${id}`)).toBeEnabled();
}

/** The titles of the portal header's navigation items written in the back office, in order. */
export async function portalNavTitles(page: Page): Promise<string[]> {
  return page.getByTestId('portal-header').locator('[data-testid^="portal-nav-item-"]').allTextContents();
}

/** Adds a download category in the centre's category drawer (the page must be the download centre). */
export async function addDownloadCategory(page: Page, name: string): Promise<void> {
  await page.goto(DOWNLOAD_CENTER);
  await page.getByTestId('download-categories-open').click();
  await page.getByTestId('category-name').fill(name);
  await page.getByTestId('category-add').click();
  const drawer = page.getByTestId('category-drawer');
  await expect(drawer.locator('input[value="' + name + '"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

export interface FileSpec {
  title: string;
  /** A category's name, chosen in the form. */
  category?: string;
  fileName: string;
  content: Buffer;
  mimeType: string;
}

/** Uploads a file to the download centre (progress, then the form), saved public; answers its id. */
export async function addDownload(page: Page, spec: FileSpec): Promise<number> {
  await page.goto(DOWNLOAD_CENTER);
  await expect(page.getByTestId('downloads-table')).toBeVisible();
  await page.getByTestId('download-add').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('download-file-choose').click();
  await (await chooser).setFiles({ name: spec.fileName, mimeType: spec.mimeType, buffer: spec.content });
  await expect(page.getByTestId('download-file-done')).toBeVisible();
  await expect(page.getByTestId('download-file-file-name')).toContainText(spec.fileName);
  await page.getByTestId('download-title').fill(spec.title);
  if (spec.category) {
    await page.getByTestId('download-category').click();
    await page.getByRole('option', { name: spec.category, exact: true }).click();
  }
  await page.getByTestId('download-save').click();
  await expect(page.getByTestId('download-save')).toBeHidden();
  await page.getByTestId('download-search').fill(spec.title);
  const row = page.locator('[data-testid^="download-row-"]').filter({ hasText: spec.title });
  await expect(row).toHaveCount(1);
  return Number((await row.getAttribute('data-testid'))!.replace('download-row-', ''));
}

/** The download count the centre's list shows for a file (after a reload of the list). */
export async function downloadCount(page: Page, id: number, title: string): Promise<string> {
  await page.goto(DOWNLOAD_CENTER);
  await page.getByTestId('download-search').fill(title);
  return (await page.getByTestId(`download-count-${id}`).textContent()) ?? '';
}
