// One application in the review drawer: it is read when opened, a failed read says why, and a decision
// (approve after confirming, reject with a reason) shows the application as the server answered it,
// without asking for it again, and tells the page.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewDetail } from '../../../../../src/shared/reviews/schema.ts';

const api = vi.hoisted(() => ({
  fetchEnrollment: vi.fn(),
  approveEnrollment: vi.fn(),
  rejectEnrollment: vi.fn(),
}));
vi.mock('../../../../../src/client/features/reviews/api.ts', () => api);
vi.mock('../../../../../src/client/lib/toast.ts', () => ({ toastSuccess: vi.fn() }));

const { ReviewDetailDrawer } =
  await import('../../../../../src/client/features/reviews/components/ReviewDetailDrawer.tsx');
const { t } = await import('../../../../../src/client/lib/i18n/index.ts');
const { setLanguage } = await import('../../../../../src/client/lib/state/preferences.ts');

// Only what the drawer shows; the rest of the answer does not reach the screen.
const detail = (overrides: Partial<ReviewDetail> = {}) =>
  ({
    id: 41,
    state: 'submitted',
    review_reason: null,
    submitted_at: '2026-05-01T02:00:00.000Z',
    on_behalf: false,
    plan: { title: '2026 年电工五级认定', organization_name: '江南职业学院' },
    learner: { real_name: '张伟', username: 'learner' },
    form: { real_name: '张伟' },
    form_fields: ['real_name'],
    required_materials: [],
    materials: [],
    learner_profile: {
      complete: true,
      username: 'learner',
      birth_date: null,
      province_name: null,
      city_name: null,
      area_name: null,
      address: '',
      email: '',
    },
    ...overrides,
  }) as unknown as ReviewDetail;

const open = (onDecided = vi.fn()) =>
  render(
    <MantineProvider env="test">
      <ReviewDetailDrawer enrollmentId={41} onClose={() => {}} onDecided={onDecided} />
    </MantineProvider>,
  );

const stateLabel = (state: string) => t(`plans.enrollmentState.${state}`);

beforeEach(() => {
  setLanguage('zh');
  vi.clearAllMocks();
});
afterEach(cleanup);

describe('review detail drawer', () => {
  it('says why when the application cannot be read', async () => {
    api.fetchEnrollment.mockRejectedValue(new Error('报名记录不存在'));
    open();
    expect(await screen.findByText('报名记录不存在')).toBeTruthy();
    expect(api.fetchEnrollment).toHaveBeenCalledWith(41);
  });

  it('approves after confirming and shows the answer without reading it again', async () => {
    api.fetchEnrollment.mockResolvedValue(detail());
    api.approveEnrollment.mockResolvedValue(detail({ state: 'approved' }));
    const onDecided = vi.fn();
    open(onDecided);
    expect((await screen.findByTestId('review-detail-state')).textContent).toBe(stateLabel('submitted'));
    fireEvent.click(screen.getByTestId('review-approve'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith(41));
    expect(api.approveEnrollment).toHaveBeenCalledWith(41);
    await waitFor(() =>
      expect(screen.getByTestId('review-detail-state').textContent).toBe(stateLabel('approved')),
    );
    expect(screen.queryByTestId('review-approve')).toBeNull();
    expect(api.fetchEnrollment).toHaveBeenCalledTimes(1);
  });

  it('rejects with the reason typed and shows it as the candidate will read it', async () => {
    const reason = '身份证照片不清晰';
    api.fetchEnrollment.mockResolvedValue(detail());
    api.rejectEnrollment.mockResolvedValue(detail({ state: 'rejected', review_reason: reason }));
    const onDecided = vi.fn();
    open(onDecided);
    fireEvent.click(await screen.findByTestId('review-reject'));
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: ` ${reason} ` } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith(41));
    expect(api.rejectEnrollment).toHaveBeenCalledWith(41, reason);
    expect((await screen.findByTestId('review-detail-reason')).textContent).toContain(reason);
    expect(screen.getByTestId('review-detail-state').textContent).toBe(stateLabel('rejected'));
    expect(api.fetchEnrollment).toHaveBeenCalledTimes(1);
  });
});
