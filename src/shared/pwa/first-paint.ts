// Pages painted with the HTML the server sends, from their own components (client/app/first-paint/<name>.tsx):
// the build (scripts/web/first-paint.ts) bundles each module for the server with the CSS rules its markup
// uses, into the client build's metadata directory (neither served, precached nor precompressed); the server
// loads them at run time (server/http/client-shell.ts) and sends a page without a paint when its module is
// absent (the dev server).
import type { Language, UiSize } from '../api/constants.ts';

/** The scores page: the learner's first page of scores. */
export const SCORES_PAGE_PATH = '/userCenter/achievementQuery';
/** The portal's home page: its banners. */
export const PORTAL_PAGE_PATH = '/';

/** The pages painted, by the name of their module, and each one's path. */
export const FIRST_PAINT_PAGES = { scores: SCORES_PAGE_PATH, portal: PORTAL_PAGE_PATH } as const;
export type FirstPaintName = keyof typeof FIRST_PAINT_PAGES;
export const FIRST_PAINT_NAMES = Object.keys(FIRST_PAINT_PAGES) as FirstPaintName[];

/** Where the built modules are, relative to the client build directory. */
export const FIRST_PAINT_DIR = '.vite/first-paint';
/** The built module of a page, relative to the client build directory. */
export const firstPaintModule = (name: FirstPaintName) => `${FIRST_PAINT_DIR}/${name}.js`;
/** The critical CSS of a page (the built stylesheets' rules its markup uses), likewise. */
export const firstPaintStyles = (name: FirstPaintName) => `${FIRST_PAINT_DIR}/${name}.css`;

/** Marks the painted markup, its value the page's name (index.html sizes the shell's bar beside it). */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

export interface FirstPaintOptions {
  lang: Language;
  size: UiSize;
}

/** What a built module exports: the page's markup for its first answer ('' for an answer it cannot paint). */
export interface FirstPaintModule {
  render: (answer: unknown, options: FirstPaintOptions) => Promise<string>;
}
