// Served by scripts/i18n/vite-plugin.ts: the message tables, only the static languages and groups in the bundle.
// (Structural types: an ambient module cannot import the project's relative modules.)
declare module 'virtual:i18n-tables' {
  interface Table {
    [key: string]: string | Table;
  }
  /** Tables that are part of the bundle, by language code: each holds every group of staticGroups. */
  export const staticTables: Partial<Record<string, Table>>;
  /** The message groups the static tables hold ('learner' in a build, all of them when served). */
  export const staticGroups: readonly string[];
  /** Loads one group of a language's messages (its own chunk in a build). */
  export function loadTable(lang: string, group: string): Promise<Table>;
}
