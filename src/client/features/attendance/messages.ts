// Texts of class records (classes/classRecord): attendance, the rotating check-in code and learning records, zh/en/es/ja.
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {},
  en: {},
  es: {},
  ja: {},
} satisfies AreaMessages;
