// The payment gateway contract (the port). Callers (orders, the notify route, reconciliation) only see this
// interface, so a WeChat Pay or Alipay adapter is one more implementation registered in gateways.ts; the
// built-in sandbox (sandbox.ts) is the one shipped here. The port knows no adapter.
import type { StatementRow } from '../../shared/payments/schema.ts';
import type { DbOrTx } from '../db/client.ts';

export interface CreatePaymentInput {
  orderNo: string;
  amountFen: number;
  subject: string;
}

export interface CreatedPayment {
  /** The gateway's transaction number (WeChat transaction_id / Alipay trade_no). */
  tradeNo: string;
  /** Where the payer's browser goes to pay. */
  payUrl: string;
}

/** A notify whose signature checked out, reduced to what the merchant needs. */
export interface VerifiedNotify {
  /** Stable per notification: a gateway's retries repeat it, which makes processing idempotent. */
  eventId: string;
  orderNo: string;
  tradeNo: string;
  amountFen: number;
  status: 'SUCCESS' | 'CLOSED';
  paidAt: Date;
}

export type NotifyVerification =
  | { ok: true; event: VerifiedNotify; payload: Record<string, unknown> }
  | {
      ok: false;
      reason: string;
      /** malformed: not shaped like this gateway's notify; bad_signature: shaped like one, signed wrongly. */
      outcome: 'malformed' | 'bad_signature';
      payload: Record<string, unknown>;
    };

export interface PaymentGateway {
  readonly name: string;
  /** Starts a payment for a pending order; may be called again for the same order after a cancel. */
  createPayment(db: DbOrTx, input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Checks an asynchronous notify's signature and shape; never throws for a bad request. */
  verifyNotify(body: unknown, headers: Record<string, string | string[] | undefined>): NotifyVerification;
  /** The gateway's statement of successful transactions for one China-time day (YYYY-MM-DD). */
  fetchStatement(db: DbOrTx, date: string): Promise<StatementRow[]>;
}
