// Orders, the payment gateway's events and the sandbox gateway's transactions.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { learners } from './core.ts';

/** Orders for enrolments (and later classes, courses). One live (pending or paid) order per item per learner. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    /** enrollment | class | course */
    itemType: varchar('item_type', { length: 16 }).notNull(),
    itemId: integer('item_id').notNull(),
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    amountFen: integer('amount_fen').notNull(),
    /** pending | paid | closed | refunded */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    gateway: varchar('gateway', { length: 32 }),
    gatewayTradeNo: varchar('gateway_trade_no', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_live_item_key')
      .on(t.learnerId, t.itemType, t.itemId)
      .where(sql`${t.state} in ('pending', 'paid')`),
    index('orders_learner_idx').on(t.learnerId, t.createdAt),
    index('orders_paid_at_idx').on(t.paidAt),
    check('orders_amount_check', sql`${t.amountFen} >= 0`),
  ],
);

/** Every notify a gateway sent; the unique (gateway, event_id) of verified events makes processing idempotent. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    gateway: varchar('gateway', { length: 32 }).notNull(),
    eventId: varchar('event_id', { length: 64 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    signatureOk: boolean('signature_ok').notNull(),
    /** applied | duplicate | rejected: what processing did with it */
    outcome: varchar('outcome', { length: 32 }).notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_verified_key')
      .on(t.gateway, t.eventId)
      .where(sql`${t.signatureOk}`),
    index('payment_events_order_idx').on(t.orderNo),
  ],
);

/** The built-in sandbox gateway's own transaction records: its side of reconciliation. */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: serial('id').primaryKey(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().unique(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    /** created | success | closed */
    state: varchar('state', { length: 16 }).notNull().default('created'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_transactions_order_idx').on(t.orderNo),
    index('sandbox_transactions_paid_idx').on(t.paidAt),
  ],
);
