import type { Language } from '../../../shared/api/constants.ts';

/** A message table: nested objects of strings; `{{name}}` marks a parameter (rosetta). */
export interface MessageTable {
  [key: string]: string | MessageTable;
}

/** One area's messages in every language (a test fails when a key is missing in one of them). */
export type AreaMessages = Record<Language, MessageTable>;
