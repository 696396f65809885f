// The pricing page on the back-office kit: the keyword filter is applied once typing settles, kept in the
// URL and sent from page 1; an archived plan's fee cannot be edited; a saved fee reloads the list and opens
// the plan's history asked again; closing the fee form with unsaved input asks first.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeeChange, PlanFee } from '../../../../../src/shared/payments/schema.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({ fetchFees: vi.fn(), updateFee: vi.fn(), fetchFeeHistory: vi.fn() }));
vi.mock('../../../../../src/client/features/payments/api.ts', () => api);
const { default: PricingPage } =
  await import('../../../../../src/client/features/payments/pages/PricingPage.tsx');

const plan = (id: number, state: PlanFee['state'] = 'published'): PlanFee => ({
  plan_id: id,
  code: `P${id}`,
  title: `电工四级 ${id}`,
  occupation_name: '电工',
  level: 4,
  level_name: '四级',
  organization_name: '滨海职业学院',
  state,
  state_name: '',
  fee_fen: 15000,
  last_changed_at: null,
});

const change = (id: number, from: number | null, to: number): FeeChange => ({
  id,
  previous_fee_fen: from,
  fee_fen: to,
  reason: '物价上涨',
  changed_by: 1,
  changed_by_name: '财务',
  changed_at: '2026-05-01T02:00:00.000Z',
});

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
  window.history.replaceState(null, '', '/manage/trainingManage/financial/fix');
  api.fetchFees.mockReset();
  api.fetchFees.mockImplementation(async ({ page, limit }: { page: number; limit: number }) => ({
    data: [plan(1), plan(2, 'archived')],
    meta: { total: 2, page, limit },
  }));
  api.updateFee.mockReset();
  api.fetchFeeHistory.mockReset();
});
afterEach(() => cleanup());

const renderPage = () =>
  render(
    <MantineProvider env="test">
      <Notifications />
      <PricingPage />
    </MantineProvider>,
  );

describe('pricing page list', () => {
  it('applies the keyword once typing settles, from page 1, and keeps it in the URL', async () => {
    window.history.replaceState(null, '', '/manage/trainingManage/financial/fix?page=2');
    renderPage();
    await screen.findByTestId('fee-value-1');
    expect(api.fetchFees).toHaveBeenLastCalledWith({ page: 2, limit: 20, keyword: undefined });
    fireEvent.change(screen.getByTestId('fee-keyword'), { target: { value: ' 电工 ' } });
    await waitFor(() =>
      expect(api.fetchFees).toHaveBeenLastCalledWith({ page: 1, limit: 20, keyword: '电工' }),
    );
    expect(new URLSearchParams(window.location.search).get('keyword')).toBe('电工');
    expect(new URLSearchParams(window.location.search).get('page')).toBeNull();
  });

  it('an archived plan’s fee cannot be edited; its history can be read', async () => {
    api.fetchFeeHistory.mockResolvedValue({ data: [change(1, null, 9900)] });
    renderPage();
    const edit = await screen.findByTestId('fee-edit-2');
    expect((edit as HTMLButtonElement).disabled).toBe(true);
    expect(edit.getAttribute('aria-label')).toBe('已归档的计划不能调价');
    fireEvent.click(screen.getByTestId('fee-history-2'));
    expect(await screen.findByTestId('fee-history-timeline')).toBeTruthy();
    expect(api.fetchFeeHistory).toHaveBeenCalledWith(2);
  });

  it('a saved fee reloads the list and opens the plan’s history, asked again with the change', async () => {
    api.fetchFeeHistory.mockResolvedValueOnce({ data: [change(1, null, 15000)] });
    renderPage();
    fireEvent.click(await screen.findByTestId('fee-history-1'));
    expect((await screen.findByTestId('fee-history-timeline')).textContent).toContain('物价上涨');
    fireEvent.keyDown(screen.getByTestId('fee-history'), { key: 'Escape' });

    api.fetchFeeHistory.mockResolvedValue({ data: [change(2, 15000, 18000), change(1, null, 15000)] });
    api.updateFee.mockResolvedValue({ data: [] });
    const listed = api.fetchFees.mock.calls.length;
    fireEvent.click(screen.getByTestId('fee-edit-1'));
    fireEvent.change(await screen.findByTestId('fee-input'), { target: { value: '¥180' } });
    fireEvent.change(screen.getByTestId('fee-reason'), { target: { value: '物价上涨' } });
    fireEvent.click(screen.getByTestId('fee-save'));
    await waitFor(() =>
      expect(api.updateFee).toHaveBeenCalledWith(1, { fee_fen: 18000, reason: '物价上涨' }),
    );
    expect(await screen.findByText('¥150.00 → ¥180.00')).toBeTruthy();
    expect(api.fetchFees.mock.calls.length).toBeGreaterThan(listed);
  });

  it('closing the fee form with unsaved input asks first', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('fee-edit-1'));
    fireEvent.change(await screen.findByTestId('fee-reason'), { target: { value: '调整' } });
    fireEvent.click(screen.getByTestId('form-cancel'));
    expect(await screen.findByTestId('discard-dialog')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('discard-confirm')));
    await waitFor(() => expect(screen.queryByTestId('fee-reason')).toBeNull());
    expect(api.updateFee).not.toHaveBeenCalled();
  });
});
