// Texts of the training back office: projects, programs, class list, class add/set and batch pages, zh/en/es/ja.
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {},
  en: {},
  es: {},
  ja: {},
} satisfies AreaMessages;
