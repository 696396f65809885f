// Short-lived authentication state. It lives in the database, not in process memory, so that several
// app processes sharing one PostgreSQL agree on captchas, SMS codes, lockouts and hand-offs.
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Image captchas: the answer is kept only as a hash; used_at makes each one single-use. */
export const captchas = pgTable(
  'captchas',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** SMS verification codes, hashed; the rows also count sends per phone for the rate limits. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 64 }).notNull().unique(),
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt,
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/** Failed logins per scope (user type + account or typed name) and the resulting lock. */
export const loginFailures = pgTable('login_failures', {
  scopeKey: varchar('scope_key', { length: 160 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * One-time session hand-off between hosts (PRODUCT.md §5). The row is found by the SHA-256 of the key
 * and the session inside is encrypted with a key derived from it, so the table alone reveals no token.
 */
export const sessionHandoffs = pgTable(
  'session_handoffs',
  {
    keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
    payload: text('payload').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [index('session_handoffs_expires_idx').on(t.expiresAt)],
);
