// Texts of the learner's projects, classes and programs (/userCenter/myProject, myProjectInfo, myProgram), zh/en/es/ja.
import type { AreaMessages } from '../../lib/i18n/types.ts';

export default {
  zh: {},
  en: {},
  es: {},
  ja: {},
} satisfies AreaMessages;
