// The entry stylesheet stops blocking the first paint: index.html's app shell (a header bar with inline
// styles) shows while the stylesheet downloads beside the scripts. The build's <link rel="stylesheet">
// becomes a preload plus a print-media stylesheet marked data-deferred-style; start.tsx switches it to all
// media and waits for it before React's first render (src/client/lib/dom/deferred-stylesheets.ts), so no
// page is ever drawn unstyled. Build only: the dev server injects styles from JavaScript.
import type { Plugin } from 'vite';
import { deferredStylesheetLinks } from '../../src/shared/pwa/deferred-stylesheet.ts';

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;

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
