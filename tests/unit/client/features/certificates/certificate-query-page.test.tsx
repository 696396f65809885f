// The public certificate query page: field messages before anything is sent, the button busy while the
// server answers, the result card, the query's own not-found text, and a message when the limit is hit.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerifyAnswer } from '../../../../../src/client/features/certificates/verify-api.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = {
  queryCertificate: vi.fn<(query: { number: string; name: string }) => Promise<VerifyAnswer>>(),
  verifyDocument: vi.fn(),
};
vi.mock('../../../../../src/client/features/certificates/verify-api.ts', () => api);

const { default: CertificateQueryPage } =
  await import('../../../../../src/client/features/certificates/pages/CertificateQueryPage.tsx');

const NUMBER = 'Y320100000000000000001';
const VALID: VerifyAnswer = {
  valid: true,
  kind: 'certificate',
  state: 'valid',
  name: '张*',
  occupation: '电工',
  level: 4,
  level_label: '四级/中级工',
  number: NUMBER,
  issued_date: '2026-06-30',
};

const renderPage = () =>
  render(
    <MantineProvider env="test">
      <CertificateQueryPage />
    </MantineProvider>,
  );
const fill = (number: string, name: string) => {
  fireEvent.change(screen.getByTestId('certificate-query-number'), { target: { value: number } });
  fireEvent.change(screen.getByTestId('certificate-query-name'), { target: { value: name } });
  fireEvent.click(screen.getByTestId('certificate-query-submit'));
};

beforeEach(() => {
  setLanguage('zh');
  api.queryCertificate.mockReset();
});
afterEach(cleanup);

describe('the certificate query page', () => {
  it('says what is wrong with each field and sends nothing', async () => {
    renderPage();
    fill('', '');
    expect(await screen.findByText('请输入证书编号')).toBeTruthy();
    expect(screen.getByText('请输入持证人姓名')).toBeTruthy();
    fill('Y123', '张'.repeat(65));
    expect(await screen.findByText('证书编号为 Y 或 S 加 21 位数字')).toBeTruthy();
    expect(screen.getByText('姓名不能超过 64 个字符')).toBeTruthy();
    expect(api.queryCertificate).not.toHaveBeenCalled();
  });

  it('is busy while the server answers, then shows the certificate', async () => {
    let answer: (value: VerifyAnswer) => void = () => undefined;
    api.queryCertificate.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage();
    fill(` ${NUMBER.toLowerCase()} `, ' 张伟 ');
    await waitFor(() =>
      expect(screen.getByTestId('certificate-query-submit').hasAttribute('data-loading')).toBe(true),
    );
    expect(api.queryCertificate).toHaveBeenCalledWith({ number: NUMBER, name: '张伟' });
    answer(VALID);
    const result = await screen.findByTestId('verify-result');
    expect(result.getAttribute('data-state')).toBe('valid');
    expect(screen.getByTestId('verify-number').textContent).toBe(NUMBER);
    expect(screen.getByTestId('verify-name').textContent).toBe('张*');
    expect(screen.getByTestId('certificate-query-submit').hasAttribute('data-loading')).toBe(false);
  });

  it('says no certificate matches when the number or the name is wrong', async () => {
    api.queryCertificate.mockResolvedValue({ valid: false, kind: 'certificate', state: 'not_found' });
    renderPage();
    fill(NUMBER, '王小明');
    const result = await screen.findByTestId('verify-result');
    expect(result.getAttribute('data-state')).toBe('not_found');
    expect(result.textContent).toContain('未找到匹配的证书，请核对证书编号和持证人姓名');
  });

  it('asks to wait when too many checks were made', async () => {
    api.queryCertificate.mockRejectedValue(
      new ApiError(429, '请求过于频繁，请稍后再试', { message: '请求过于频繁，请稍后再试' }),
    );
    renderPage();
    fill(NUMBER, '张伟');
    const alert = await screen.findByTestId('certificate-query-error');
    expect(alert.getAttribute('data-state')).toBe('too_many');
    expect(alert.textContent).toContain('查询过于频繁，请稍后再试');
  });

  it('shows the server’s field message under its field', async () => {
    api.queryCertificate.mockRejectedValue(
      new ApiError(422, '持证人姓名不能超过 64 个字符', {
        message: '持证人姓名不能超过 64 个字符',
        errors: { name: ['持证人姓名不能超过 64 个字符'] },
      }),
    );
    renderPage();
    fill(NUMBER, '张伟');
    expect(await screen.findByText('持证人姓名不能超过 64 个字符')).toBeTruthy();
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });
});
