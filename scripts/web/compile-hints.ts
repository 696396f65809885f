// V8's explicit compile hint (Chrome 136 and later): a script that begins with the magic comment
// `//# allFunctionsCalledOnLoad` has all its functions compiled at once, on the thread that streams it in,
// instead of lazily on the main thread the first time each is called (issue 4: Lighthouse's script
// boot-up time fell by about a fifth). The build puts it on the chunks some first load runs: the start-up
// chunks, and each learner and back-office page's with their static imports (React DOM, Mantine's core,
// the app's boot modules, the pages), whose functions nearly all run while the page starts. Chunks loaded
// later for one component (a chart, the toasts, a language table) stay lazy. Other browsers ignore it.
//
// Build only, and after the chunks are rendered: the minifier drops comments, and only then is the whole
// chunk graph known. The file name's hash is the code's without the comment; a source map (SOURCEMAP=1)
// is shifted by the added line.
import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { learnerRouteModules, manageRouteModules } from './lazy-modules.ts';
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
      handler(_, bundle) {
        for (const file of firstLoadChunks(bundle, { ...learnerRouteModules(), ...manageRouteModules() })) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') continue;
          const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          addCompileHint(chunk, map?.type === 'asset' ? map : undefined);
        }
      },
    },
  };
}
