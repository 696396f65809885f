// The global size (spec §2: default, medium, small, mini; medium the default, spec §9) scales the controls
// and the text: each of the four gives another input height and another body font size, also for inputs
// a page sizes explicitly.
import { MantineProvider, TextInput } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_UI_SIZE, UI_SIZES, type UiSize } from '../../../../src/shared/api/constants.ts';
import { buildTheme } from '../../../../src/client/app/theme.ts';

afterEach(cleanup);

// Mantine's input heights and body font size at scale 1 (its stylesheet, which jsdom does not load).
const INPUT_HEIGHT_PX: Record<string, number> = { xs: 30, sm: 36, md: 42, lg: 50, xl: 60 };
const BODY_FONT_PX = 16;

interface Measured {
  themeInput: number;
  explicitXsInput: number;
  bodyFont: number;
}

/** Renders inputs under the theme of `size` and reads the sizes the browser would apply. */
function measure(size: UiSize): Measured {
  render(
    <MantineProvider theme={buildTheme('#3e56ec', size)}>
      <TextInput aria-label="theme" />
      <TextInput aria-label="xs" size="xs" />
    </MantineProvider>,
  );
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  // Mantine writes only what differs from its stylesheet, where the scale is 1.
  const scale = Number(/--mantine-scale:\s*([\d.]+)/.exec(css)?.[1] ?? 1);
  const heightOf = (label: string) => {
    const wrapper = screen.getByLabelText(label).closest<HTMLElement>('[style*="--input-height"]');
    const token = /--input-height-(\w+)/.exec(wrapper?.getAttribute('style') ?? '')?.[1] ?? '';
    return (INPUT_HEIGHT_PX[token] ?? Number.NaN) * scale;
  };
  const measured = {
    themeInput: heightOf('theme'),
    explicitXsInput: heightOf('xs'),
    bodyFont: BODY_FONT_PX * scale,
  };
  cleanup();
  return measured;
}

describe('global UI size', () => {
  const sizes = Object.fromEntries(UI_SIZES.map((size) => [size, measure(size)])) as Record<UiSize, Measured>;

  it.each(['themeInput', 'explicitXsInput', 'bodyFont'] as const)(
    '%s: default > medium > small > mini',
    (what) => {
      const values = (['default', 'medium', 'small', 'mini'] as const).map((size) => sizes[size][what]);
      for (const value of values) expect(value).toBeGreaterThan(0);
      for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]!);
    },
  );

  it('medium is the default size and leaves Mantine at its own scale', () => {
    expect(DEFAULT_UI_SIZE).toBe('medium');
    expect(sizes.medium.bodyFont).toBe(BODY_FONT_PX);
  });

  it("controls of the theme's size come out near Element UI's 40, 36, 32 and 28 px", () => {
    expect(sizes.default.themeInput).toBeCloseTo(40, -0.5);
    expect(sizes.medium.themeInput).toBe(36);
    expect(sizes.small.themeInput).toBeCloseTo(32, -0.5);
    expect(sizes.mini.themeInput).toBeCloseTo(28, -0.5);
  });
});
