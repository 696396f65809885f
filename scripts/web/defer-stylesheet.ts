// The entry stylesheet stops blocking the first paint: index.html's app shell (a header bar with inline
// styles) shows while the stylesheet downloads beside the scripts. The build's <link rel="stylesheet">
// becomes a preload plus a print-media stylesheet marked data-deferred-style; main.tsx switches it to all
// media and waits for it before React's first render (src/client/lib/dom/deferred-stylesheets.ts), so no
// page is ever drawn unstyled. Build only: the dev server injects styles from JavaScript.
import type { Plugin } from 'vite';

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;

/** A stylesheet that downloads beside the scripts without blocking the app shell's paint. */
export function deferredStylesheetLinks(href: string): string {
  return (
    `<link rel="preload" as="style" crossorigin href="${href}">` +
    `<link rel="stylesheet" crossorigin href="${href}" media="print" data-deferred-style>`
  );
}

export function deferEntryStylesheet(): Plugin {
  return {
    name: 'skills-platform:defer-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(ENTRY_STYLESHEET, (_, href: string) => deferredStylesheetLinks(href)),
    },
  };
}
