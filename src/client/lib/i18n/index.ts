// rosetta holds the tables; the language signal decides which one t() reads, so a component that calls
// useT() re-renders on a language switch without a reload. Keys are 'area.key' (dotted paths into the
// area's table). A key missing in the current language falls back to English (when loaded), then Chinese,
// then the key.
// The tables come from `virtual:i18n-tables` (scripts/i18n/vite-plugin.ts), one per language and message
// group (app/messages.ts): in a build only Chinese's learner group is in the bundle; each other language's
// learner table is its own chunk, loaded by loadLanguage() before it is shown (changeLanguage() for a
// switch, start.tsx for the saved language), and the back office's texts (the manage group) are their own
// chunk per language, loaded by loadMessageGroup('manage') before the back office renders. Once a group
// is wanted, every language loaded later gets it too, so a switch in the back office loads both groups.
import { useMemo } from 'react';
import rosetta from 'rosetta';
import { effect, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { loadTable, staticGroups, staticTables } from 'virtual:i18n-tables';
import type { Language } from '../../../shared/api/constants.ts';
import { language, setLanguage } from '../state/preferences.ts';
import type { MessageGroup, MessageTable } from './types.ts';

const i18n = rosetta<MessageTable>();
/** `lang/group` of every table in place. */
const loaded = new Set<string>();
const pending = new Map<string, Promise<void>>();
/** The groups every language needs: learner always, manage once the back office is entered. */
const wanted = new Set<MessageGroup>(['learner']);
/** Bumped when a table arrives, so components showing the fallback re-render with it. */
const tablesLoaded = signal(0);

const tableKey = (lang: Language, group: MessageGroup) => `${lang}/${group}`;

for (const [lang, table] of Object.entries(staticTables) as [Language, MessageTable][]) {
  i18n.set(lang, table);
  for (const group of staticGroups) loaded.add(`${lang}/${group}`);
}

function loadGroup(lang: Language, group: MessageGroup): Promise<void> {
  const key = tableKey(lang, group);
  if (loaded.has(key)) return Promise.resolve();
  let loading = pending.get(key);
  if (!loading) {
    loading = loadTable(lang, group)
      .then((table) => {
        // rosetta merges a table into the language's: the groups hold different areas.
        i18n.set(lang, table);
        loaded.add(key);
        tablesLoaded.value++;
      })
      .finally(() => pending.delete(key));
    pending.set(key, loading);
  }
  return loading;
}

/** Whether `lang` has every wanted group (and `group`, when given) in place. */
export function messagesReady(lang: Language, group?: MessageGroup): boolean {
  if (group && !loaded.has(tableKey(lang, group))) return false;
  return [...wanted].every((wantedGroup) => loaded.has(tableKey(lang, wantedGroup)));
}

/** The promise of a language's wanted groups while they load (the same one to every caller: React's use()). */
const readying = new Map<string, Promise<void>>();

/** Resolves once `lang`'s tables (every wanted group) are in place (at once for a bundled language). */
export function loadLanguage(lang: Language): Promise<void> {
  if (messagesReady(lang)) return Promise.resolve();
  const groups = [...wanted].sort();
  const key = `${lang}:${groups.join(',')}`;
  let loading = readying.get(key);
  if (!loading) {
    loading = Promise.all(groups.map((group) => loadGroup(lang, group)))
      .then(() => undefined)
      .finally(() => readying.delete(key));
    readying.set(key, loading);
  }
  return loading;
}

/**
 * Resolves once `group` is in place for the current language; every language loaded later loads it too.
 * Idempotent: one request per language and group.
 */
export function loadMessageGroup(group: MessageGroup): Promise<void> {
  wanted.add(group);
  return loadLanguage(language.peek());
}

/** Switches the language once its tables are loaded, so the page never shows a half-translated state. */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  setLanguage(lang);
}

// A language set without changeLanguage() (another tab's cookie, a test) still gets its tables.
effect(() => {
  const lang = language.value;
  if (!messagesReady(lang)) loadLanguage(lang).catch(() => undefined);
});

export type TranslateParams = Record<string, string | number>;

export function t(key: string, params?: TranslateParams, lang: Language = language.value): string {
  const found = i18n.t(key, params ?? {}, lang);
  if (found) return found;
  return i18n.t(key, params ?? {}, 'en') || i18n.t(key, params ?? {}, 'zh') || key;
}

export type Translate = typeof t;

/** t() for components: subscribes the component to the language signal; stable while the language is. */
export function useT(): Translate {
  useSignals();
  const current = language.value;
  const tables = tablesLoaded.value;
  return useMemo<Translate>(
    () =>
      (key, params, lang = current) =>
        t(key, params, lang),
    // tables: a new function when a table arrives, so memoised children re-render too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, tables],
  );
}
