// Served by scripts/i18n/vite-plugin.ts: the message tables, only the static languages in the bundle.
// (Structural types: an ambient module cannot import the project's relative modules.)
declare module 'virtual:i18n-tables' {
  interface Table {
    [key: string]: string | Table;
  }
  /** Tables that are part of the bundle, by language code. */
  export const staticTables: Partial<Record<string, Table>>;
  /** Loads a language's table (its own chunk in a build). */
  export function loadTable(lang: string): Promise<Table>;
}
