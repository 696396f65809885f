// npm run bench:bundle - the initial JavaScript and CSS (gzip) each entry route loads, from the build
// manifest (vite build runs first; build.manifest is on in vite.config.ts).
// A route loads: the entry chunk and its static imports, plus the route's lazily loaded chunks (the page,
// and for the back office its chrome) and their static imports. Which modules those are is read from the
// client's route registries (src/client/app/chrome-loaders.ts, learner-pages.ts, manage-pages.ts, read by
// importing them: scripts/web/lazy-modules.ts), so the figures follow the code when a page is replaced. Chunks that a page loads later (on a click, a
// language switch...) are not counted: they are not part of the first render.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import {
  BOOT_MODULES,
  lazyModulePath,
  pageRegistries,
  type LazySource,
  type PageRegistries,
} from '../web/lazy-modules.ts';

export const CLIENT_DIR = path.resolve(process.env.CLIENT_OUT_DIR ?? 'dist/client');
const MANIFEST = path.join(CLIENT_DIR, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface EntryRoute {
  route: string;
  /** learner side or back office: the size targets differ (issue 4). */
  side: 'learner' | 'admin';
  lazy: LazySource[];
  /** Other modules (build manifest keys) the route awaits before its first render. */
  modules?: string[];
}

export const ENTRY_ROUTES: EntryRoute[] = [
  { route: '/', side: 'learner', lazy: [{ registry: 'publicPages', key: '/' }] },
  { route: '/login', side: 'learner', lazy: [{ registry: 'chromeLoaders', key: 'login' }] },
  { route: '/sign', side: 'learner', lazy: [{ registry: 'publicPages', key: '/sign' }] },
  {
    route: '/userCenter',
    side: 'learner',
    lazy: [
      // The learner chrome is a lazy chunk of its own (chrome-loaders.ts), then the summary page.
      { registry: 'chromeLoaders', key: 'userCenter' },
      { registry: 'userCenterPages', key: '' },
    ],
  },
  {
    route: '/manage/index',
    side: 'admin',
    lazy: [
      { registry: 'chromeLoaders', key: 'manage' },
      // The server's menu tree gives /manage/index the component name 'index'.
      { registry: 'managePages', key: 'index' },
    ],
    // The back office's texts (the manage message group, scripts/i18n/vite-plugin.ts) in Chinese.
    modules: ['virtual:i18n-table/zh-manage'],
  },
];

/** Size targets of issue 4 (initial JS, KB gzip). */
export const JS_TARGET_KB = { learner: 160, admin: 250 } as const;

export interface RouteBundle {
  route: string;
  side: 'learner' | 'admin';
  jsFiles: string[];
  cssFiles: string[];
  jsGzip: number;
  cssGzip: number;
  jsRaw: number;
  missing: string[];
}

const sizeCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = fs.readFileSync(path.join(CLIENT_DIR, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizeCache.set(file, size);
  }
  return size;
}

export function readManifest(): Manifest {
  if (!fs.existsSync(MANIFEST)) throw new Error(`${MANIFEST} not found: run \`npx vite build\` first`);
  return JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** The chunks a route loads initially and their gzip sizes. */
export function routeBundle(manifest: Manifest, registries: PageRegistries, entry: EntryRoute): RouteBundle {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the build manifest');
  const missing: string[] = [];
  // The entry, and the modules it imports at start (start.tsx, React DOM, the app): every first load has them.
  const starts = [entryKey, ...BOOT_MODULES.filter((module) => manifest[module])];
  for (const module of BOOT_MODULES) if (!manifest[module]) missing.push(`${module}: not in the build`);
  for (const source of entry.lazy) {
    const modulePath = lazyModulePath(registries, source);
    const label = `${source.registry} '${source.key}'`;
    if (!modulePath) missing.push(`${label}: not registered`);
    else if (!manifest[modulePath]) missing.push(`${label}: ${modulePath} not in the build`);
    else starts.push(modulePath);
  }
  for (const module of entry.modules ?? []) {
    if (manifest[module]) starts.push(module);
    else missing.push(`${module}: not in the build`);
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  starts.forEach(visit);
  const chunks = [...seen].map((key) => manifest[key]!);
  const jsFiles = [...new Set(chunks.map((c) => c.file))].filter((f) => f.endsWith('.js'));
  const cssFiles = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const sum = (files: string[], pick: 'raw' | 'gzip') =>
    files.reduce((total, f) => total + sizeOf(f)[pick], 0);
  return {
    route: entry.route,
    side: entry.side,
    jsFiles,
    cssFiles,
    jsGzip: sum(jsFiles, 'gzip'),
    cssGzip: sum(cssFiles, 'gzip'),
    jsRaw: sum(jsFiles, 'raw'),
    missing,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const manifest = readManifest();
  const registries = await pageRegistries();
  const bundles = ENTRY_ROUTES.map((entry) => routeBundle(manifest, registries, entry));
  const allJs = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
  const totalJsGzip = allJs.reduce((total, f) => total + sizeOf(f).gzip, 0);

  console.log('Initial load per entry route (gzip level 9, KB = 1024 bytes)\n');
  const header = ['route', 'JS KB gz', 'CSS KB gz', 'JS KB raw', 'chunks', 'JS target'];
  const widths = [14, 9, 10, 10, 7, 10];
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const b of bundles) {
    const target = JS_TARGET_KB[b.side];
    const verdict = b.jsGzip / 1024 <= target ? `<= ${target}` : `> ${target} !`;
    console.log(line([b.route, kb(b.jsGzip), kb(b.cssGzip), kb(b.jsRaw), String(b.jsFiles.length), verdict]));
  }
  console.log(`\nWhole build: ${allJs.length} JS chunks, ${kb(totalJsGzip)} KB gz in total.`);
  for (const b of bundles) {
    for (const m of b.missing) console.log(`Note (${b.route}): ${m}; only the shell is counted.`);
  }
  if (process.argv.includes('--verbose')) {
    for (const b of bundles) {
      console.log(`\n${b.route}:`);
      for (const f of [...b.jsFiles, ...b.cssFiles])
        console.log(`  ${kb(sizeOf(f).gzip).padStart(7)} KB gz  ${f}`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
