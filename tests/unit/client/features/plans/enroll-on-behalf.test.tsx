// A college administrator enrols a learner: the dialog's own fields are checked with the shared schema
// before anything is sent, and a 422 answer lands where it belongs: under the learner field, under the
// material's upload, or (for what the learner's profile lacks) in the refusal above the buttons.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { watchReads } from '../../../../../src/client/lib/data/invalidate.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { planDetail } from './plan-fixture.ts';

const api = vi.hoisted(() => ({ enrollOnBehalf: vi.fn(), fetchPlan: vi.fn() }));
vi.mock('../../../../../src/client/features/plans/api.ts', () => api);

const { EnrollOnBehalfModal } =
  await import('../../../../../src/client/features/plans/components/EnrollOnBehalfModal.tsx');

const plan = planDetail();

async function openWithPlan(onEnrolled: () => void = () => undefined) {
  render(
    <MantineProvider env="test">
      <EnrollOnBehalfModal opened plans={[plan]} onClose={() => undefined} onEnrolled={onEnrolled} />
    </MantineProvider>,
  );
  fireEvent.click(await screen.findByTestId('college-enrol-plan'));
  fireEvent.click(await screen.findByRole('option', { name: plan.title }));
  await waitFor(() =>
    expect((screen.getByTestId('college-enrol-submit') as HTMLButtonElement).disabled).toBe(false),
  );
}

beforeEach(() => {
  setLanguage('zh');
  api.enrollOnBehalf.mockReset();
  api.fetchPlan.mockReset().mockResolvedValue(plan);
});
afterEach(cleanup);

describe('enrolling a learner for a college', () => {
  it('asks for the learner before sending anything', async () => {
    await openWithPlan();
    fireEvent.click(screen.getByTestId('college-enrol-submit'));
    expect(await screen.findByText('请输入考生的用户名、手机号或身份证号')).toBeTruthy();
    expect(api.enrollOnBehalf).not.toHaveBeenCalled();
  });

  it('sends the trimmed learner and the plan, and places a 422 answer on its field, upload and refusal', async () => {
    api.enrollOnBehalf.mockRejectedValue(
      new ApiError(422, 'x', {
        message: 'x',
        errors: {
          learner: ['未找到该考生'],
          'materials.diploma': ['请上传学历证明'],
          'form.real_name': ['请完善姓名'],
        },
      }),
    );
    await openWithPlan();
    fireEvent.change(screen.getByTestId('college-enrol-learner'), { target: { value: ' cand_01 ' } });
    fireEvent.click(screen.getByTestId('college-enrol-submit'));
    expect(await screen.findByText('未找到该考生')).toBeTruthy();
    expect(api.enrollOnBehalf).toHaveBeenCalledWith({
      learner: 'cand_01',
      plan_id: 7,
      form: {},
      materials: {},
    });
    expect(screen.getByText('请上传学历证明')).toBeTruthy();
    expect(screen.getByTestId('college-enrol-refusal').textContent).toContain('姓名：请完善姓名');
  });

  it('an enrolment asks the college plan choices again (a seat is taken); a refusal does not', async () => {
    const choicesAskedAgain = vi.fn();
    const stopWatching = watchReads('college-plan-choices', choicesAskedAgain);
    api.enrollOnBehalf.mockResolvedValueOnce({ code: 403003, message: '该计划当前不在报名时间内' });
    const onEnrolled = vi.fn();
    await openWithPlan(onEnrolled);
    fireEvent.change(screen.getByTestId('college-enrol-learner'), { target: { value: 'cand_01' } });
    fireEvent.click(screen.getByTestId('college-enrol-submit'));
    expect((await screen.findByTestId('college-enrol-refusal')).textContent).toContain('不在报名时间内');
    expect(choicesAskedAgain).not.toHaveBeenCalled();
    expect(onEnrolled).not.toHaveBeenCalled();

    api.enrollOnBehalf.mockResolvedValueOnce({ id: 31, learner: { real_name: '李四', username: 'cand_01' } });
    fireEvent.click(screen.getByTestId('college-enrol-submit'));
    await waitFor(() => expect(onEnrolled).toHaveBeenCalledTimes(1));
    expect(choicesAskedAgain).toHaveBeenCalledTimes(1);
    stopWatching();
  });
});
