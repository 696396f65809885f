// Reconciliation on the back-office kit: the day and gateway in the URL (today when none), the day's
// comparison opening with the page on the tab that needs attention, each tab's records paged in the
// browser, an uploaded statement replacing the comparison, and a refused file's message in view while the
// comparison shown stays.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chinaToday } from '../../../../../src/shared/api/china-time.ts';
import type { Reconciliation, ReconciliationItem } from '../../../../../src/shared/payments/schema.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({
  GATEWAYS: ['sandbox'] as const,
  fetchReconciliation: vi.fn(),
  uploadReconciliation: vi.fn(),
  statementCsvPath: (date: string, gateway: string) => `/statement/${gateway}/${date}`,
}));
vi.mock('../../../../../src/client/features/payments/api.ts', () => api);
const { default: ReconciliationPage } =
  await import('../../../../../src/client/features/payments/pages/ReconciliationPage.tsx');

const item = (n: number, extra: Partial<ReconciliationItem> = {}): ReconciliationItem => ({
  order_no: `ORD${String(n).padStart(4, '0')}`,
  trade_no: `T${n}`,
  statement_amount_fen: 15000,
  order_amount_fen: 15000,
  paid_at: '2026-05-01T02:00:00.000Z',
  ...extra,
});

const comparison = (
  date: string,
  parts: Partial<Pick<Reconciliation, 'matched' | 'amount_mismatch' | 'source'>> = {},
): Reconciliation => {
  const matched = parts.matched ?? [];
  const mismatch = parts.amount_mismatch ?? [];
  return {
    source: parts.source ?? 'gateway',
    date,
    gateway: 'sandbox',
    summary: {
      orders_count: matched.length + mismatch.length,
      orders_total_fen: 15000 * (matched.length + mismatch.length),
      statement_count: matched.length + mismatch.length,
      statement_total_fen: 15000 * (matched.length + mismatch.length),
      matched: matched.length,
      amount_mismatch: mismatch.length,
      missing_in_statement: 0,
      missing_in_orders: 0,
      balanced: mismatch.length === 0,
    },
    matched,
    amount_mismatch: mismatch,
    missing_in_statement: [],
    missing_in_orders: [],
  };
};

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
beforeEach(() => {
  setLanguage('zh');
  window.history.replaceState(null, '', '/manage/trainingManage/financial/check');
  api.fetchReconciliation.mockReset();
  api.uploadReconciliation.mockReset();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderPage = () =>
  render(
    <MantineProvider env="test">
      <Notifications />
      <ReconciliationPage />
    </MantineProvider>,
  );

const rowsOf = (testId: string) => within(screen.getByTestId(testId)).queryAllByText(/^ORD\d{4}$/);

describe('reconciliation page', () => {
  it('opens with today’s comparison on the tab with differences', async () => {
    api.fetchReconciliation.mockImplementation(async (date: string) =>
      comparison(date, {
        matched: [item(1)],
        amount_mismatch: [item(2, { statement_amount_fen: 16000 })],
      }),
    );
    renderPage();
    expect(await screen.findByTestId('reconciliation-unbalanced')).toBeTruthy();
    expect(api.fetchReconciliation).toHaveBeenCalledWith(chinaToday(), 'sandbox');
    expect(screen.getByTestId('reconciliation-tab-amount_mismatch').getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByTestId('reconciliation-tab-count-amount_mismatch').textContent).toBe('1');
    expect(within(screen.getByTestId('reconciliation-amount_mismatch')).getByText('¥10.00')).toBeTruthy();
    expect(screen.getByTestId('reconciliation-problem-count').textContent).toContain('1');
  });

  it('takes the day from the URL and asks again with the button; a tab pages its records', async () => {
    window.history.replaceState(null, '', '/manage/trainingManage/financial/check?date=2026-05-01');
    api.fetchReconciliation.mockImplementation(async (date: string) =>
      comparison(date, { matched: Array.from({ length: 25 }, (_, i) => item(i + 1)) }),
    );
    renderPage();
    expect(await screen.findByTestId('reconciliation-balanced')).toBeTruthy();
    expect(api.fetchReconciliation).toHaveBeenCalledWith('2026-05-01', 'sandbox');
    expect(rowsOf('reconciliation-matched')).toHaveLength(20);
    expect(within(screen.getByTestId('reconciliation-matched')).getByTestId('pager-total').textContent).toBe(
      '共 25 条',
    );
    fireEvent.click(within(screen.getByTestId('reconciliation-matched')).getByRole('button', { name: '2' }));
    await waitFor(() => expect(rowsOf('reconciliation-matched')).toHaveLength(5));

    fireEvent.click(screen.getByTestId('reconciliation-fetch'));
    await waitFor(() => expect(api.fetchReconciliation).toHaveBeenCalledTimes(2));
    expect(api.fetchReconciliation).toHaveBeenLastCalledWith('2026-05-01', 'sandbox');
    // A new comparison starts its records at page 1 again.
    await waitFor(() => expect(rowsOf('reconciliation-matched')).toHaveLength(20));
  });

  it('an uploaded statement replaces the comparison; a refused file says why and the comparison stays', async () => {
    api.fetchReconciliation.mockImplementation(async (date: string) =>
      comparison(date, { matched: [item(1)] }),
    );
    renderPage();
    expect(await screen.findByTestId('reconciliation-source')).toBeTruthy();
    expect(screen.getByTestId('reconciliation-source').textContent).toBe('渠道对账单');

    api.uploadReconciliation.mockRejectedValueOnce(
      new ApiError(422, '数据校验失败', {
        message: '数据校验失败',
        errors: { csv: ['第 2 行缺少 trade_no'] },
      }),
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = (text: string) => new File([text], 'statement.csv', { type: 'text/csv' });
    await act(async () => fireEvent.change(input, { target: { files: [file('order_no\nORD0001')] } }));
    expect((await screen.findByTestId('reconciliation-error')).textContent).toContain('第 2 行缺少 trade_no');
    expect(screen.getByTestId('reconciliation-source').textContent).toBe('渠道对账单');

    api.uploadReconciliation.mockImplementation(async (date: string) =>
      comparison(date, { source: 'upload', amount_mismatch: [item(7)] }),
    );
    await act(async () =>
      fireEvent.change(input, {
        target: { files: [file('trade_no,order_no,amount_fen\nT7,ORD0007,15000')] },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('reconciliation-source').textContent).toBe('上传的对账单'));
    expect(api.uploadReconciliation).toHaveBeenLastCalledWith(
      chinaToday(),
      'sandbox',
      'trade_no,order_no,amount_fen\nT7,ORD0007,15000',
    );
    expect(screen.queryByTestId('reconciliation-error')).toBeNull();
    expect(screen.getByTestId('reconciliation-tab-amount_mismatch').getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});
