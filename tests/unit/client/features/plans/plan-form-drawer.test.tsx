// The plan drawer reads the plan being edited when it opens (save stays off until it has come), saves
// through the write hook (the open plan detail is asked again), opens read-only for a plan past editing,
// and asks before unsaved input is thrown away.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamPlanDetail, PlanOptions } from '../../../../../src/client/features/plans/api.ts';
import { watchReads } from '../../../../../src/client/lib/data/invalidate.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { planDetail } from './plan-fixture.ts';

const api = vi.hoisted(() => ({ fetchPlan: vi.fn(), createPlan: vi.fn(), updatePlan: vi.fn() }));
vi.mock('../../../../../src/client/features/plans/api.ts', () => api);

const { PlanFormDrawer } =
  await import('../../../../../src/client/features/plans/components/PlanFormDrawer.tsx');

// A draft: editable, nobody enrolled.
const plan = planDetail({ state: 'draft', state_name: '草稿', registration_open: false, published_at: null });

const options = {
  occupations: [
    {
      id: 5,
      code: '4-03-02-07',
      name: '茶艺师',
      category: '生活服务',
      levels: [{ level: 4, name: '四级/中级工' }],
      description: '',
      enabled: true,
    },
  ],
  colleges: [{ id: 2, name: '江南职业技术学院', code: 'JN' }],
  levels: [],
  states: [],
  materials: [],
  form_fields: [],
} satisfies PlanOptions;

function open(planId: number | null, handlers: { onClose?: () => void; onSaved?: () => void } = {}) {
  render(
    <MantineProvider env="test">
      <PlanFormDrawer
        opened
        planId={planId}
        options={options}
        onClose={handlers.onClose ?? (() => undefined)}
        onSaved={handlers.onSaved ?? (() => undefined)}
      />
    </MantineProvider>,
  );
}

const submitButton = () => screen.getByTestId('plan-form-submit') as HTMLButtonElement;
const titleInput = () => screen.getByTestId('plan-title-input') as HTMLInputElement;

beforeEach(() => {
  setLanguage('zh');
  api.fetchPlan.mockReset().mockResolvedValue(plan);
  api.createPlan.mockReset();
  api.updatePlan.mockReset();
});
afterEach(cleanup);

describe('the plan drawer', () => {
  it('reads the plan being edited when it opens, fills the form with it, and saves only once it has come', async () => {
    let answer: (value: ExamPlanDetail) => void = () => undefined;
    api.fetchPlan.mockReturnValue(new Promise<ExamPlanDetail>((resolve) => (answer = resolve)));
    open(7);
    expect(screen.queryByTestId('plan-form')).toBeNull();
    expect(submitButton().disabled).toBe(true);
    expect(api.fetchPlan).toHaveBeenCalledWith(7);
    answer(plan);
    await waitFor(() => expect(titleInput().value).toBe(plan.title));
    expect(submitButton().disabled).toBe(false);
  });

  it('a new plan asks nothing and starts from the empty form', async () => {
    open(null);
    expect(await screen.findByTestId('plan-form')).toBeTruthy();
    expect(titleInput().value).toBe('');
    expect(api.fetchPlan).not.toHaveBeenCalled();
  });

  it('saving an edit sends the changed plan, hands the answer on, and asks the open plan detail again', async () => {
    const saved = { ...plan, title: '2026 年茶艺师（秋季）' };
    api.updatePlan.mockResolvedValue(saved);
    const detailAskedAgain = vi.fn();
    const stopWatching = watchReads('plan:7', detailAskedAgain);
    const onSaved = vi.fn();
    open(7, { onSaved });
    await waitFor(() => expect(titleInput().value).toBe(plan.title));
    fireEvent.change(titleInput(), { target: { value: saved.title } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.updatePlan).toHaveBeenCalledWith(
      7,
      expect.objectContaining({ title: saved.title, fee_fen: 22050 }),
    );
    expect(detailAskedAgain).toHaveBeenCalledTimes(1);
    // The form's own copy is not asked again: what is being typed is not overwritten.
    expect(api.fetchPlan).toHaveBeenCalledTimes(1);
    stopWatching();
  });

  it('a plan past editing opens read-only: it says so and the save button is off', async () => {
    api.fetchPlan.mockResolvedValue({ ...plan, state: 'tickets_issued' });
    open(7);
    expect(await screen.findByTestId('plan-form-readonly')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it('a plan with candidates keeps what they enrolled for', async () => {
    api.fetchPlan.mockResolvedValue({ ...plan, enrolled_count: 3, seats_left: 57 });
    open(7);
    expect(await screen.findByTestId('plan-form-locked')).toBeTruthy();
    expect((screen.getByTestId('plan-college-input') as HTMLInputElement).disabled).toBe(true);
    expect(submitButton().disabled).toBe(false);
  });

  it('closing asks first once something was typed, and at once when nothing was', async () => {
    const onClose = vi.fn();
    open(7, { onClose });
    await waitFor(() => expect(titleInput().value).toBe(plan.title));
    fireEvent.click(screen.getByTestId('form-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.change(titleInput(), { target: { value: '另一个标题' } });
    fireEvent.click(screen.getByTestId('form-cancel'));
    expect(await screen.findByTestId('discard-dialog')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
