// The chunks and stylesheets each learner-side page needs beyond the entry's, written to
// .vite/route-preloads.json for the server: it names them (<link rel="modulepreload">, deferred
// stylesheet links) in the page it serves for that path
// (src/server/http/client-shell.ts), so a phone downloads the page's code beside the entry's instead of
// after the entry has run (one round trip less before the first page shows, issue 4). Build only; the
// file is build metadata, neither served nor precached.
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../src/shared/pwa/route-preloads.ts';
import { deferredStylesheetLinks } from '../../src/shared/pwa/deferred-stylesheet.ts';
import { BOOT_MODULES, learnerRouteModules, pageRegistries } from './lazy-modules.ts';

function chunksOf(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(
    chunks
      .filter((chunk) => chunk.facadeModuleId)
      .map((chunk) => [path.resolve(chunk.facadeModuleId!), chunk]),
  );
  const chunkOf = (module: string, what: string) => {
    const chunk = byModule.get(path.resolve(module));
    if (!chunk) throw new Error(`route preloads: ${module} (${what}) is not a chunk of the build`);
    return chunk;
  };
  /** The chunks and everything they import statically. */
  const withStaticImports = (starts: OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const file of chunk.imports) visit(byFile.get(file));
    };
    starts.forEach(visit);
    return seen;
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  /** What every first load fetches: the entry's chunks, and those of the modules the entry loads at start. */
  const initial = withStaticImports([...entries, ...BOOT_MODULES.map((m) => chunkOf(m, 'start-up'))]);
  return { chunkOf, withStaticImports, entries, initial };
}

/** The start-up chunks index.html does not name yet: React DOM, the app and their imports. */
export function bootPreloadsFor(bundle: OutputBundle): string[] {
  const { withStaticImports, entries, initial } = chunksOf(bundle);
  const named = withStaticImports(entries);
  return [...initial].filter((file) => !named.has(file)).map((file) => `/${file}`);
}

/**
 * The stylesheets of `files` (chunks), each chunk's after those of the chunks it imports: Mantine's
 * components build on each other, and a component's rules must follow those of the components it uses
 * (scripts/web/mantine-styles.ts), as in Mantine's one stylesheet.
 */
function stylesheetsOf(bundle: OutputBundle, files: ReadonlySet<string>): string[] {
  const ordered: string[] = [];
  const visited = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk' || !files.has(file) || visited.has(file)) return;
    visited.add(file);
    chunk.imports.forEach(visit);
    ordered.push(...(chunk.viteMetadata?.importedCss ?? []));
  };
  files.forEach(visit);
  return [...new Set(ordered)];
}

/**
 * The stylesheets of the start-up chunks that index.html does not name yet (those of the Mantine
 * components they carry): without them there, the browser would ask for them only once those chunks run,
 * a round trip after every script.
 */
export function bootStylesheetsFor(bundle: OutputBundle): string[] {
  const { withStaticImports, entries, initial } = chunksOf(bundle);
  const already = new Set(stylesheetsOf(bundle, withStaticImports(entries)));
  return stylesheetsOf(bundle, initial)
    .filter((file) => !already.has(file))
    .map((file) => `/${file}`);
}

/** The stylesheets index.html names, in its order: the entry's, then the start-up chunks' (file names). */
export function shellStylesheetsFor(bundle: OutputBundle): string[] {
  const { withStaticImports, entries } = chunksOf(bundle);
  const boot = bootStylesheetsFor(bundle).map((url) => url.slice(1));
  return [...stylesheetsOf(bundle, withStaticImports(entries)), ...boot];
}

/**
 * Each route's chunks and their static imports, less the start-up ones (index.html names those), then
 * their stylesheets less the start-up ones.
 */
export function routePreloadsFor(bundle: OutputBundle, routes: Record<string, string[]>): RoutePreloads {
  const { chunkOf, withStaticImports, initial } = chunksOf(bundle);
  const initialStylesheets = new Set(stylesheetsOf(bundle, initial));
  const preloads: RoutePreloads = {};
  for (const [route, modules] of Object.entries(routes)) {
    const own = new Set(
      [...withStaticImports(modules.map((module) => chunkOf(module, route)))].filter(
        (file) => !initial.has(file),
      ),
    );
    const stylesheets = stylesheetsOf(bundle, own).filter((file) => !initialStylesheets.has(file));
    preloads[route] = [...own, ...stylesheets].map((file) => `/${file}`);
  }
  return preloads;
}

/**
 * The chunks a first load runs nearly all of: the start-up ones (React DOM, Mantine's core, the app's boot
 * modules) and each route's own (`routes`: path → its lazily loaded modules, a chrome and a page). Not the
 * shared chunks a page imports besides, of which a page runs a part: the schemas, the form library,
 * popover positioning (a quarter to a third of their functions, measured on the learner pages and the
 * back office's home).
 */
export function firstLoadChunks(bundle: OutputBundle, routes: Record<string, string[]>): Set<string> {
  const { chunkOf, initial } = chunksOf(bundle);
  const all = new Set(initial);
  for (const [route, modules] of Object.entries(routes))
    for (const module of modules) all.add(chunkOf(module, route).fileName);
  return all;
}

export function routePreloads(): Plugin {
  return {
    name: 'skills-platform:route-preloads',
    apply: 'build',
    // index.html names the start-up chunks and their stylesheets beside the entry's (the entry imports
    // them after its own; start.tsx applies the stylesheets before the first render).
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        if (!bundle) return html;
        const links = [
          ...bootStylesheetsFor(bundle).map(deferredStylesheetLinks),
          ...bootPreloadsFor(bundle).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
        ].join('');
        return html.replace('</head>', `${links}</head>`);
      },
    },
    async generateBundle(_, bundle) {
      const routes = learnerRouteModules(await pageRegistries());
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(routePreloadsFor(bundle, routes), null, 1),
      });
    },
  };
}
