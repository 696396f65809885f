// The scoring step as a whole: the plan from the URL, the summary, one row per candidate with its marks,
// result, certificate and candidate-file link, and publication refused (with the reason) while scores
// are missing. Certificates are issued by founder and manager only.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { adminSession } from '../../../../../src/client/lib/state/session.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const plans = vi.hoisted(() => ({ fetchPlans: vi.fn(), fetchPlan: vi.fn() }));
vi.mock('../../../../../src/client/features/plans/api.ts', () => plans);
const scoring = vi.hoisted(() => ({
  SCORE_FILTERS: ['entered', 'missing', 'passed', 'failed'],
  fetchPlanScores: vi.fn(),
  fetchInstitutions: vi.fn(),
  publishScores: vi.fn(),
  issueCertificates: vi.fn(),
  saveScore: vi.fn(),
  importScores: vi.fn(),
  scoreTemplatePath: (id: number) => `/v1/admin/plans/${id}/scores/template`,
}));
vi.mock('../../../../../src/client/features/scores/api.ts', () => scoring);

const { default: ScoringStep } =
  await import('../../../../../src/client/features/scores/components/ScoringStep.tsx');
const { PlanStepPanel } = await import('../../../../../src/client/app/plan-page/PlanSteps.tsx');

const detail = {
  id: 9,
  code: 'P9',
  title: '电工四级',
  state: 'exam_held',
  organization: { id: 3, name: '学院' },
  sessions: [{ ends_at: '2020-01-01T00:00:00Z' }],
};

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
const signedOut = adminSession.value;
beforeEach(() => {
  setLanguage('zh');
  plans.fetchPlans.mockResolvedValue({ data: [], meta: { total: 0, page: 1, limit: 100 } });
  plans.fetchPlan.mockResolvedValue(detail);
  scoring.fetchInstitutions.mockResolvedValue({ data: [], meta: { total: 0, page: 1, limit: 100 } });
  scoring.fetchPlanScores.mockResolvedValue({
    data: [
      {
        enrollment_id: 41,
        learner_id: 7,
        state: 'sat',
        ticket_no: 'T-01',
        name: '张伟',
        id_number: '110101199001011234',
        score: {
          theory: 88,
          practical: 70.5,
          total: 158.5,
          absent: false,
          cheating: false,
          passed: true,
          result: '合格',
          entered_at: '2026-11-01T00:00:00Z',
          published_at: null,
        },
        certificate: null,
      },
      {
        enrollment_id: 42,
        learner_id: 8,
        state: 'ticket_issued',
        ticket_no: 'T-02',
        name: '李娜',
        id_number: '110101199202021234',
        score: null,
        certificate: null,
      },
    ],
    meta: { total: 2, page: 1, limit: 20 },
    plan: {
      id: 9,
      code: 'P9',
      title: '电工四级',
      state: 'exam_held',
      pass_theory: 60,
      pass_practical: 60,
      published: false,
    },
    summary: { candidates: 2, entered: 1, passed: 1, absent: 0, cheating: 0 },
  });
});
afterEach(() => {
  cleanup();
  adminSession.value = signedOut;
});

function renderAt(path: string, administratorType: string) {
  adminSession.value = {
    ...signedOut,
    token: 'admin-token',
    userInfo: { ...signedOut.userInfo, administrator_type: administratorType } as never,
  };
  const location = memoryLocation({ path });
  return render(
    <MantineProvider env="test">
      <Router hook={location.hook} searchHook={location.searchHook}>
        <PlanStepPanel Panel={ScoringStep} />
      </Router>
    </MantineProvider>,
  );
}

describe('scoring step', () => {
  it('asks for a plan when the URL names none', async () => {
    renderAt('/manage/examinationAffairsManage/plan/index?step=scoring', 'college');
    expect(await screen.findByTestId('scoring-choose-plan')).toBeTruthy();
    expect(scoring.fetchPlanScores).not.toHaveBeenCalled();
  });

  it("lists the plan's candidates and refuses publication while a score is missing", async () => {
    renderAt('/manage/examinationAffairsManage/plan/index?step=scoring&plan=9', 'college');
    const row = await screen.findByTestId('score-row-41');
    expect(within(row).getByText('T-01')).toBeTruthy();
    expect(within(row).getByText('158.5')).toBeTruthy();
    expect(within(row).getByText('110101********1234')).toBeTruthy();
    expect(within(row).getByTestId('score-result-41').textContent).toBe('合格');
    expect(screen.getByTestId('score-result-42').textContent).toBe('未录入');
    expect(screen.getByTestId('candidate-file-41').getAttribute('href')).toBe(
      '/manage/studentFilesInfo?learnerId=7&planId=9',
    );
    expect(screen.getByTestId('score-summary').textContent).toContain('合格线：理论 60 分，实操 60 分');
    expect((screen.getByTestId('scores-publish') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('scores-import-input') as HTMLInputElement).type).toBe('file');
    expect(screen.getByTestId('scores-template')).toBeTruthy();
    expect(screen.queryByTestId('certificates-issue')).toBeNull();
    expect(scoring.fetchPlanScores).toHaveBeenCalledWith(9, expect.objectContaining({ page: 1 }));
  });

  it('narrows the list by the keyword and the result filter, back on page 1', async () => {
    renderAt('/manage/examinationAffairsManage/plan/index?step=scoring&plan=9', 'college');
    await screen.findByTestId('score-row-41');
    fireEvent.change(screen.getByTestId('scores-keyword'), { target: { value: ' 张伟 ' } });
    await waitFor(() =>
      expect(scoring.fetchPlanScores).toHaveBeenLastCalledWith(9, {
        page: 1,
        limit: 20,
        keyword: '张伟',
        filter: null,
      }),
    );
    fireEvent.click(within(screen.getByTestId('scores-filter')).getByText('未录入'));
    await waitFor(() =>
      expect(scoring.fetchPlanScores).toHaveBeenLastCalledWith(9, {
        page: 1,
        limit: 20,
        keyword: '张伟',
        filter: 'missing',
      }),
    );
  });

  it('offers certificate issuing to a manager', async () => {
    renderAt('/manage/examinationAffairsManage/plan/index?step=scoring&plan=9', 'manager');
    expect(await screen.findByTestId('certificates-issue')).toBeTruthy();
  });
});
