// Per-language message tables (issue 4, initial bundle). The area files (features/<area>/messages.ts and
// src/client/lib/i18n/messages/) each hold all four languages (`export default { zh, en, es, ja }`), so
// importing them ships every language to every user (~55 KB gz). This plugin serves
// `virtual:i18n-tables` to src/client/lib/i18n/index.ts instead:
// - build: the area files are evaluated at build time (through client/app/messages.ts, the one registry), and
//   each language becomes its own module `export default JSON.parse("...")`; zh (the platform's language)
//   is imported statically, the others are dynamic imports loaded before a switch;
// - serve (dev server and vitest): the tables are built in the browser from the sources as before, all
//   four static, so edits reload as usual and tests can switch languages synchronously.
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { LANGUAGES, type Language } from '../../src/shared/api/constants.ts';
import type { AreaMessages, MessageTable } from '../../src/client/lib/i18n/types.ts';

const TABLES_ID = 'virtual:i18n-tables';
const TABLE_PREFIX = 'virtual:i18n-table/';
const STATIC_LANGUAGES: readonly Language[] = ['zh'];
const REGISTRY = path.resolve('src/client/app/messages.ts');

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

export function i18nTables(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let evaluated: Promise<{ areas: Record<string, AreaMessages>; files: string[] }> | null = null;

  const evaluate = () =>
    (evaluated ??= runnerImport<{ messageAreas: Record<string, AreaMessages> }>(REGISTRY, {
      configFile: false,
      logLevel: 'silent',
    }).then(({ module, dependencies }) => ({
      areas: module.messageAreas,
      files: [REGISTRY, ...dependencies.map((file) => path.resolve(file))],
    })));

  return {
    name: 'skills-platform:i18n-tables',
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      evaluated = null;
    },
    resolveId(id) {
      if (id === TABLES_ID || id.startsWith(TABLE_PREFIX)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id === `\0${TABLES_ID}`) {
        if (command === 'serve') {
          return [
            `import { messageAreas } from ${JSON.stringify(REGISTRY)};`,
            `const languages = ${JSON.stringify(LANGUAGES)};`,
            'export const staticTables = Object.fromEntries(languages.map((lang) => [lang,',
            '  Object.fromEntries(Object.entries(messageAreas).map(([area, m]) => [area, m[lang]]))]));',
            'export const loadTable = (lang) => Promise.resolve(staticTables[lang]);',
          ].join('\n');
        }
        const statics = STATIC_LANGUAGES.map((lang, i) => `import t${i} from '${TABLE_PREFIX}${lang}';`);
        const dynamic = LANGUAGES.filter((lang) => !STATIC_LANGUAGES.includes(lang)).map(
          (lang) => `  ${lang}: () => import('${TABLE_PREFIX}${lang}'),`,
        );
        return [
          ...statics,
          `export const staticTables = { ${STATIC_LANGUAGES.map((lang, i) => `${lang}: t${i}`).join(', ')} };`,
          'const loaders = {',
          ...dynamic,
          '};',
          'export const loadTable = (lang) => loaders[lang]().then((m) => m.default);',
        ].join('\n');
      }
      if (id.startsWith(`\0${TABLE_PREFIX}`)) {
        const lang = id.slice(TABLE_PREFIX.length + 1);
        if (!isLanguage(lang)) this.error(`unknown language in ${id}`);
        const { areas, files } = await evaluate();
        for (const file of files) this.addWatchFile(file);
        const table: MessageTable = {};
        for (const [area, messages] of Object.entries(areas)) table[area] = messages[lang];
        // JSON.parse of a string literal parses faster than the same object literal.
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(table))});`;
      }
      return null;
    },
  };
}
