import type { Language } from '../../../shared/api/constants.ts';

/** Each language is named in itself, so a user who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};
