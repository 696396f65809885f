// Answers to writes sent with an Idempotency-Key header (PRODUCT.md §4: offline writes are replayed from
// the client's outbox when the network returns; a replay the server already applied must not apply twice).
// One row per (user, key): claimed before the handler runs, completed with the stored answer after it.
import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userType: varchar('user_type', { length: 16 }).notNull(),
    userId: integer('user_id').notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    /** sha256 of method, path and body: the same key sent with another request is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** null while the first request is still being handled. */
    statusCode: integer('status_code'),
    contentType: varchar('content_type', { length: 200 }),
    body: text('body'),
    /** 'utf8' for text answers, 'base64' for binary ones. */
    bodyEncoding: varchar('body_encoding', { length: 8 }).notNull().default('utf8'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userType, t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
