// V8's explicit compile hint (Chrome 136 and later): a script that begins with the magic comment
// `//# allFunctionsCalledOnLoad` has all its functions compiled at once, on the thread that streams it in,
// instead of lazily on the main thread the first time each is called (issue 4: Lighthouse's script
// boot-up time fell by about a fifth). V8 advises it for files whose functions nearly all run at load, so
// the build puts it on the start-up chunks (React DOM, Mantine's core, the app's boot modules) and on each
// learner and back-office page's own chunks and their chromes' (`firstLoadChunks`). Shared chunks of
// which a page runs a part (the schemas, the form library, popovers) and chunks loaded later for one
// component (a chart, the toasts, a language table) stay lazy. Other browsers ignore the comment.
//
// Build only, and after the chunks are rendered: the minifier drops comments, and only then is the whole
// chunk graph known. The file name's hash is the code's without the comment; a source map (SOURCEMAP=1)
// is shifted by the added line.
import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { learnerRouteModules, manageRouteModules, pageRegistries } from './lazy-modules.ts';
import { firstLoadChunks } from './route-preloads.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** `chunk` begins with the hint; its source map (if any) moves down one line. */
export function addCompileHint(chunk: OutputChunk, map: OutputAsset | undefined) {
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  if (map && typeof map.source === 'string') {
    const json = JSON.parse(map.source) as { mappings: string };
    map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
  }
}

export function compileHints(): Plugin {
  return {
    name: 'skills-platform:compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own (its preload list goes on each chunk's first line).
    generateBundle: {
      order: 'post',
      async handler(_, bundle) {
        const registries = await pageRegistries();
        const routes = { ...learnerRouteModules(registries), ...manageRouteModules(registries) };
        for (const file of firstLoadChunks(bundle, routes)) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') continue;
          const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          addCompileHint(chunk, map?.type === 'asset' ? map : undefined);
        }
      },
    },
  };
}
