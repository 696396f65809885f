// The certificate list: rows with their state, the keyword and state filters kept in the URL and sent to the
// API, and a revocation that asks for a reason (the shared schema's message first, then the server's 422
// under the field), then reloads the list.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CertificateRow } from '../../../../../src/client/features/certificates/api.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const certificate = (id: number, revoked: boolean): CertificateRow => ({
  id,
  number: `Y32013200000126300000${id}`,
  enrollment_id: id,
  learner_id: 10 + id,
  plan_id: 7,
  plan_code: 'P2026007',
  plan_title: '茶艺师四级',
  institution_id: 1,
  institution_name: '江南职业技能评价中心',
  holder_name: id === 1 ? '张伟' : '李娜',
  id_number: '320102199001011234',
  occupation: '茶艺师',
  occupation_code: '4-03-02-07',
  level: 4,
  level_label: '四级/中级工',
  issued_at: '2026-05-01T02:00:00.000Z',
  revoked,
  revoked_at: revoked ? '2026-05-02T02:00:00.000Z' : null,
  revoke_reason: revoked ? '信息有误' : '',
  verify_path: `/verify/certificate/${id}`,
});

const api = vi.hoisted(() => ({
  fetchCertificates: vi.fn(),
  revokeCertificate: vi.fn(),
  openCertificatePdf: vi.fn(),
}));
vi.mock('../../../../../src/client/features/certificates/api.ts', () => api);

const { default: CertificatePage } =
  await import('../../../../../src/client/features/certificates/pages/CertificatePage.tsx');

const renderPage = (path = '/manage/dataStatisticsManage/certificate') => {
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test">
      <Router hook={location.hook} searchHook={location.searchHook}>
        <CertificatePage />
      </Router>
    </MantineProvider>,
  );
  return location;
};

beforeEach(() => {
  setLanguage('zh');
  for (const fn of Object.values(api)) fn.mockReset();
  api.fetchCertificates.mockImplementation(async () => ({
    data: [certificate(1, false), certificate(2, true)],
    meta: { total: 2, page: 1, limit: 20 },
  }));
});
afterEach(cleanup);

describe('certificate page', { timeout: 30_000 }, () => {
  it('lists certificates with their state and offers revocation only for a valid one', async () => {
    renderPage();
    const table = await screen.findByTestId('certificates-table');
    expect(await within(table).findByText('张伟')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('certificate-state')
        .map((badge) => badge.getAttribute('data-state')),
    ).toEqual(['valid', 'revoked']);
    expect(within(table).getAllByTestId('certificate-revoke')).toHaveLength(1);
    expect(within(table).getByTestId('certificate-file-1').getAttribute('href')).toBe(
      '/manage/studentFilesInfo?learnerId=11&planId=7',
    );
    expect(api.fetchCertificates).toHaveBeenCalledWith({ page: 1, limit: 20, keyword: '', state: null });
  });

  it('sends the keyword and the state filter and keeps them in the URL', async () => {
    const location = renderPage();
    await screen.findByText('张伟');
    const search = screen.getByTestId('certificate-search');
    fireEvent.change(search, { target: { value: '张伟' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(api.fetchCertificates).toHaveBeenLastCalledWith(
        expect.objectContaining({ keyword: '张伟', state: null }),
      ),
    );
    fireEvent.click(screen.getByRole('radio', { name: '已撤销' }));
    await waitFor(() =>
      expect(api.fetchCertificates).toHaveBeenLastCalledWith(
        expect.objectContaining({ page: 1, keyword: '张伟', state: 'revoked' }),
      ),
    );
    expect(location.history.at(-1)).toBe(
      `/manage/dataStatisticsManage/certificate?keyword=${encodeURIComponent('张伟')}&state=revoked`,
    );
  });

  it('opens with the filters of its URL', async () => {
    renderPage('/manage/dataStatisticsManage/certificate?state=valid');
    await screen.findByText('张伟');
    expect(api.fetchCertificates).toHaveBeenCalledWith({ page: 1, limit: 20, keyword: '', state: 'valid' });
  });

  it('asks for a reason, shows the server 422 under it, then revokes and reloads', async () => {
    api.revokeCertificate
      .mockRejectedValueOnce(
        new ApiError(422, '撤销原因不能超过 500 个字符', {
          message: '撤销原因不能超过 500 个字符',
          errors: { reason: ['撤销原因不能超过 500 个字符'] },
        }),
      )
      .mockResolvedValueOnce(certificate(1, true));
    renderPage();
    fireEvent.click(await screen.findByTestId('certificate-revoke'));
    const dialog = await screen.findByTestId('revoke-dialog');
    expect(dialog.textContent).toContain('张伟');
    // Revoking takes the certificate away: its button is red, as a deletion's.
    expect(within(dialog).getByTestId('revoke-submit').getAttribute('style')).toContain('red');

    fireEvent.click(within(dialog).getByTestId('revoke-submit'));
    expect(await within(dialog).findByText('撤销原因至少 2 个字符')).toBeTruthy();
    expect(api.revokeCertificate).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByTestId('revoke-reason'), {
      target: { value: ' 证书信息有误，予以撤销 ' },
    });
    fireEvent.click(within(dialog).getByTestId('revoke-submit'));
    expect(await within(dialog).findByText('撤销原因不能超过 500 个字符')).toBeTruthy();
    expect(api.revokeCertificate).toHaveBeenCalledWith(1, '证书信息有误，予以撤销');

    const loads = api.fetchCertificates.mock.calls.length;
    fireEvent.click(within(dialog).getByTestId('revoke-submit'));
    await waitFor(() => expect(screen.queryByTestId('revoke-reason')).toBeNull());
    expect(api.revokeCertificate).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(api.fetchCertificates.mock.calls.length).toBe(loads + 1));
  });

  it('asks before throwing a typed reason away', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('certificate-revoke'));
    const dialog = await screen.findByTestId('revoke-dialog');
    fireEvent.change(within(dialog).getByTestId('revoke-reason'), { target: { value: '有误' } });
    fireEvent.click(within(dialog).getByTestId('form-cancel'));
    expect(await screen.findByTestId('discard-dialog')).toBeTruthy();
    expect(screen.getByTestId('revoke-dialog')).toBeTruthy();
    expect(api.revokeCertificate).not.toHaveBeenCalled();
  });
});
