// A stylesheet that downloads beside the scripts without blocking the app shell's first paint: a preload
// plus a print-media stylesheet marked data-deferred-style, which start.tsx switches to all media and waits
// for before React's first render (src/client/lib/dom/deferred-stylesheets.ts). Written into index.html
// by the build (scripts/web/) and, for a page's own chunks, by the server (src/server/http/client-shell.ts).

export const DEFERRED_STYLE_ATTRIBUTE = 'data-deferred-style';

export function deferredStylesheetLinks(href: string): string {
  return (
    `<link rel="preload" as="style" crossorigin href="${href}">` +
    `<link rel="stylesheet" crossorigin href="${href}" media="print" ${DEFERRED_STYLE_ATTRIBUTE}>`
  );
}
