// Lazily imported pages: one chunk per page (React.lazy), created once per key so a re-render never
// re-imports. Registries (manage-pages.ts, learner-pages.ts) map names to loaders.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- page props differ; routes pass none or wouter params
export type PageComponent = ComponentType<any>;
/** A page module: the page, and optionally the GETs it makes on mounting, to start while it loads. */
export type PageLoader = () => Promise<{ default: PageComponent; preloadData?: () => void }>;

const cache = new Map<PageLoader, LazyExoticComponent<PageComponent>>();

export function lazyPage(loader: PageLoader): LazyExoticComponent<PageComponent> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(loader);
    cache.set(loader, component);
  }
  return component;
}
