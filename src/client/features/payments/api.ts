// Finance pages (founder, manager): reconciliation of paid orders against a gateway's statement
// (financial/check) and the fee of each plan with its change history (financial/fix). Money is integer fen.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { PlanState } from '../../../shared/plans/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

/** Gateways the platform can reconcile; the sandbox is the one built in (WeChat Pay / Alipay slot in later). */
export const GATEWAYS = ['sandbox'] as const;

export interface ReconciliationItem {
  order_no: string;
  trade_no: string | null;
  statement_amount_fen?: number;
  order_amount_fen?: number;
  paid_at: string | null;
  reason?: string;
  order_state?: string;
  order_trade_no?: string;
}

export interface Reconciliation {
  source: 'gateway' | 'upload';
  date: string;
  gateway: string;
  summary: {
    orders_count: number;
    orders_total_fen: number;
    statement_count: number;
    statement_total_fen: number;
    matched: number;
    amount_mismatch: number;
    missing_in_statement: number;
    missing_in_orders: number;
    balanced: boolean;
  };
  matched: ReconciliationItem[];
  amount_mismatch: ReconciliationItem[];
  missing_in_statement: ReconciliationItem[];
  missing_in_orders: ReconciliationItem[];
}

/** Fetches the gateway's statement for the day (China time) and compares it with the orders paid that day. */
export const fetchReconciliation = (date: string, gateway: string) =>
  api.get<Reconciliation>('/v1/admin/finance/reconciliation', { ...ADMIN, params: { date, gateway } });

/** Compares an uploaded statement (CSV with trade_no, order_no, amount_fen[, status, paid_at]) instead. */
export const uploadReconciliation = (date: string, gateway: string, csv: string) =>
  api.post<Reconciliation>('/v1/admin/finance/reconciliation', { date, gateway, csv }, ADMIN);

/** The gateway's statement as a CSV file (fetched with the token, saved from a blob: URL). */
export const fetchStatementCsv = (date: string, gateway: string) =>
  api.get<Blob>('/v1/admin/finance/statement', {
    ...ADMIN,
    params: { date, gateway, format: 'csv' },
    responseType: 'blob',
  });

export interface PlanFee {
  plan_id: number;
  code: string;
  title: string;
  occupation_name: string;
  level: number;
  organization_name: string;
  state: PlanState;
  fee_fen: number;
  last_changed_at: string | null;
}

export const fetchFees = (query: { keyword?: string; page: number; limit: number }) =>
  api.get<ListResponse<PlanFee>>('/v1/admin/finance/fees', { ...ADMIN, params: { ...query } });

export interface FeeChange {
  id: number;
  fee_fen: number;
  previous_fee_fen: number | null;
  changed_by: number | null;
  changed_by_name: string;
  reason: string;
  changed_at: string;
}

export const fetchFeeHistory = (planId: number) =>
  api.get<{ data: FeeChange[] }>(`/v1/admin/finance/fees/${planId}/history`, ADMIN);

/** Orders already created keep their amount; the new fee applies to orders created from now on. */
export const updateFee = (planId: number, input: { fee_fen: number; reason: string }) =>
  api.put<{ data: FeeChange[] }>(`/v1/admin/finance/fees/${planId}`, input, ADMIN);
