// Per-language message tables (issue 4, initial bundle). The area files (features/<area>/messages.ts and
// src/client/lib/i18n/messages/) each hold all four languages (`export default { zh, en, es, ja }`), so
// importing them ships every language to every user (~55 KB gz). The registry (client/app/messages.ts)
// sorts the areas into groups: learner (what public and user-centre pages show), study (what only the exam and
// lesson pages show, loaded with those pages) and manage (the back
// office only). This plugin serves `virtual:i18n-tables` to src/client/lib/i18n/index.ts instead:
// - build: the area files are evaluated at build time (through the registry), and each language and group
//   becomes its own module `export default JSON.parse("...")`: `virtual:i18n-table/<lang>` (learner) and
//   `virtual:i18n-table/<lang>-manage` (and `-study`). Only zh's learner table (the platform's language) is imported
//   statically; the others are dynamic imports, loaded before a switch or when the back office is entered;
// - serve (dev server and vitest): the tables are built in the browser from the sources as before, every
//   language and group static, so edits reload as usual and tests can switch languages synchronously.
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { LANGUAGES, type Language } from '../../src/shared/api/constants.ts';
import type { AreaMessages, MessageGroup, MessageTable } from '../../src/client/lib/i18n/types.ts';

const TABLES_ID = 'virtual:i18n-tables';
const TABLE_PREFIX = 'virtual:i18n-table/';
const STATIC_LANGUAGES: readonly Language[] = ['zh'];
/** The group in the first load; every other group is its own chunk per language. */
const STATIC_GROUP: MessageGroup = 'learner';
const GROUPS: readonly MessageGroup[] = ['learner', 'manage', 'study'];
const REGISTRY = path.resolve('src/client/app/messages.ts');

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);
const isGroup = (value: string): value is MessageGroup => (GROUPS as readonly string[]).includes(value);
/** The table module of a language's group: the learner table keeps the language's bare name. */
const tableId = (lang: Language, group: MessageGroup) =>
  `${TABLE_PREFIX}${group === STATIC_GROUP ? lang : `${lang}-${group}`}`;
type Groups = Record<MessageGroup, Record<string, AreaMessages>>;

export function i18nTables(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let evaluated: Promise<{ groups: Groups; files: string[] }> | null = null;

  const evaluate = () =>
    (evaluated ??= runnerImport<{ messageGroups: Groups }>(REGISTRY, {
      configFile: false,
      logLevel: 'silent',
    }).then(({ module, dependencies }) => {
      const seen = new Map<string, MessageGroup>();
      for (const group of GROUPS) {
        for (const area of Object.keys(module.messageGroups[group])) {
          const other = seen.get(area);
          if (other) throw new Error(`message area ${area} in two groups: ${other}, ${group}`);
          seen.set(area, group);
        }
      }
      return {
        groups: module.messageGroups,
        files: [REGISTRY, ...dependencies.map((file) => path.resolve(file))],
      };
    }));

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
            `import { messageGroups } from ${JSON.stringify(REGISTRY)};`,
            `const languages = ${JSON.stringify(LANGUAGES)};`,
            'const tableOf = (lang, group) =>',
            '  Object.fromEntries(Object.entries(messageGroups[group]).map(([area, m]) => [area, m[lang]]));',
            'export const staticGroups = Object.keys(messageGroups);',
            'export const staticTables = Object.fromEntries(languages.map((lang) =>',
            '  [lang, Object.assign({}, ...staticGroups.map((group) => tableOf(lang, group)))]));',
            'export const loadTable = (lang, group) => Promise.resolve(tableOf(lang, group));',
          ].join('\n');
        }
        const statics = STATIC_LANGUAGES.map(
          (lang, i) => `import t${i} from '${tableId(lang, STATIC_GROUP)}';`,
        );
        const dynamic = LANGUAGES.flatMap((lang) =>
          GROUPS.filter((group) => group !== STATIC_GROUP || !STATIC_LANGUAGES.includes(lang)).map(
            (group) => `  '${lang}/${group}': () => import('${tableId(lang, group)}'),`,
          ),
        );
        return [
          ...statics,
          `export const staticGroups = ['${STATIC_GROUP}'];`,
          `export const staticTables = { ${STATIC_LANGUAGES.map((lang, i) => `${lang}: t${i}`).join(', ')} };`,
          'const loaders = {',
          ...dynamic,
          '};',
          'export const loadTable = (lang, group) => loaders[`${lang}/${group}`]().then((m) => m.default);',
        ].join('\n');
      }
      if (id.startsWith(`\0${TABLE_PREFIX}`)) {
        const name = id.slice(TABLE_PREFIX.length + 1);
        const [lang = '', group = STATIC_GROUP] = name.split('-');
        if (!isLanguage(lang) || !isGroup(group)) this.error(`unknown message table ${id}`);
        const { groups, files } = await evaluate();
        for (const file of files) this.addWatchFile(file);
        const table: MessageTable = {};
        for (const [area, messages] of Object.entries(groups[group])) table[area] = messages[lang];
        // JSON.parse of a string literal parses faster than the same object literal.
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(table))});`;
      }
      return null;
    },
  };
}
