// The ticket and scoring steps keep their plan in the URL: the picker offers plans of the step's states,
// shows the URL's plan, and choosing another rewrites ?plan= while keeping ?step=.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({ fetchPlans: vi.fn(), fetchPlan: vi.fn() }));
vi.mock('../../../../../src/client/features/plans/api.ts', () => api);

const { StepPlanPicker, useStepPlan, planIdFromSearch } =
  await import('../../../../../src/client/app/plan-page/StepPlanPicker.tsx');

const plan = (id: number, state: string) => ({ id, code: `P${id}`, title: `计划${id}`, state });

function Probe() {
  const step = useStepPlan();
  return (
    <>
      <StepPlanPicker states={['exam_held', 'scores_published']} selected={step.plan as never} />
      <div data-testid="probe">{step.plan ? step.plan.title : 'none'}</div>
    </>
  );
}

beforeEach(() => {
  setLanguage('zh');
  api.fetchPlans.mockImplementation(async (query: { state: string }) => ({
    data: query.state === 'exam_held' ? [plan(5, 'exam_held')] : [plan(6, 'scores_published')],
    meta: { total: 1, page: 1, limit: 100 },
  }));
  api.fetchPlan.mockImplementation(async (id: number) =>
    plan(id, id === 5 ? 'exam_held' : 'scores_published'),
  );
});
afterEach(() => cleanup());

describe('step plan picker', () => {
  it('reads ?plan=, offers the plans of every allowed state and writes the choice back, keeping ?step=', async () => {
    const location = memoryLocation({ path: '/manage/plan/index?step=scoring&plan=5', record: true });
    render(
      <MantineProvider env="test">
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Probe />
        </Router>
      </MantineProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('计划5'));
    expect(api.fetchPlans.mock.calls.map(([query]) => (query as { state: string }).state).sort()).toEqual([
      'exam_held',
      'scores_published',
    ]);
    const picker = screen.getByTestId('step-plan-picker') as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('计划5（P5）'));
    fireEvent.click(picker);
    fireEvent.click(await screen.findByText('计划6（P6）'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/manage/plan/index?step=scoring&plan=6'));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('计划6'));
  });

  it('accepts only a positive id in the URL', () => {
    expect(planIdFromSearch('?plan=12&step=ticket')).toBe(12);
    expect(planIdFromSearch('plan=abc')).toBeNull();
    expect(planIdFromSearch('plan=0')).toBeNull();
    expect(planIdFromSearch('')).toBeNull();
  });
});
