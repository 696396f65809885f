// The counterpart of scripts/web/defer-stylesheet.ts: applies the stylesheets index.html loads as print
// media (so they do not block the app shell's first paint) and resolves once every one is usable. A
// stylesheet that failed to load resolves too: the page then renders unstyled rather than never.
import { DEFERRED_STYLE_ATTRIBUTE } from '../../../shared/pwa/deferred-stylesheet.ts';

export function applyDeferredStylesheets(root: ParentNode = document): Promise<void> {
  const links = Array.from(root.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLE_ATTRIBUTE}]`));
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          // Already downloaded (as print): switching the media applies it at once, with no new load event.
          const loaded = link.sheet !== null;
          if (!loaded) {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }
          link.media = 'all';
          if (loaded) resolve();
        }),
    ),
  ).then(() => undefined);
}
