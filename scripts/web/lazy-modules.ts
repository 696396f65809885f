// Which module a lazily loaded route renders, read from the client's route registries
// (src/client/app/chrome-loaders.ts, learner-pages.ts, manage-pages.ts) rather than a second list that
// could drift from them. Used by the build (route-preloads.ts) and by the bundle benchmark.
import fs from 'node:fs';
import path from 'node:path';

/** Where a lazily loaded module of a route is declared: a key of a registry of loaders. */
export interface LazySource {
  file: string;
  key: string;
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

const CHROME_LOADERS_FILE = 'src/client/app/chrome-loaders.ts';
const LEARNER_PAGES_FILE = 'src/client/app/learner-pages.ts';
const MANAGE_PAGES_FILE = 'src/client/app/manage-pages.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const IMPORT_CALL = String.raw`\(\s*\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)`;

/** `specifier` as imported by `fromFile`, repo-relative with forward slashes. */
function repoPath(fromFile: string, specifier: string): string {
  return path
    .relative(process.cwd(), path.resolve(path.dirname(fromFile), specifier))
    .split(path.sep)
    .join('/');
}

/** The repo-relative path of the module a registry entry imports, or undefined. */
export function lazyModulePath(source: LazySource): string | undefined {
  const text = fs.readFileSync(source.file, 'utf8');
  const key = escape(source.key);
  const pattern = new RegExp(
    String.raw`(?:^|[\s{,])(?:'${key}'|"${key}"${/^\w+$/.test(source.key) ? `|${key}` : ''})\s*:\s*${IMPORT_CALL}`,
    'm',
  );
  const specifier = pattern.exec(text)?.[1];
  return specifier ? repoPath(source.file, specifier) : undefined;
}

/** Every `key: () => import('...')` of the registry object `export const <registry> = { ... };`. */
export function registryEntries(file: string, registry: string): [key: string, module: string][] {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.search(new RegExp(String.raw`export const ${escape(registry)}\b`));
  if (start < 0) return [];
  const end = text.indexOf('\n};', start);
  const body = text.slice(start, end < 0 ? undefined : end);
  const entry = new RegExp(String.raw`(?:'([^']*)'|"([^"]*)"|(\w+))\s*:\s*${IMPORT_CALL}`, 'g');
  return [...body.matchAll(entry)].map((m) => [m[1] ?? m[2] ?? m[3] ?? '', repoPath(file, m[4]!)]);
}

/**
 * The lazily loaded modules each learner-side path renders first (its chrome, then its page), for the
 * paths a server can name before any script runs: the login pages, the user centre and its pages, and
 * the public pages without parameters. The back office's pages depend on the admin's menu tree.
 */
export function learnerRouteModules(): Record<string, string[]> {
  const required = (source: LazySource) => {
    const module = lazyModulePath(source);
    if (!module) throw new Error(`route registry: ${JSON.stringify(source)} not found`);
    return module;
  };
  const login = required({ file: CHROME_LOADERS_FILE, key: 'login' });
  const userCenter = required({ file: CHROME_LOADERS_FILE, key: 'userCenter' });
  const routes: Record<string, string[]> = { '/login': [login], '/manage/login': [login] };
  const pages = registryEntries(LEARNER_PAGES_FILE, 'userCenterPages');
  const publicPages = registryEntries(LEARNER_PAGES_FILE, 'publicPages');
  if (pages.length === 0 || publicPages.length === 0)
    throw new Error(`route registry: no pages found in ${LEARNER_PAGES_FILE}`);
  for (const [key, module] of pages)
    routes[key ? `/userCenter/${key}` : '/userCenter'] = [userCenter, module];
  for (const [key, module] of publicPages) if (!key.includes(':')) routes[key] = [module];
  return routes;
}

/**
 * The lazily loaded modules each back-office page renders (the back office's chrome, then the page), by
 * the page's `component` name (src/client/app/manage-pages.ts).
 */
export function manageRouteModules(): Record<string, string[]> {
  const manage = lazyModulePath({ file: CHROME_LOADERS_FILE, key: 'manage' });
  const pages = registryEntries(MANAGE_PAGES_FILE, 'managePages');
  if (!manage || pages.length === 0) throw new Error(`route registry: no back-office pages found`);
  return Object.fromEntries(pages.map(([key, module]) => [`/manage/${key}`, [manage, module]]));
}
