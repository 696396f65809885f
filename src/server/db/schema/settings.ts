// System settings (system 5): roles and their menu grants, which drive both the menus an administrator is
// sent and the API calls the server lets through (PRODUCT.md §2 "role & permission").
import { boolean, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { menus } from './menus.ts';

/**
 * A role: a named set of menu grants. The three built-in roles (code founder, manager, college) are seeded
 * to reproduce spec §6 and are every administrator's role until another is chosen; they can be edited but
 * not deleted.
 */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  /** Set on the built-in roles only: the administrator type whose default role this is. */
  code: varchar('code', { length: 16 }).unique(),
  description: varchar('description', { length: 200 }).notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

/** One row per menu item a role may open; the item's API calls are allowed with it. */
export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);
