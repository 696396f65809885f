// The scores page painted with the HTML the server sends (client/app/first-paint/scores.tsx): the build
// (scripts/web/first-paint.ts) bundles that module for the server with the CSS rules its markup uses, into
// the client build's metadata directory (neither served nor precached); the server loads it at run time
// (server/http/client-shell.ts) and sends the page without a paint when it is absent (the dev server).
import type { Language, UiSize } from '../api/constants.ts';

/** The page painted, by its path. */
export const SCORES_PAGE_PATH = '/userCenter/achievementQuery';

/** Relative to the client build directory. */
export const FIRST_PAINT_MODULE = '.vite/first-paint/scores.js';
export const FIRST_PAINT_STYLES = '.vite/first-paint/scores.css';

export interface FirstPaintOptions {
  lang: Language;
  size: UiSize;
}

/** What the built module exports: the page's markup for its first answer ('' for no list of scores). */
export interface FirstPaintModule {
  render: (answer: unknown, options: FirstPaintOptions) => Promise<string>;
}
