// Texts of completion (completion/index): rules, who meets them, confirmation and certificates, zh/en/es/ja.
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {},
  en: {},
  es: {},
  ja: {},
} satisfies AreaMessages;
