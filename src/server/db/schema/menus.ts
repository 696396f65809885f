// The back-office route tree (spec §2) and the module switches (PRODUCT.md §2), kept in the database so
// the settings pages can edit them. `name` is the stable key reference data is matched on.
import { boolean, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import type { AdministratorType } from '../../../shared/api/constants.ts';

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    path: varchar('path', { length: 200 }).notNull(),
    /** Query string the sidebar link adds, e.g. `step=exam` for the college's step entries. */
    query: varchar('query', { length: 200 }).notNull().default(''),
    name: varchar('name', { length: 100 }).notNull().unique(),
    component: varchar('component', { length: 200 }).notNull().default(''),
    redirect: varchar('redirect', { length: 200 }),
    hidden: boolean('hidden').notNull().default(false),
    system: integer('system').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    icon: varchar('icon', { length: 64 }).notNull().default(''),
    affix: boolean('affix').notNull().default(false),
    roles: jsonb('roles').$type<AdministratorType[]>(),
    unRoles: jsonb('un_roles').$type<AdministratorType[]>(),
    noCache: boolean('no_cache').notNull().default(false),
    /** A parent shown expanded by default (the finance menu, spec §2). */
    opened: boolean('opened').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    moduleKey: varchar('module_key', { length: 64 }),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

/** Header tabs (kind `system`, one per system index 0..5) and finer feature modules (kind `feature`). */
export const functionalModules = pgTable('functional_modules', {
  key: varchar('key', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  kind: varchar('kind', { length: 16 }).notNull().default('feature'),
  system: integer('system').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});
