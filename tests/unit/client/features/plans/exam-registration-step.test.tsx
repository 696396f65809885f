// The college's exam-registration step: its plans and its candidates, each a list of its own. The candidate
// filters (keyword, plan, review status) become the API's parameters, a plan's "show candidates" filters
// the candidates by it, and neither list writes to the plan page's URL, which names the step only.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollegeEnrollment } from '../../../../../src/client/features/plans/api.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { planDetail } from './plan-fixture.ts';

const api = vi.hoisted(() => ({
  fetchPlans: vi.fn(),
  fetchCollegeEnrollments: vi.fn(),
  enrollOnBehalf: vi.fn(),
  fetchPlan: vi.fn(),
}));
vi.mock('../../../../../src/client/features/plans/api.ts', () => api);

const { default: ExamRegistrationStep } =
  await import('../../../../../src/client/features/plans/steps/ExamRegistrationStep.tsx');

const plan = planDetail();

function candidate(patch: Partial<CollegeEnrollment> = {}): CollegeEnrollment {
  return {
    id: 41,
    state: 'paid',
    state_name: '已缴费',
    next_step: 'wait_review',
    review_reason: '',
    submitted_at: '2026-10-20T02:00:00.000Z',
    reviewed_at: null,
    paid_at: null,
    created_at: '2026-10-20T02:00:00.000Z',
    on_behalf: false,
    plan: {
      id: plan.id,
      code: plan.code,
      title: plan.title,
      occupation_name: plan.occupation.name,
      level: plan.level,
      level_name: plan.level_name,
      organization_id: plan.organization.id,
      organization_name: plan.organization.name,
      fee_fen: plan.fee_fen,
      state: plan.state,
      registration_ends_at: plan.registration_ends_at,
      exam_starts_at: null,
    },
    order: null,
    learner: {
      id: 9,
      real_name: '李明',
      username: 'cand_09',
      id_card: '3201**********0011',
      phone: '13800000009',
    },
    ...patch,
  };
}

const page = <T,>(data: T[]) => ({ data, meta: { total: data.length, page: 1, limit: 20 } });
const lastCandidatesQuery = () =>
  api.fetchCollegeEnrollments.mock.calls.at(-1)?.[0] as Record<string, unknown>;

function renderStep() {
  render(
    <MantineProvider env="test">
      <ExamRegistrationStep />
    </MantineProvider>,
  );
}

describe("the college's exam-registration step", () => {
  beforeEach(() => {
    setLanguage('zh');
    window.history.replaceState(null, '', '/manage/examinationAffairsManage/plan/index?step=exam');
    api.fetchPlans.mockResolvedValue(page([plan]));
    api.fetchCollegeEnrollments.mockResolvedValue(page([candidate()]));
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists the plans and the candidates with their review status', async () => {
    renderStep();
    expect((await screen.findByTestId('college-candidate-name-41')).textContent).toContain('李明');
    expect(screen.getByTestId('college-candidate-state-41').textContent).toBe('已缴费');
    expect(await screen.findByTestId(`college-plan-candidates-${plan.id}`)).toBeTruthy();
    expect(lastCandidatesQuery()).toEqual({
      page: 1,
      limit: 20,
      plan_id: null,
      state: null,
      keyword: undefined,
    });
  });

  it('asks for the trimmed keyword once typing settles, from the first page', async () => {
    renderStep();
    await screen.findByTestId('college-candidate-name-41');
    fireEvent.change(screen.getByTestId('college-keyword'), { target: { value: '  cand_09 ' } });
    await waitFor(() => expect(lastCandidatesQuery()).toMatchObject({ page: 1, keyword: 'cand_09' }), {
      timeout: 2000,
    });
    expect(window.location.search).toBe('?step=exam');
  });

  it("shows a plan's candidates with its button, and the URL keeps naming the step only", async () => {
    renderStep();
    fireEvent.click(await screen.findByTestId(`college-plan-candidates-${plan.id}`));
    await waitFor(() => expect(lastCandidatesQuery()).toMatchObject({ plan_id: plan.id, state: null }));
    await waitFor(() =>
      expect(screen.getByTestId(`college-plan-candidates-${plan.id}`).getAttribute('data-variant')).toBe(
        'filled',
      ),
    );
    expect(window.location.search).toBe('?step=exam');
  });
});
