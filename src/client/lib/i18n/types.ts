import type { Language } from '../../../shared/api/constants.ts';

/** A message table: nested objects of strings; `{{name}}` marks a parameter (rosetta). */
export interface MessageTable {
  [key: string]: string | MessageTable;
}

/** One area's messages in every language (a test fails when a key is missing in one of them). */
export type AreaMessages = Record<Language, MessageTable>;

/** A group of areas built as one table per language (app/messages.ts): learner in the first load, manage
 * loaded when the back office is entered, study loaded with the learner pages that show it (exam, lessons). */
export type MessageGroup = 'learner' | 'manage' | 'study';
