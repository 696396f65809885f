// The fee form of the pricing page: checked with the shared fee schema (a reason is required), the new fee
// sent in fen with the reason, a server 422 shown under its field, and each plan opens with its own fee.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanFee } from '../../../../../src/shared/payments/schema.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({ fetchFees: vi.fn(), updateFee: vi.fn(), fetchFeeHistory: vi.fn() }));
vi.mock('../../../../../src/client/features/payments/api.ts', () => api);
const { default: PricingPage } =
  await import('../../../../../src/client/features/payments/pages/PricingPage.tsx');

const plan = (id: number, feeFen: number): PlanFee => ({
  plan_id: id,
  code: `P${id}`,
  title: `电工四级 ${id}`,
  occupation_name: '电工',
  level: 4,
  level_name: '四级',
  organization_name: '滨海职业学院',
  state: 'published',
  state_name: '已发布',
  fee_fen: feeFen,
  last_changed_at: null,
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
  api.fetchFees.mockResolvedValue({
    data: [plan(1, 15000), plan(2, 9900)],
    meta: { total: 2, page: 1, limit: 20 },
  });
  api.updateFee.mockReset();
  api.fetchFeeHistory.mockResolvedValue({ data: [] });
});
afterEach(() => cleanup());

const renderPage = () =>
  render(
    <MantineProvider>
      <Notifications />
      <PricingPage />
    </MantineProvider>,
  );

describe('pricing page fee form', () => {
  it('asks for a reason, then sends the new fee in fen with it', async () => {
    api.updateFee.mockResolvedValue({ data: [] });
    renderPage();
    fireEvent.click(await screen.findByTestId('fee-edit-1'));
    const fee = await screen.findByTestId('fee-input');
    expect((fee as HTMLInputElement).value).toBe('¥150');
    fireEvent.click(screen.getByTestId('fee-save'));
    expect(await screen.findByText('请填写调价原因（至少 2 个字）')).toBeTruthy();
    expect(api.updateFee).not.toHaveBeenCalled();

    fireEvent.change(fee, { target: { value: '¥180.5' } });
    fireEvent.change(screen.getByTestId('fee-reason'), { target: { value: '物价上涨' } });
    fireEvent.click(screen.getByTestId('fee-save'));
    await waitFor(() =>
      expect(api.updateFee).toHaveBeenCalledWith(1, { fee_fen: 18050, reason: '物价上涨' }),
    );
  });

  it('shows the server’s 422 under the fee, and another plan opens with its own fee', async () => {
    api.updateFee.mockRejectedValue(
      new ApiError(422, '费用不能超过 100000 元', {
        message: '费用不能超过 100000 元',
        errors: { fee_fen: ['费用不能超过 100000 元'] },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('fee-edit-1'));
    fireEvent.change(await screen.findByTestId('fee-reason'), { target: { value: '调整' } });
    fireEvent.click(screen.getByTestId('fee-save'));
    expect(await screen.findByText('费用不能超过 100000 元')).toBeTruthy();

    fireEvent.keyDown(screen.getByTestId('fee-edit-modal'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('fee-edit-2'));
    await waitFor(() => expect((screen.getByTestId('fee-input') as HTMLInputElement).value).toBe('¥99'));
    expect((screen.getByTestId('fee-reason') as HTMLTextAreaElement).value).toBe('');
  });
});
