// The public completion certificate check: genuine (only what confirms it, the name masked), unknown, and a
// failed check with a retry.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompletionVerify } from '../../../../../src/client/features/completion/verify-api.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = { verifyCompletion: vi.fn<(token: string) => Promise<CompletionVerify>>() };
vi.mock('../../../../../src/client/features/completion/verify-api.ts', () => api);

const { default: CompletionVerifyPage } =
  await import('../../../../../src/client/features/completion/pages/CompletionVerifyPage.tsx');

const renderPage = (token: string) =>
  render(
    <MantineProvider env="test">
      <CompletionVerifyPage params={{ token }} />
    </MantineProvider>,
  );

beforeEach(() => {
  setLanguage('zh');
  api.verifyCompletion.mockReset();
});
afterEach(cleanup);

describe('the completion verify page', () => {
  it('shows a genuine certificate with the masked name and its number', async () => {
    api.verifyCompletion.mockResolvedValue({
      valid: true,
      state: 'valid',
      name: '赵*',
      class_name: '2026 电工安全第1期',
      project_name: '电工职业技能提升项目',
      organization_name: '江南职业技术学院',
      completion_no: 'JY2026000120007',
      completed_date: '2026-06-30',
    });
    renderPage('tok');
    expect(await screen.findByText('该结业证书真实有效')).toBeTruthy();
    expect(screen.getByTestId('verify-name').textContent).toBe('赵*');
    expect(screen.getByTestId('verify-number').textContent).toBe('JY2026000120007');
    expect(api.verifyCompletion).toHaveBeenCalledWith('tok');
  });

  it('says when there is no such certificate', async () => {
    api.verifyCompletion.mockResolvedValue({ valid: false, state: 'not_found' });
    renderPage('nope');
    expect((await screen.findByTestId('verify-result')).getAttribute('data-state')).toBe('not_found');
  });

  it('offers a retry when the check fails', async () => {
    api.verifyCompletion
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ valid: false, state: 'not_found' });
    renderPage('tok');
    fireEvent.click(await screen.findByText('重试'));
    expect(await screen.findByTestId('verify-result')).toBeTruthy();
    expect(api.verifyCompletion).toHaveBeenCalledTimes(2);
  });
});
