// Exam sites and their rooms.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { organizations } from './core.ts';

/**
 * A place exams are held (a building or campus) with its postal address. A site of a college
 * (`organization_id`) is seen by that college's administrators only; a site without one is shared.
 */
export const examSites = pgTable(
  'exam_sites',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull().unique(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    organizationId: integer('organization_id').references(() => organizations.id),
    ...timestamps,
  },
  (t) => [index('exam_sites_organization_idx').on(t.organizationId)],
);

/** A room of a site; seats are numbered 1..capacity, laid out row by row in `rows` x `cols`. */
export const examRooms = pgTable(
  'exam_rooms',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => examSites.id),
    name: varchar('name', { length: 100 }).notNull(),
    capacity: integer('capacity').notNull(),
    rows: integer('rows').notNull(),
    cols: integer('cols').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('exam_rooms_site_name_key').on(t.siteId, t.name),
    check('exam_rooms_layout_check', sql`${t.capacity} > 0 and ${t.capacity} <= ${t.rows} * ${t.cols}`),
  ],
);
