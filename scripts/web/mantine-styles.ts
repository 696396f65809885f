// Mantine's stylesheet per component instead of all of it on every page (issue 4). @mantine/core/styles.css
// holds every component's rules (~250 KB, 36 KB gzip); a first page uses about a third of them, and the
// browser would download the rest and match every element against every rule. With this plugin:
// - `virtual:mantine-styles` (imported by main.tsx, so it is the first stylesheet) is Mantine's global
//   part only: the baseline, the theme's CSS variables and the global classes;
// - each component's class map (`esm/**/X.module.mjs`, the module that names its classes) imports that
//   component's `styles/X.css`, so the rules travel with the component's code: into the chunk that uses
//   it, loaded (and applied) with that chunk.
// Order is Mantine's: a component's module imports the components it builds on before its own class map,
// so their rules come first, as in styles.css (scripts/web/route-preloads.ts keeps that order across
// start-up chunks). Build only: the dev server pre-bundles Mantine, so it serves styles.css whole.
import type { Plugin } from 'vite';

export const MANTINE_STYLES_ID = 'virtual:mantine-styles';
const RESOLVED_ID = `\0${MANTINE_STYLES_ID}`;

const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];

/** A @mantine/core class map's component name (`Button` for esm/components/Button/Button.module.mjs). */
export function mantineClassMapComponent(id: string): string | null {
  const match = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/.exec(id.split('?')[0]!);
  return match ? match[1]! : null;
}

/** The stylesheet a component's class map brings with it. */
export const componentStylesheet = (component: string) => `@mantine/core/styles/${component}.css`;

export function mantineStyles(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'skills-platform:mantine-styles',
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    resolveId(id) {
      return id === MANTINE_STYLES_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const sheets = command === 'build' ? GLOBAL_STYLES.map((name) => `styles/${name}.css`) : ['styles.css'];
      return sheets.map((sheet) => `import '@mantine/core/${sheet}';`).join('\n');
    },
    transform(code, id) {
      if (command !== 'build') return null;
      const component = mantineClassMapComponent(id);
      if (!component) return null;
      return { code: `import '${componentStylesheet(component)}';\n${code}`, map: null };
    },
  };
}
