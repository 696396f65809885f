// Lookup lists of spec §3 (user sources, political affiliations, ethnic groups, educational backgrounds).
// One small table each, editable from the settings pages; `sort` keeps the national standard's order.
import { boolean, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

const lookupColumns = () => ({
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const userSources = pgTable('user_sources', lookupColumns());
export const politicalAffiliations = pgTable('political_affiliations', lookupColumns());
export const ethnicGroups = pgTable('ethnic_groups', lookupColumns());
export const educationalBackgrounds = pgTable('educational_backgrounds', lookupColumns());
