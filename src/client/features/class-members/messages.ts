// Texts of the class detail page (classes/info) and the student list (student/index), zh/en/es/ja.
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {},
  en: {},
  es: {},
  ja: {},
} satisfies AreaMessages;
