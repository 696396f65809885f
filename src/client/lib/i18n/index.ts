// rosetta holds the tables; the language signal decides which one t() reads, so a component that calls
// useT() re-renders on a language switch without a reload. Keys are 'area.key' (dotted paths into the
// area's table). A key missing in the current language falls back to English (when loaded), then Chinese,
// then the key.
// The tables come from `virtual:i18n-tables` (scripts/i18n/vite-plugin.ts): in a build only Chinese is in
// the bundle and each other language is its own chunk, loaded by loadLanguage() before it is shown
// (changeLanguage() for a switch, start.tsx for the saved language), so the first load carries one
// language instead of four.
import { useMemo } from 'react';
import rosetta from 'rosetta';
import { effect, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { loadTable, staticTables } from 'virtual:i18n-tables';
import type { Language } from '../../../shared/api/constants.ts';
import { language, setLanguage } from '../state/preferences.ts';
import type { MessageTable } from './types.ts';

const i18n = rosetta<MessageTable>();
const loaded = new Set<Language>();
const pending = new Map<Language, Promise<void>>();
/** Bumped when a table arrives, so components showing the fallback re-render with it. */
const tablesLoaded = signal(0);

for (const [lang, table] of Object.entries(staticTables) as [Language, MessageTable][]) {
  i18n.set(lang, table);
  loaded.add(lang);
}

/** Resolves once `lang`'s table is in place (at once for a bundled language). */
export function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return Promise.resolve();
  let loading = pending.get(lang);
  if (!loading) {
    loading = loadTable(lang)
      .then((table) => {
        i18n.set(lang, table);
        loaded.add(lang);
        tablesLoaded.value++;
      })
      .finally(() => pending.delete(lang));
    pending.set(lang, loading);
  }
  return loading;
}

/** Switches the language once its table is loaded, so the page never shows a half-translated state. */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  setLanguage(lang);
}

// A language set without changeLanguage() (another tab's cookie, a test) still gets its table.
effect(() => {
  const lang = language.value;
  if (!loaded.has(lang)) loadLanguage(lang).catch(() => undefined);
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
