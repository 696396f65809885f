// Uploaded files (photos, scans, banners): kept in the file storage (src/server/storage), described here.
import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { administrators, learners } from './core.ts';

/** Files uploaded by a learner (materials, photo) or an administrator (banners, covers), kept outside the web root. */
export const uploads = pgTable(
  'uploads',
  {
    /** Random UUID: also the opaque id clients use. */
    id: varchar('id', { length: 36 }).primaryKey(),
    ownerLearnerId: integer('owner_learner_id').references(() => learners.id),
    ownerAdminId: integer('owner_admin_id').references(() => administrators.id),
    /** photo, id_card_front, id_card_back, diploma, certificate, other, banner, cover */
    kind: varchar('kind', { length: 32 }).notNull(),
    mime: varchar('mime', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** The file's key in the file storage (`ab/<uuid>`): under config.uploadDir, or in the STORAGE_URL bucket. */
    storagePath: varchar('storage_path', { length: 200 }).notNull(),
    originalName: varchar('original_name', { length: 200 }).notNull().default(''),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_learner_idx').on(t.ownerLearnerId)],
);
