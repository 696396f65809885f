// Organisations, accounts, tokens and the system log: the tables every area stands on.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';

/** Organisation tree: college → department (PRODUCT.md §2). */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  kind: varchar('kind', { length: 16 }).notNull().default('college'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

export const administrators = pgTable('administrators', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  realName: varchar('real_name', { length: 64 }).notNull(),
  avatar: text('avatar').notNull().default(''),
  introduction: text('introduction').notNull().default(''),
  administratorType: varchar('administrator_type', { length: 16 }).notNull(),
  organizationId: integer('organization_id').references(() => organizations.id),
  roleId: integer('role_id'),
  phone: varchar('phone', { length: 20 }),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

export const learners = pgTable(
  'learners',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    idCard: varchar('id_card', { length: 18 }).notNull(),
    realName: varchar('real_name', { length: 64 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    photo: text('photo').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    sex: varchar('sex', { length: 8 }),
    birthDate: date('birth_date'),
    userSourceId: integer('user_source_id'),
    politicalAffiliationId: integer('political_affiliation_id'),
    ethnicGroupId: integer('ethnic_group_id'),
    educationalBackgroundId: integer('educational_background_id'),
    provinceCode: varchar('province_code', { length: 12 }),
    cityCode: varchar('city_code', { length: 12 }),
    areaCode: varchar('area_code', { length: 12 }),
    address: varchar('address', { length: 200 }).notNull().default(''),
    employer: varchar('employer', { length: 100 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    organizationId: integer('organization_id').references(() => organizations.id),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('learners_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('learners_phone_key').on(t.phone),
    uniqueIndex('learners_id_card_key').on(sql`upper(${t.idCard})`),
  ],
);

/** Bearer tokens: only the SHA-256 of the random token is stored; revocation is a timestamp. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userType: varchar('user_type', { length: 16 }).notNull(),
    userId: integer('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_tokens_user_idx').on(t.userType, t.userId)],
);

/** Every administrator write (PRODUCT.md §2). */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: serial('id').primaryKey(),
    administratorId: integer('administrator_id'),
    administratorName: varchar('administrator_name', { length: 64 }).notNull().default(''),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 64 }).notNull().default(''),
    targetId: varchar('target_id', { length: 64 }).notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('system_logs_created_idx').on(t.createdAt),
    index('system_logs_admin_idx').on(t.administratorId, t.createdAt),
    index('system_logs_action_idx').on(t.action, t.createdAt),
  ],
);
