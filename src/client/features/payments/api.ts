// Finance pages (founder, manager): reconciliation of paid orders against a gateway's statement
// (financial/check) and the fee of each plan with its change history (financial/fix). Money is integer fen.
import {
  feeHistoryAnswer,
  planFeeListAnswer,
  reconciliationAnswer,
  type feeListQuery,
  type feeUpdateSchema,
} from '../../../shared/payments/schema.ts';
import type { z } from '../../../shared/api/zod.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

/** Gateways the platform can reconcile; the sandbox is the one built in (WeChat Pay / Alipay slot in later). */
export const GATEWAYS = ['sandbox'] as const;

export type {
  FeeChange,
  PlanFee,
  Reconciliation,
  ReconciliationItem,
} from '../../../shared/payments/schema.ts';

/** Fetches the gateway's statement for the day (China time) and compares it with the orders paid that day. */
export const fetchReconciliation = (date: string, gateway: string) =>
  api.get('/v1/admin/finance/reconciliation', reconciliationAnswer, { ...ADMIN, params: { date, gateway } });

/** Compares an uploaded statement (CSV with trade_no, order_no, amount_fen[, status, paid_at]) instead. */
export const uploadReconciliation = (date: string, gateway: string, csv: string) =>
  api.post('/v1/admin/finance/reconciliation', reconciliationAnswer, { date, gateway, csv }, ADMIN);

/** The gateway's statement as a CSV file: fetched with the token by the kit's download button. */
export const statementCsvPath = (date: string, gateway: string) =>
  `/v1/admin/finance/statement?${new URLSearchParams({ date, gateway, format: 'csv' })}`;

export const fetchFees = (
  query: Pick<z.output<typeof feeListQuery>, 'page' | 'limit'> & { keyword?: string },
) => api.get('/v1/admin/finance/fees', planFeeListAnswer, { ...ADMIN, params: { ...query } });

export const fetchFeeHistory = (planId: number) =>
  api.get(`/v1/admin/finance/fees/${planId}/history`, feeHistoryAnswer, ADMIN);

/** Orders already created keep their amount; the new fee applies to orders created from now on. */
export const updateFee = (planId: number, input: z.input<typeof feeUpdateSchema>) =>
  api.put(`/v1/admin/finance/fees/${planId}`, feeHistoryAnswer, input, ADMIN);
