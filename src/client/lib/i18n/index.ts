// rosetta holds the tables; the language signal decides which one t() reads, so a component that calls
// useT() re-renders on a language switch without a reload. Keys are 'area.key' (dotted paths into the
// area's table). A key missing in the current language falls back to English, then Chinese, then the key.
import { useMemo } from 'react';
import rosetta from 'rosetta';
import { useSignals } from '@preact/signals-react/runtime';
import { LANGUAGES, type Language } from '../../../shared/api/constants.ts';
import { language } from '../state/preferences.ts';
import { messageAreas } from './messages/index.ts';
import type { MessageTable } from './types.ts';

const i18n = rosetta<MessageTable>();

for (const lang of LANGUAGES) {
  const table: MessageTable = {};
  for (const [area, messages] of Object.entries(messageAreas)) table[area] = messages[lang];
  i18n.set(lang, table);
}

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
  return useMemo<Translate>(
    () =>
      (key, params, lang = current) =>
        t(key, params, lang),
    [current],
  );
}
