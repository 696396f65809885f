// Lazily imported pages: one chunk per page (React.lazy), created once per key so a re-render never
// re-imports. Registries (manage-pages.ts, learner-pages.ts, chrome-loaders.ts) map names to loaders.
// A module loaded through loadModule() (the route preloader does, for the first page) is remembered: its
// lazy component then renders in the same pass instead of suspending, so the first page shows no
// fallback, and React does not hold its reveal back (it throttles reveals after a fallback, issue 4).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- page props differ; routes pass none or wouter params
export type PageComponent = ComponentType<any>;
/** A page module: the page, and optionally the GETs it makes on mounting, to start while it loads. */
export type PageLoader = () => Promise<{ default: PageComponent; preloadData?: () => void }>;

const loaded = new Map<() => Promise<unknown>, unknown>();

/** `loader()`, remembered once it has loaded. */
export function loadModule<M>(loader: () => Promise<M>): Promise<M> {
  return loader().then((module) => {
    loaded.set(loader, module);
    return module;
  });
}

/** A thenable that calls back at once: React.lazy takes its value in the same pass. */
const settled = <T>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) });

/** React.lazy over `loader`, rendering at once when loadModule() has loaded it already. */
export function lazyLoaded<M>(
  loader: () => Promise<M>,
  pick: (module: M) => PageComponent = (module) => (module as { default: PageComponent }).default,
): LazyExoticComponent<PageComponent> {
  return lazy(() => {
    const module = loaded.get(loader) as M | undefined;
    const component = (value: M) => ({ default: pick(value) });
    // React.lazy only calls then(): a settled thenable is read synchronously.
    if (module !== undefined)
      return settled(component(module)) as unknown as Promise<{ default: PageComponent }>;
    return loadModule(loader).then(component);
  });
}

const cache = new Map<PageLoader, LazyExoticComponent<PageComponent>>();

export function lazyPage(loader: PageLoader): LazyExoticComponent<PageComponent> {
  let component = cache.get(loader);
  if (!component) {
    component = lazyLoaded(loader);
    cache.set(loader, component);
  }
  return component;
}
