// Orders, payment notifies, statements, reconciliation and plan pricing.
//
// Idempotency: one live (pending or paid) order per learner and item (partial unique index), created
// under the enrolment's row lock; a verified notify is recorded in payment_events under a unique
// (gateway, event_id) before anything else in its transaction, so a replay or a concurrent duplicate
// finds the row and changes nothing. Order and enrolment become paid in that same transaction.
import type { FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { EnrollmentState } from '../../shared/enrollments/schema.ts';
import { chinaWallIso } from '../../shared/api/china-time.ts';
import type { Language } from '../../shared/api/constants.ts';
import {
  ORDER_STATE_LABELS,
  STATEMENT_COLUMNS,
  type NotifyOutcome,
  type OrderInfo,
  type OrderItemType,
  type OrderReceipt,
  type OrderState,
  type PayAnswer,
  type ReconciliationItem,
  type StatementRow,
  type feeListQuery,
  type orderListQuery,
} from '../../shared/payments/schema.ts';
import {
  PLAN_STATE_LABELS,
  REGISTRATION_ERROR_CODES,
  skillLevelLabel,
  type PlanState,
} from '../../shared/plans/schema.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import {
  classMembers,
  courseLearners,
  courses,
  enrollments,
  examPlans,
  learners,
  occupations,
  orders,
  organizations,
  paymentEvents,
  planFeeHistory,
  trainingClasses,
} from '../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../errors.ts';
import { skillLevelName, t } from '../i18n/messages.ts';
import { sendNotification } from '../notifications/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { grantClassCourses } from '../training/service.ts';
import { chinaDayRange, iso } from '../lib/dates.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import type { PaymentGateway, VerifiedNotify } from './gateway.ts';

type OrderRow = typeof orders.$inferSelect;
const illegalState = (message: string) => new AppError(409, message, REGISTRATION_ERROR_CODES.illegalState);

/** 20 characters: China-time yyyyMMddHHmmss and 6 random digits. */
function newOrderNo(now = new Date()) {
  const stamp = chinaWallIso(now).replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * An order as answered. What an enrolment (course) order pays for is named from its plan's (course's) title
 * as it reads now, in the reader's language; the stored subject, written in Chinese when the order was made
 * (and sent to the gateway), is the name when there is no such title.
 */
export function orderInfo(order: OrderRow, lang: Language, itemTitle?: string): OrderInfo {
  const state = order.state as OrderState;
  return {
    order_no: order.orderNo,
    item_type: order.itemType as OrderItemType,
    item_id: order.itemId,
    subject:
      itemTitle === undefined
        ? order.subject
        : order.itemType === 'enrollment'
          ? t(lang, 'order.enrollmentFee', { plan: itemTitle })
          : order.itemType === 'course'
            ? t(lang, 'order.courseFee', { course: itemTitle })
            : order.itemType === 'class'
              ? t(lang, 'order.classFee', { class: itemTitle })
              : order.subject,
    amount_fen: order.amountFen,
    state,
    state_name: ORDER_STATE_LABELS[state] ?? order.state,
    gateway: order.gateway,
    gateway_trade_no: order.gatewayTradeNo,
    paid_at: iso(order.paidAt),
    closed_at: iso(order.closedAt),
    created_at: order.createdAt.toISOString(),
  };
}

/**
 * The orders as answered, with the titles of the plans their enrolments belong to and of the courses they
 * buy (one query each, only when there are such orders).
 */
export async function orderInfos(db: DbOrTx, rows: OrderRow[], lang: Language): Promise<OrderInfo[]> {
  const idsOf = (type: OrderItemType) => rows.filter((row) => row.itemType === type).map((row) => row.itemId);
  const enrollmentIds = idsOf('enrollment');
  const courseIds = idsOf('course');
  const classIds = idsOf('class');
  const [planTitles, courseTitles, classNames] = await Promise.all([
    enrollmentIds.length
      ? db
          .select({ id: enrollments.id, title: examPlans.title })
          .from(enrollments)
          .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
          .where(inArray(enrollments.id, enrollmentIds))
      : [],
    courseIds.length
      ? db
          .select({ id: courses.id, title: courses.title })
          .from(courses)
          .where(inArray(courses.id, courseIds))
      : [],
    classIds.length
      ? db
          .select({ id: trainingClasses.id, title: trainingClasses.name })
          .from(trainingClasses)
          .where(inArray(trainingClasses.id, classIds))
      : [],
  ]);
  const titleOf: Partial<Record<OrderItemType, Map<number, string>>> = {
    enrollment: new Map(planTitles.map((row) => [row.id, row.title])),
    course: new Map(courseTitles.map((row) => [row.id, row.title])),
    class: new Map(classNames.map((row) => [row.id, row.title])),
  };
  return rows.map((row) => orderInfo(row, lang, titleOf[row.itemType as OrderItemType]?.get(row.itemId)));
}

/** The live (pending or paid) order of a learner for an item, if any. */
async function liveOrder(db: DbOrTx, learnerId: number, itemType: OrderItemType, itemId: number) {
  const [live] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.learnerId, learnerId),
        eq(orders.itemType, itemType),
        eq(orders.itemId, itemId),
        inArray(orders.state, ['pending', 'paid']),
      ),
    )
    .limit(1);
  return live;
}

/**
 * The learner's live order for the item, or a new pending one. Two requests at once make one order: the
 * partial unique index on live orders lets one insert win, and the other reads the winner's.
 */
async function liveOrNewOrder(
  tx: DbOrTx,
  item: { learnerId: number; itemType: OrderItemType; itemId: number; subject: string; amountFen: number },
) {
  const live = await liveOrder(tx, item.learnerId, item.itemType, item.itemId);
  if (live) return { order: live, created: false };
  const [order] = await tx
    .insert(orders)
    .values({ orderNo: newOrderNo(), ...item, state: 'pending' })
    .onConflictDoNothing()
    .returning();
  if (order) return { order, created: true };
  const winner = await liveOrder(tx, item.learnerId, item.itemType, item.itemId);
  if (!winner) throw illegalState('订单创建失败，请重试');
  return { order: winner, created: false };
}

const PAYABLE_PLAN_STATES = ['published', 'registration_closed'];

/** POST /v1/enrollments/:id/order: the existing live order, or a new pending one for an approved enrolment. */
export async function orderForEnrollment(db: Db, learnerId: number, enrollmentId: number) {
  return db.transaction(async (tx) => {
    const [enrollment] = await tx
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.learnerId, learnerId)))
      .for('update')
      .limit(1);
    if (!enrollment) throw notFound('报名记录不存在');
    const live = await liveOrder(tx, learnerId, 'enrollment', enrollmentId);
    if (live) return { order: live, created: false };
    if (enrollment.state !== 'approved') {
      throw illegalState(enrollment.state === 'paid' ? '该报名已缴费' : '报名审核通过后才能缴费');
    }
    const [plan] = await tx.select().from(examPlans).where(eq(examPlans.id, enrollment.planId)).limit(1);
    if (!plan || !PAYABLE_PLAN_STATES.includes(plan.state)) {
      throw illegalState(
        `考试计划当前状态为「${PLAN_STATE_LABELS[plan?.state as PlanState] ?? ''}」，已停止缴费`,
      );
    }
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(),
        learnerId,
        itemType: 'enrollment',
        itemId: enrollmentId,
        subject: t('zh', 'order.enrollmentFee', { plan: plan.title }),
        amountFen: plan.feeFen,
        state: 'pending',
      })
      .returning();
    return { order: order!, created: true };
  });
}

/**
 * POST /v1/courses/:id/order: the learner's live order for a published paid course, or a new pending one.
 * The course row is held (share) so its price and state cannot change under the order.
 */
export async function orderForCourse(db: Db, learnerId: number, courseId: number) {
  return db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('share').limit(1);
    if (!course || course.state !== 'published') throw notFound('课程不存在');
    const [owned] = await tx
      .select({ id: courseLearners.id })
      .from(courseLearners)
      .where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.learnerId, learnerId)))
      .limit(1);
    if (owned) throw illegalState('已拥有该课程');
    if (course.priceFen <= 0) throw illegalState('免费课程无需购买，请直接开始学习');
    return liveOrNewOrder(tx, {
      learnerId,
      itemType: 'course',
      itemId: courseId,
      subject: t('zh', 'order.courseFee', { course: course.title }),
      amountFen: course.priceFen,
    });
  });
}

/**
 * POST /v1/learner/classes/:id/order: the class fee order of an active member whose fee is unpaid (the live
 * one, or a new pending one). The membership row is held so the fee cannot be settled under the order.
 */
export async function orderForClass(db: Db, learnerId: number, classId: number) {
  return db.transaction(async (tx) => {
    const [klass] = await tx
      .select({ name: trainingClasses.name, feeFen: trainingClasses.feeFen })
      .from(trainingClasses)
      .where(eq(trainingClasses.id, classId))
      .limit(1);
    if (!klass) throw notFound('班级不存在');
    const [member] = await tx
      .select()
      .from(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.learnerId, learnerId)))
      .for('update')
      .limit(1);
    if (member?.state !== 'active') throw notFound('您不是该班级的学员');
    if (member.feeState === 'paid') throw illegalState('已缴纳班级费用');
    if (member.feeState === 'none' || klass.feeFen <= 0) throw illegalState('该班级免费，无需缴费');
    return liveOrNewOrder(tx, {
      learnerId,
      itemType: 'class',
      itemId: classId,
      subject: t('zh', 'order.classFee', { class: klass.name }),
      amountFen: klass.feeFen,
    });
  });
}

export async function listMyOrders(
  db: DbOrTx,
  learnerId: number,
  query: z.output<typeof orderListQuery>,
  lang: Language,
) {
  const where = and(eq(orders.learnerId, learnerId), query.state ? eq(orders.state, query.state) : undefined);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  return listAnswer(await orderInfos(db, rows, lang), total?.n ?? 0, query.page, query.limit);
}

/** The learner's own order; another learner's is answered 404. */
export async function findOwnOrder(db: DbOrTx, learnerId: number, orderNo: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.learnerId, learnerId)))
    .limit(1);
  if (!order) throw notFound('订单不存在');
  return order;
}

/** GET /v1/orders/:order_no: the order with what it pays for (the receipt once paid). */
export async function getMyOrder(db: DbOrTx, learnerId: number, orderNo: string, lang: Language) {
  const order = await findOwnOrder(db, learnerId, orderNo);
  let item: OrderReceipt['item'] = null;
  let itemTitle: string | undefined;
  if (order.itemType === 'course') {
    const [course] = await db
      .select({ title: courses.title })
      .from(courses)
      .where(eq(courses.id, order.itemId))
      .limit(1);
    itemTitle = course?.title;
  }
  if (order.itemType === 'class') {
    const [klass] = await db
      .select({ name: trainingClasses.name })
      .from(trainingClasses)
      .where(eq(trainingClasses.id, order.itemId))
      .limit(1);
    itemTitle = klass?.name;
  }
  if (order.itemType === 'enrollment') {
    const [row] = await db
      .select({
        enrollmentId: enrollments.id,
        enrollmentState: enrollments.state,
        planId: examPlans.id,
        planCode: examPlans.code,
        planTitle: examPlans.title,
        level: examPlans.level,
        occupationName: occupations.name,
        organizationName: organizations.name,
      })
      .from(enrollments)
      .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
      .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
      .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
      .where(eq(enrollments.id, order.itemId))
      .limit(1);
    if (row) {
      itemTitle = row.planTitle;
      item = {
        enrollment_id: row.enrollmentId,
        enrollment_state: row.enrollmentState as EnrollmentState,
        plan_id: row.planId,
        plan_code: row.planCode,
        plan_title: row.planTitle,
        occupation_name: row.occupationName,
        level_name: skillLevelName(lang, row.level),
        organization_name: row.organizationName,
      };
    }
  }
  const [learner] = await db
    .select({ realName: learners.realName })
    .from(learners)
    .where(eq(learners.id, learnerId));
  return { ...orderInfo(order, lang, itemTitle), payer_name: learner?.realName ?? '', item };
}

/** POST /v1/orders/:order_no/pay: a pay URL from the gateway for a pending order. */
export async function payOrder(db: Db, gateway: PaymentGateway, learnerId: number, orderNo: string) {
  await findOwnOrder(db, learnerId, orderNo);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update').limit(1);
    if (!order) throw notFound('订单不存在');
    if (order.state !== 'pending') {
      throw illegalState(
        `订单当前状态为「${ORDER_STATE_LABELS[order.state as OrderState] ?? order.state}」，无需支付`,
      );
    }
    if (order.amountFen <= 0) throw illegalState('订单金额为 0，无需支付');
    const payment = await gateway.createPayment(tx, {
      orderNo,
      amountFen: order.amountFen,
      subject: order.subject,
    });
    await tx
      .update(orders)
      .set({ gateway: gateway.name, gatewayTradeNo: payment.tradeNo, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    const answer: PayAnswer = {
      pay_url: payment.payUrl,
      trade_no: payment.tradeNo,
      gateway: gateway.name,
      order_no: orderNo,
    };
    return answer;
  });
}

// ---------------------------------------------------------------- notify

export type { NotifyOutcome };

/** How much of a rejected notify is kept: enough to see what was tried, never what an attacker sends. */
export const REJECTED_NOTIFY_KEPT_CHARS = 2048;

/** The payload as stored: itself when small, else its first characters and its full length. */
export function boundedPayload(payload: Record<string, unknown>): Record<string, unknown> {
  let text: string;
  try {
    text = JSON.stringify(payload);
  } catch {
    return { truncated: true, excerpt: '' };
  }
  if (text.length <= REJECTED_NOTIFY_KEPT_CHARS) return payload;
  return { truncated: true, length: text.length, excerpt: text.slice(0, REJECTED_NOTIFY_KEPT_CHARS) };
}

/**
 * A notify shaped like the gateway's but signed wrongly (a forgery attempt): kept, bounded, for the audit
 * trail; it changes nothing else. A malformed one is only logged by the route.
 */
export async function recordRejectedNotify(db: DbOrTx, gateway: string, payload: Record<string, unknown>) {
  await db.insert(paymentEvents).values({
    gateway,
    eventId: String(payload.event_id ?? '').slice(0, 64),
    orderNo: String(payload.order_no ?? '').slice(0, 32),
    payload: boundedPayload(payload),
    signatureOk: false,
    outcome: 'bad_signature',
  });
}

export async function processNotify(
  db: Db,
  gateway: string,
  event: VerifiedNotify,
  payload: Record<string, unknown>,
): Promise<NotifyOutcome> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        gateway,
        eventId: event.eventId,
        orderNo: event.orderNo,
        payload,
        signatureOk: true,
        outcome: 'processing',
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';

    const outcome = await applyNotify(tx, gateway, event);
    await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, recorded.id));
    return outcome;
  });
}

async function applyNotify(tx: Tx, gateway: string, event: VerifiedNotify): Promise<NotifyOutcome> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.orderNo, event.orderNo))
    .for('update')
    .limit(1);
  if (!order) return 'unknown_order';
  if (event.status !== 'SUCCESS') return 'ignored_status';
  if (order.state === 'paid')
    return order.gatewayTradeNo === event.tradeNo ? 'already_paid' : 'duplicate_payment';
  if (order.state !== 'pending') return 'order_not_payable';
  if (order.amountFen !== event.amountFen) return 'amount_mismatch';

  await tx
    .update(orders)
    .set({
      state: 'paid',
      gateway,
      gatewayTradeNo: event.tradeNo,
      paidAt: event.paidAt,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, order.id), eq(orders.state, 'pending')));
  let title = order.subject;
  if (order.itemType === 'enrollment') {
    const [enrollment] = await tx
      .update(enrollments)
      .set({ state: 'paid', paidAt: event.paidAt, updatedAt: new Date() })
      .where(and(eq(enrollments.id, order.itemId), eq(enrollments.state, 'approved')))
      .returning({ planId: enrollments.planId });
    if (enrollment) {
      const [plan] = await tx
        .select({ title: examPlans.title })
        .from(examPlans)
        .where(eq(examPlans.id, enrollment.planId));
      title = plan?.title ?? title;
    }
  }
  if (order.itemType === 'course') {
    await tx
      .insert(courseLearners)
      .values({ courseId: order.itemId, learnerId: order.learnerId, source: 'order', orderId: order.id })
      .onConflictDoNothing();
    const [course] = await tx
      .select({ title: courses.title })
      .from(courses)
      .where(eq(courses.id, order.itemId));
    title = course?.title ?? title;
  }
  if (order.itemType === 'class') {
    // The fee is settled on the membership (kept even if the learner left meanwhile); an active member gets
    // the class's courses in this same transaction.
    const [member] = await tx
      .update(classMembers)
      .set({ feeState: 'paid', orderId: order.id })
      .where(and(eq(classMembers.classId, order.itemId), eq(classMembers.learnerId, order.learnerId)))
      .returning({ state: classMembers.state });
    if (member?.state === 'active') await grantClassCourses(tx, order.itemId, [order.learnerId]);
    const [klass] = await tx
      .select({ name: trainingClasses.name })
      .from(trainingClasses)
      .where(eq(trainingClasses.id, order.itemId));
    title = klass?.name ?? title;
  }
  await sendNotification(tx, {
    learnerId: order.learnerId,
    kind: 'payment',
    message: 'paymentSucceeded',
    params: { item: title, amount: (order.amountFen / 100).toFixed(2), orderNo: order.orderNo },
    link: `/userCenter/myOrder?order_no=${order.orderNo}`,
  });
  return 'applied';
}

// ---------------------------------------------------------------- statements and reconciliation

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function statementCsv(rows: StatementRow[]) {
  const lines = [STATEMENT_COLUMNS.join(',')];
  for (const row of rows) lines.push(STATEMENT_COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((v) => v.trim());
}

/** Parses an uploaded statement (header row with at least trade_no, order_no, amount_fen). */
export function parseStatementCsv(csv: string): StatementRow[] {
  const lines = csv
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim());
  const header = parseCsvLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const index = (name: string) => header.indexOf(name);
  for (const required of ['trade_no', 'order_no', 'amount_fen']) {
    if (index(required) < 0) throw fieldError('csv', `对账单缺少「${required}」列`);
  }
  return lines.slice(1).map((line, i) => {
    const cells = parseCsvLine(line);
    const amount = Number(cells[index('amount_fen')]);
    if (!Number.isInteger(amount)) throw fieldError('csv', `对账单第 ${i + 2} 行金额无效`);
    return {
      trade_no: cells[index('trade_no')] ?? '',
      order_no: cells[index('order_no')] ?? '',
      amount_fen: amount,
      status: (index('status') >= 0 ? cells[index('status')] : 'SUCCESS') || 'SUCCESS',
      paid_at: (index('paid_at') >= 0 ? cells[index('paid_at')] : '') ?? '',
    };
  });
}

/** Compares the orders paid on `date` through `gateway` with the gateway's statement for that day. */
export async function reconcile(db: DbOrTx, gateway: string, date: string, statement: StatementRow[]) {
  const { start, end } = chinaDayRange(date);
  const paidThatDay = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.gateway, gateway),
        inArray(orders.state, ['paid', 'refunded']),
        gte(orders.paidAt, start),
        lt(orders.paidAt, end),
      ),
    )
    .orderBy(asc(orders.paidAt));
  const successRows = statement.filter((row) => row.status.toUpperCase() === 'SUCCESS');
  const orderNos = [...new Set(successRows.map((row) => row.order_no).filter(Boolean))];
  const referenced = orderNos.length
    ? await db.select().from(orders).where(inArray(orders.orderNo, orderNos))
    : [];
  const byOrderNo = new Map([...referenced, ...paidThatDay].map((o) => [o.orderNo, o]));

  const matched: ReconciliationItem[] = [];
  const amountMismatch: ReconciliationItem[] = [];
  const missingInOrders: ReconciliationItem[] = [];
  const seen = new Set<string>();
  for (const row of successRows) {
    const order = byOrderNo.get(row.order_no);
    const base = {
      order_no: row.order_no,
      trade_no: row.trade_no,
      statement_amount_fen: row.amount_fen,
      paid_at: row.paid_at,
    };
    if (!order) {
      missingInOrders.push({ ...base, reason: '平台无此订单' });
    } else if (order.state !== 'paid' && order.state !== 'refunded') {
      missingInOrders.push({ ...base, order_state: order.state, reason: '平台订单未支付' });
    } else if (order.gatewayTradeNo && order.gatewayTradeNo !== row.trade_no) {
      missingInOrders.push({
        ...base,
        order_trade_no: order.gatewayTradeNo,
        reason: '重复支付：订单已由其他交易支付',
      });
    } else if (order.amountFen !== row.amount_fen) {
      seen.add(order.orderNo);
      amountMismatch.push({ ...base, order_amount_fen: order.amountFen });
    } else {
      seen.add(order.orderNo);
      matched.push({ ...base, order_amount_fen: order.amountFen });
    }
  }
  const missingInStatement = paidThatDay
    .filter((order) => !seen.has(order.orderNo))
    .map((order) => ({
      order_no: order.orderNo,
      trade_no: order.gatewayTradeNo,
      order_amount_fen: order.amountFen,
      paid_at: iso(order.paidAt),
    }));
  const sum = (rows: { amountFen?: number; amount_fen?: number }[]) =>
    rows.reduce((total, r) => total + (r.amountFen ?? r.amount_fen ?? 0), 0);
  return {
    date,
    gateway,
    summary: {
      orders_count: paidThatDay.length,
      orders_total_fen: sum(paidThatDay),
      statement_count: successRows.length,
      statement_total_fen: sum(successRows),
      matched: matched.length,
      amount_mismatch: amountMismatch.length,
      missing_in_statement: missingInStatement.length,
      missing_in_orders: missingInOrders.length,
      balanced:
        amountMismatch.length === 0 && missingInStatement.length === 0 && missingInOrders.length === 0,
    },
    matched,
    amount_mismatch: amountMismatch,
    missing_in_statement: missingInStatement,
    missing_in_orders: missingInOrders,
  };
}

/** GET /v1/admin/finance/orders: every order, for the finance pages. */
export async function listOrdersForFinance(
  db: DbOrTx,
  query: z.output<typeof orderListQuery> & { keyword?: string; date?: string },
  lang: Language,
) {
  const conditions: (SQL | undefined)[] = [query.state ? eq(orders.state, query.state) : undefined];
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(orders.orderNo, like), ilike(orders.subject, like), ilike(learners.realName, like)),
    );
  }
  if (query.date) {
    const { start, end } = chinaDayRange(query.date);
    conditions.push(and(gte(orders.createdAt, start), lt(orders.createdAt, end)));
  }
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(learners, eq(learners.id, orders.learnerId))
    .where(where);
  const rows = await db
    .select({ order: orders, learnerName: learners.realName, learnerUsername: learners.username })
    .from(orders)
    .innerJoin(learners, eq(learners.id, orders.learnerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  const infos = await orderInfos(
    db,
    rows.map((row) => row.order),
    lang,
  );
  return listAnswer(
    rows.map((row, index) => ({
      ...infos[index]!,
      learner_name: row.learnerName,
      learner_username: row.learnerUsername,
    })),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

// ---------------------------------------------------------------- pricing

export async function listFees(db: DbOrTx, query: z.output<typeof feeListQuery>) {
  const like = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = like
    ? or(ilike(examPlans.title, like), ilike(examPlans.code, like), ilike(occupations.name, like))
    : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .where(where);
  const rows = await db
    .select({
      plan: examPlans,
      occupationName: occupations.name,
      organizationName: organizations.name,
      lastChangedAt: sql<
        Date | string | null
      >`(select max(${planFeeHistory.changedAt}) from ${planFeeHistory} where ${planFeeHistory.planId} = ${examPlans.id})`,
    })
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
    .where(where)
    .orderBy(desc(examPlans.registrationStartsAt), desc(examPlans.id))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  return listAnswer(
    rows.map((row) => ({
      plan_id: row.plan.id,
      code: row.plan.code,
      title: row.plan.title,
      occupation_name: row.occupationName,
      level: row.plan.level,
      level_name: skillLevelLabel(row.plan.level),
      organization_name: row.organizationName,
      state: row.plan.state as PlanState,
      state_name: PLAN_STATE_LABELS[row.plan.state as PlanState] ?? row.plan.state,
      fee_fen: row.plan.feeFen,
      last_changed_at: row.lastChangedAt === null ? null : new Date(row.lastChangedAt).toISOString(),
    })),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

export async function feeHistory(db: DbOrTx, planId: number) {
  const [plan] = await db.select({ id: examPlans.id }).from(examPlans).where(eq(examPlans.id, planId));
  if (!plan) throw notFound('考试计划不存在');
  const rows = await db
    .select()
    .from(planFeeHistory)
    .where(eq(planFeeHistory.planId, planId))
    .orderBy(desc(planFeeHistory.changedAt), desc(planFeeHistory.id));
  return {
    data: rows.map((row) => ({
      id: row.id,
      fee_fen: row.feeFen,
      previous_fee_fen: row.previousFeeFen,
      changed_by: row.changedBy,
      changed_by_name: row.changedByName,
      reason: row.reason,
      changed_at: row.changedAt.toISOString(),
    })),
  };
}

/** PUT /v1/admin/finance/fees/:plan_id. Orders already created keep their amount. */
export async function updateFee(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  planId: number,
  input: { fee_fen: number; reason: string },
) {
  const [plan] = await tx.select().from(examPlans).where(eq(examPlans.id, planId)).for('update').limit(1);
  if (!plan) throw notFound('考试计划不存在');
  if (plan.state === 'archived') throw illegalState('已归档的考试计划不能调价');
  if (plan.feeFen === input.fee_fen) throw fieldError('fee_fen', '新费用与当前费用相同');
  await tx
    .update(examPlans)
    .set({ feeFen: input.fee_fen, updatedAt: new Date() })
    .where(eq(examPlans.id, planId));
  await tx.insert(planFeeHistory).values({
    planId,
    feeFen: input.fee_fen,
    previousFeeFen: plan.feeFen,
    changedBy: actor.id,
    changedByName: actor.realName,
    reason: input.reason,
  });
  await writeSystemLog(tx, actor, request, {
    action: 'finance.fee_update',
    targetType: 'exam_plan',
    targetId: planId,
    detail: { before: { fee_fen: plan.feeFen }, after: { fee_fen: input.fee_fen }, reason: input.reason },
  });
}
