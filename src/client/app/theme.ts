// The Mantine theme from the saved preferences. The theme colour is turned into a ten-shade palette in the
// browser (no stylesheet download, unlike the original, which broke on intranets), and the global UI size
// (default, medium, small, mini) becomes Mantine's `scale`, which every size (control heights, font sizes,
// spacing) is multiplied by, so the choice reaches the controls pages size explicitly too. The steps follow
// Element UI, whose sizes the spec's come from: a control of the theme's size is 40, 36, 32 and 28 px high.
// Component defaults are plain objects, not `Select.extend(...)`: importing the components here would pull
// every input (NumberInput with react-number-format, MultiSelect, Table...) into the entry chunk.
import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  lighten,
  type MantineColorsTuple,
  type MantineSize,
  type MantineThemeOverride,
} from '@mantine/core';
import { THEME_COLOR, type UiSize } from '../../shared/api/constants.ts';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Ten shades with the chosen colour at index 6 (Mantine's default primary shade). */
export function paletteFrom(color: string): MantineColorsTuple {
  const base = HEX.test(color) ? color : THEME_COLOR;
  return [
    lighten(base, 0.92),
    lighten(base, 0.82),
    lighten(base, 0.65),
    lighten(base, 0.48),
    lighten(base, 0.3),
    lighten(base, 0.15),
    base,
    darken(base, 0.12),
    darken(base, 0.24),
    darken(base, 0.36),
  ] as const;
}

/** The default size of the inputs, buttons and tables: 36 px controls at scale 1. */
export const CONTROL_SIZE: MantineSize = 'sm';

/**
 * Mantine's scale per UI size: medium (the default, spec §9) is Mantine's own size, and the theme's controls
 * come out near Element UI's heights (36 px × 1.1 ≈ 40, × 0.9 ≈ 32, × 0.8 ≈ 28); text scales alike.
 */
export const UI_SIZE_SCALE: Record<UiSize, number> = {
  default: 1.1,
  medium: 1,
  small: 0.9,
  mini: 0.8,
};

export function buildTheme(themeColor: string, uiSize: UiSize): MantineThemeOverride {
  const size = CONTROL_SIZE;
  const sized = { defaultProps: { size } };
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: paletteFrom(themeColor) },
    defaultRadius: 'sm',
    scale: UI_SIZE_SCALE[uiSize],
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: {
      Button: sized,
      ActionIcon: sized,
      TextInput: sized,
      PasswordInput: sized,
      NumberInput: sized,
      Textarea: sized,
      Select: sized,
      MultiSelect: sized,
      Checkbox: sized,
      Radio: sized,
      Switch: sized,
      SegmentedControl: sized,
      Pagination: sized,
      Table: { defaultProps: { fz: size, verticalSpacing: size } },
    },
  });
}

/** Secondary ("dimmed") text at WCAG AA contrast: Mantine's default light-scheme gray.6 is 3.3:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
