// The global size of the back office (spec §2: default, medium, small, mini; medium the default, spec §9)
// in a real browser: each of the four gives the controls another height and the text another size, also a
// control the page sizes itself (the header's route search).
import type { Page } from '@playwright/test';
import { expect, loginWithToken, test } from './fixtures/index.ts';

type Size = 'default' | 'medium' | 'small' | 'mini';

interface Measured {
  input: number;
  text: number;
}

/** Opens the route search and reads its input's height and the body's font size. */
async function measure(page: Page): Promise<Measured> {
  await page.getByTestId('header-search-open').click();
  const input = page.getByTestId('header-search-input');
  await expect(input).toBeVisible();
  const measured = await input.evaluate((element) => ({
    input: element.getBoundingClientRect().height,
    text: Number.parseFloat(getComputedStyle(document.body).fontSize),
  }));
  // The search closes when it loses the focus.
  await input.blur();
  await expect(page.getByTestId('header-search-open')).toBeVisible();
  return measured;
}

async function choose(page: Page, size: Size): Promise<void> {
  await page.getByTestId('size-menu').click();
  await page.getByTestId(`size-option-${size}`).click();
  await page.getByTestId('size-menu').click();
  await expect(page.getByTestId(`size-option-${size}`)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Escape');
}

test('each of the four sizes gives controls and text their own size: default > medium > small > mini', async ({
  page,
}) => {
  await loginWithToken(page, 'founder', '/manage/index');
  await expect(page.getByTestId('manage-layout')).toBeVisible();

  const sizes: Partial<Record<Size, Measured>> = {};
  // Medium is the default: measured before anything is chosen.
  sizes.medium = await measure(page);
  for (const size of ['default', 'small', 'mini'] as const) {
    await choose(page, size);
    sizes[size] = await measure(page);
  }

  const order = (['default', 'medium', 'small', 'mini'] as const).map((size) => sizes[size]!);
  for (let i = 1; i < order.length; i++) {
    expect(order[i]!.input, 'input height').toBeLessThan(order[i - 1]!.input);
    expect(order[i]!.text, 'body font size').toBeLessThan(order[i - 1]!.text);
  }
  expect(sizes.medium!.input).toBe(36);
});
