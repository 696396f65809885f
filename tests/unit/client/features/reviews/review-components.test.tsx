// Review decisions need a reason the candidate can read; the college's plan page shows its step tabs and
// a notice for a step not built yet.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RejectModal } from '../../../../../src/client/features/reviews/components/RejectModal.tsx';
import { PlanSteps } from '../../../../../src/client/app/plan-page/PlanSteps.tsx';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const renderUi = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

describe('reject with a reason', () => {
  beforeEach(() => setLanguage('zh'));
  afterEach(() => cleanup());

  it('refuses to send without a reason and says why on the field', async () => {
    const onReject = vi.fn(async () => {});
    renderUi(<RejectModal candidate="张伟" onReject={onReject} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('reject-submit'));
    expect(await screen.findByText('请填写驳回原因（至少 2 个字）')).toBeTruthy();
    expect(onReject).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason, and a quick reason fills the field', async () => {
    const onReject = vi.fn(async () => {});
    renderUi(<RejectModal candidate="张伟" onReject={onReject} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('reject-quick-idCard'));
    const field = screen.getByTestId('reject-reason') as HTMLTextAreaElement;
    expect(field.value).toBe('身份证照片不清晰');
    fireEvent.change(field, { target: { value: '  身份证照片不清晰，请重新上传  ' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() => expect(onReject).toHaveBeenCalledWith('身份证照片不清晰，请重新上传'));
  });

  it("shows the server's 422 message on the reason field", async () => {
    const onReject = vi.fn(async () => {
      throw new ApiError(422, '驳回原因不能超过 500 个字符', {
        message: 'invalid',
        errors: { reason: ['驳回原因不能超过 500 个字符'] },
      });
    });
    renderUi(<RejectModal candidate="张伟" onReject={onReject} onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: '材料不完整' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    expect(await screen.findByText('驳回原因不能超过 500 个字符')).toBeTruthy();
  });
});

describe("the college's step tabs (plan/index?step=...)", () => {
  beforeEach(() => setLanguage('zh'));
  afterEach(() => cleanup());

  it('shows the three steps as tabs with their spec labels', () => {
    renderUi(<PlanSteps step="ticket" />);
    expect(screen.getByTestId('plan-step-exam').textContent).toBe('考试报名');
    expect(screen.getByTestId('plan-step-ticket').textContent).toBe('准考证');
    expect(screen.getByTestId('plan-step-scoring').textContent).toBe('成绩及证书查询');
    expect(screen.queryByTestId('plan-step-not-open')).toBeNull();
  });
});
