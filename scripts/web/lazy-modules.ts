// Which module a lazily loaded route renders, read from the client's route registries
// (src/client/app/chrome-loaders.ts, learner-pages.ts, manage-pages.ts) rather than a second list that
// could drift from them. The registries are imported and each loader is called, inside Vite's module
// runner with a plugin that answers a registry's page imports with the page's path (page-registries.ts):
// the registries' loaders stay plain `() => import('...')` for the app's code splitting, and nothing here
// reads their source text. Used by the build (route-preloads.ts, compile-hints.ts) and the bundle benchmark.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { PageRegistries, RegistryName } from './page-registries.ts';

export type { PageRegistries, RegistryName } from './page-registries.ts';

/** Where a lazily loaded module of a route is declared: a key of one of the registries of loaders. */
export interface LazySource {
  registry: RegistryName;
  key: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REGISTRY_FILES = new Set(
  ['chrome-loaders.ts', 'learner-pages.ts', 'manage-pages.ts'].map((file) =>
    path.join(ROOT, 'src/client/app', file),
  ),
);
const PAGE_PATH = '\0page-path:';

/** `file` repo-relative with forward slashes, as the build's manifest names modules. */
const repoPath = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** A registry's dynamic imports resolve to a module that exports the imported file's repo path. */
function pagePaths(): Plugin {
  return {
    name: 'skills-platform:page-paths',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !REGISTRY_FILES.has(path.resolve(importer)) || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved) throw new Error(`route registry: ${source} (from ${repoPath(importer)}) not found`);
      return `${PAGE_PATH}${resolved.id}`;
    },
    load(id) {
      return id.startsWith(PAGE_PATH)
        ? `export default ${JSON.stringify(repoPath(id.slice(PAGE_PATH.length)))};`
        : null;
    },
  };
}

let registries: Promise<PageRegistries> | undefined;

/** The route registries, each key with the repo path of the module its loader imports (read once). */
export function pageRegistries(): Promise<PageRegistries> {
  registries ??= runnerImport<{ pageRegistries: PageRegistries }>(
    path.join(ROOT, 'scripts/web/page-registries.ts'),
    { root: ROOT, logLevel: 'error', plugins: [pagePaths()] },
  ).then(({ module }) => module.pageRegistries);
  return registries;
}

/**
 * Modules the entry imports at start (src/client/main.tsx, then start.tsx), to evaluate each in a task of
 * its own: part of every first load, so the build names their chunks in index.html as it does the entry's.
 * (React, which main.tsx evaluates first, is in Mantine's core chunk, a static import of start.tsx.)
 */
export const BOOT_MODULES = [
  'src/client/start.tsx',
  'node_modules/react-dom/client.js',
  'src/client/app/App.tsx',
];

/** The repo path of the module a registry entry imports, or undefined for a key not registered. */
export function lazyModulePath(all: PageRegistries, source: LazySource): string | undefined {
  const modules: Readonly<Record<string, string>> = all[source.registry];
  return Object.hasOwn(modules, source.key) ? modules[source.key] : undefined;
}

function required(all: PageRegistries, source: LazySource): string {
  const module = lazyModulePath(all, source);
  if (!module) throw new Error(`route registry: ${source.registry} has no '${source.key}'`);
  return module;
}

/**
 * The lazily loaded modules each learner-side path renders first (its chrome, then its page), for the
 * paths a server can name before any script runs: the login pages, the user centre and its pages, and
 * the public pages without parameters. The back office's pages depend on the admin's menu tree.
 */
export function learnerRouteModules(all: PageRegistries): Record<string, string[]> {
  const login = required(all, { registry: 'chromeLoaders', key: 'login' });
  const userCenter = required(all, { registry: 'chromeLoaders', key: 'userCenter' });
  const routes: Record<string, string[]> = { '/login': [login], '/manage/login': [login] };
  for (const [key, module] of Object.entries(all.userCenterPages))
    routes[key ? `/userCenter/${key}` : '/userCenter'] = [userCenter, module];
  for (const [key, module] of Object.entries(all.publicPages)) if (!key.includes(':')) routes[key] = [module];
  return routes;
}

/**
 * The lazily loaded modules each back-office page renders (the back office's chrome, then the page), by
 * the page's `component` name (src/client/app/manage-pages.ts).
 */
export function manageRouteModules(all: PageRegistries): Record<string, string[]> {
  const manage = required(all, { registry: 'chromeLoaders', key: 'manage' });
  return Object.fromEntries(
    Object.entries(all.managePages).map(([key, module]) => [`/manage/${key}`, [manage, module]]),
  );
}
