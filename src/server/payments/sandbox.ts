// The built-in sandbox gateway: its own pay page (sandbox-routes.ts), its own transaction records
// (sandbox_transactions, the source of its statement) and an asynchronous notify signed with
// HMAC-SHA256 over the canonical payload (keys sorted, `key=value` joined by `&`, `sign` excluded).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { StatementRow } from '../../shared/payments/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { sandboxTransactions } from '../db/schema/index.ts';
import { chinaDayRange } from '../lib/dates.ts';
import type { CreatePaymentInput, CreatedPayment, NotifyVerification, PaymentGateway } from './gateway.ts';

export const SANDBOX_PAY_PATH = '/api/v1/payments/sandbox/pay';
export const SANDBOX_NOTIFY_PATH = '/api/v1/payments/sandbox/notify';

export function canonicalPayload(payload: Record<string, unknown>): string {
  return Object.keys(payload)
    .filter((key) => key !== 'sign' && payload[key] !== undefined && payload[key] !== null)
    .sort()
    .map((key) => `${key}=${String(payload[key])}`)
    .join('&');
}

export function signPayload(secret: string, payload: Record<string, unknown>): string {
  return createHmac('sha256', secret).update(canonicalPayload(payload)).digest('hex');
}

/** The signed notify the sandbox sends (and queues for its retries). */
export const sandboxNotifySchema = z.object({
  event_id: z.string().min(1).max(64),
  trade_no: z.string().min(1).max(64),
  order_no: z.string().min(1).max(32),
  amount_fen: z.number().int().min(0),
  status: z.enum(['SUCCESS', 'CLOSED']),
  paid_at: z.iso.datetime({ offset: true }),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});

export type SandboxNotify = z.infer<typeof sandboxNotifySchema>;

function newTradeNo() {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `SBX${stamp}${randomBytes(5).toString('hex').toUpperCase()}`;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(private readonly secret: string) {}

  async createPayment(db: DbOrTx, input: CreatePaymentInput): Promise<CreatedPayment> {
    // One open transaction per order: paying again after leaving the page reuses it.
    const [open] = await db
      .select({ tradeNo: sandboxTransactions.tradeNo, amountFen: sandboxTransactions.amountFen })
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.orderNo, input.orderNo), eq(sandboxTransactions.state, 'created')))
      .limit(1);
    if (open && open.amountFen === input.amountFen)
      return { tradeNo: open.tradeNo, payUrl: `${SANDBOX_PAY_PATH}/${open.tradeNo}` };
    const tradeNo = newTradeNo();
    await db.insert(sandboxTransactions).values({
      tradeNo,
      orderNo: input.orderNo,
      amountFen: input.amountFen,
      subject: input.subject,
      state: 'created',
    });
    return { tradeNo, payUrl: `${SANDBOX_PAY_PATH}/${tradeNo}` };
  }

  /** The signed notify the sandbox sends for a successful transaction (its retries repeat the event id). */
  buildNotify(tx: { tradeNo: string; orderNo: string; amountFen: number; paidAt: Date }): SandboxNotify {
    const payload = {
      event_id: `EVT${tx.tradeNo}`,
      trade_no: tx.tradeNo,
      order_no: tx.orderNo,
      amount_fen: tx.amountFen,
      status: 'SUCCESS' as const,
      paid_at: tx.paidAt.toISOString(),
    };
    return { ...payload, sign: signPayload(this.secret, payload) };
  }

  verifyNotify(body: unknown): NotifyVerification {
    const payload =
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const parsed = sandboxNotifySchema.safeParse(payload);
    if (!parsed.success) return { ok: false, reason: '通知格式错误', outcome: 'malformed', payload };
    const expected = Buffer.from(signPayload(this.secret, parsed.data), 'hex');
    const given = Buffer.from(parsed.data.sign, 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { ok: false, reason: '签名验证失败', outcome: 'bad_signature', payload };
    }
    const n = parsed.data;
    return {
      ok: true,
      payload,
      event: {
        eventId: n.event_id,
        orderNo: n.order_no,
        tradeNo: n.trade_no,
        amountFen: n.amount_fen,
        status: n.status,
        paidAt: new Date(n.paid_at),
      },
    };
  }

  async fetchStatement(db: DbOrTx, date: string): Promise<StatementRow[]> {
    const { start, end } = chinaDayRange(date);
    const rows = await db
      .select()
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.state, 'success'),
          gte(sandboxTransactions.paidAt, start),
          lt(sandboxTransactions.paidAt, end),
        ),
      )
      .orderBy(asc(sandboxTransactions.paidAt), asc(sandboxTransactions.id));
    return rows.map((row) => ({
      trade_no: row.tradeNo,
      order_no: row.orderNo,
      amount_fen: row.amountFen,
      status: 'SUCCESS',
      paid_at: row.paidAt!.toISOString(),
    }));
  }

  /** The payer confirmed on the pay page: the sandbox records its side and returns the notify to send. */
  async confirm(db: DbOrTx, tradeNo: string): Promise<SandboxNotify | null> {
    const [row] = await db
      .update(sandboxTransactions)
      .set({ state: 'success', paidAt: new Date() })
      .where(and(eq(sandboxTransactions.tradeNo, tradeNo), eq(sandboxTransactions.state, 'created')))
      .returning();
    if (!row) return null;
    return this.buildNotify({
      tradeNo: row.tradeNo,
      orderNo: row.orderNo,
      amountFen: row.amountFen,
      paidAt: row.paidAt!,
    });
  }

  async cancel(db: DbOrTx, tradeNo: string) {
    await db
      .update(sandboxTransactions)
      .set({ state: 'closed' })
      .where(and(eq(sandboxTransactions.tradeNo, tradeNo), eq(sandboxTransactions.state, 'created')));
  }

  async findTransaction(db: DbOrTx, tradeNo: string) {
    const [row] = await db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.tradeNo, tradeNo))
      .limit(1);
    return row;
  }
}
