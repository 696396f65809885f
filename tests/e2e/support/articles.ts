// Steps of the back office's information page (news, notices, jobs) for browser journeys; the page must be
// logged in as an administrator with the InformationRelease page (the founder). The portal journey imports
// writeNewsArticle and publishJob, and reads the public answer with publicArticle.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { escapeRegExp } from '../fixtures/index.ts';
import { makePng } from '../fixtures/registration.ts';

export const INFORMATION_RELEASE = '/manage/contentManage/informationRelease';

export type ArticleTab = 'news' | 'notice' | 'job';

/** Opens the information page on a tab and waits for its list. */
export async function openInformationRelease(page: Page, tab: ArticleTab = 'news') {
  await page.goto(`${INFORMATION_RELEASE}?kind=${tab}`);
  await expect(page.getByTestId('information-release-page')).toBeVisible();
  await expect(page.getByTestId(`article-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('article-table')).toBeVisible();
}

/** The id of the listed article titled `title` (searched for first). */
export async function findArticle(page: Page, title: string): Promise<number> {
  await page.getByTestId('article-search').fill(title);
  const row = page.locator('[data-testid^="article-row-"]', { hasText: new RegExp(escapeRegExp(title)) });
  await expect(row).toHaveCount(1);
  return Number((await row.getAttribute('data-testid'))!.replace('article-row-', ''));
}

/** Types a paragraph into the open form's editor. */
async function typeBody(page: Page, text: string) {
  const editor = page.getByTestId('article-body').locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.type(text);
}

/** Saves the open form and waits for the drawer to close. */
async function saveForm(page: Page) {
  await page.getByTestId('article-save').click();
  await expect(page.getByTestId('article-save')).toBeHidden();
}

/** Publishes a listed article now. */
export async function publishArticle(page: Page, id: number) {
  await page.getByTestId(`article-publish-${id}`).click();
  await expect(page.getByTestId('article-publish-confirm')).toBeVisible();
  await page.getByTestId('article-publish-confirm').click();
  await expect(page.getByTestId(`article-state-${id}`)).toHaveText('已发布');
}

/** Pins a listed article (the list then marks it pinned). */
export async function pinArticle(page: Page, id: number) {
  await page.getByTestId(`article-pin-${id}`).click();
  await expect(page.getByTestId(`article-pinned-${id}`)).toBeVisible();
}

export interface NewsSpec {
  title: string;
  summary?: string;
  /** The first paragraph. */
  text: string;
  /** Inserts an image uploaded through the editor's image button. */
  image?: boolean;
  /** Inserts a 3×3 table and types these into its first cells. */
  table?: string[];
  pin?: boolean;
  publish?: boolean;
}

/**
 * On the news tab: writes a news item (a paragraph, optionally an uploaded image and a table), saves it,
 * pins it and publishes it now as asked; answers its id.
 */
export async function writeNewsArticle(page: Page, spec: NewsSpec): Promise<number> {
  await openInformationRelease(page, 'news');
  await page.getByTestId('article-add').click();
  await expect(page.getByTestId('article-title')).toBeVisible();
  await page.getByTestId('article-title').fill(spec.title);
  if (spec.summary) await page.getByTestId('article-summary').fill(spec.summary);
  await typeBody(page, spec.text);
  const editor = page.getByTestId('article-body').locator('[contenteditable="true"]');
  if (spec.image) {
    await page
      .getByTestId('article-body')
      .locator('input[type="file"]')
      .setInputFiles(makePng(64, 48, 'figure.png'));
    await expect(editor.locator('img[src^="/api/v1/uploads/"]')).toHaveCount(1);
  }
  if (spec.table) {
    await editor.press('End');
    await page.keyboard.press('Enter');
    await page.getByTestId('article-body-table').click();
    await expect(editor.locator('table')).toHaveCount(1);
    for (const [index, cell] of spec.table.entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(cell);
    }
  }
  await saveForm(page);
  await openInformationRelease(page, 'news');
  const id = await findArticle(page, spec.title);
  if (spec.pin) await pinArticle(page, id);
  if (spec.publish ?? true) await publishArticle(page, id);
  return id;
}

export interface JobSpec {
  title: string;
  employer: string;
  text: string;
  place?: string;
  salary?: [number, number];
  contact?: { name: string; phone: string };
}

/** On the jobs tab: writes a job with its fields, saves and publishes it now; answers its id. */
export async function publishJob(page: Page, spec: JobSpec): Promise<number> {
  await openInformationRelease(page, 'job');
  await page.getByTestId('article-add').click();
  await expect(page.getByTestId('article-title')).toBeVisible();
  await page.getByTestId('article-title').fill(spec.title);
  await typeBody(page, spec.text);
  await page.getByTestId('article-employer').fill(spec.employer);
  if (spec.place) await page.getByTestId('article-place').fill(spec.place);
  if (spec.salary) {
    await page.getByTestId('article-salary-min').fill(String(spec.salary[0]));
    await page.getByTestId('article-salary-max').fill(String(spec.salary[1]));
  }
  if (spec.contact) {
    await page.getByTestId('article-contact-name').fill(spec.contact.name);
    await page.getByTestId('article-contact-phone').fill(spec.contact.phone);
  }
  await saveForm(page);
  await openInformationRelease(page, 'job');
  const id = await findArticle(page, spec.title);
  await publishArticle(page, id);
  return id;
}

export interface PublicArticle {
  id: number;
  title: string;
  body: string;
  pinned: boolean;
  kind: string;
  employer: string | null;
}

/** The portal's answer for an article (no sign-in). */
export async function publicArticle(request: APIRequestContext, id: number): Promise<PublicArticle> {
  const res = await request.get(`/api/v1/articles/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as PublicArticle;
}
