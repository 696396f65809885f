// The institutions page: a founder only reads (no add / edit / delete); the manager's form shows the server's
// 422 on the field, locks the code of an institution that issued certificates and says why, and a refused
// delete keeps the dialog open with the server's reason.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppraisalInstitution } from '../../../../../src/client/features/certificates/api.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { adminSession, type UserInfo } from '../../../../../src/client/lib/state/session.ts';

const row: AppraisalInstitution = {
  id: 1,
  name: '江南职业技能评价中心',
  code: '3201',
  province_code: '32',
  site_code: '320115',
  address: '南京市江宁区',
  contact: '刘芳',
  phone: '025-52100000',
  organization_id: null,
  organization_name: null,
  enabled: true,
  created_at: '',
  updated_at: '',
};

const api = {
  fetchInstitutions: vi.fn(async () => ({ data: [row], meta: { total: 1, page: 1, limit: 20 } })),
  saveInstitution: vi.fn(),
  deleteInstitution: vi.fn(),
  countInstitutionCertificates: vi.fn(async () => 0),
  fetchColleges: vi.fn(async () => []),
};
vi.mock('../../../../../src/client/features/certificates/api.ts', () => api);
vi.mock('../../../../../src/client/lib/offline/reference-data.ts', () => ({
  useProvinces: () => ({
    data: [{ code: '32', name: '江苏省' }],
    loading: false,
    offline: false,
    error: null,
  }),
}));

const { default: InstitutionPage } =
  await import('../../../../../src/client/features/certificates/pages/InstitutionPage.tsx');

const before = adminSession.value;
const signInAs = (type: 'founder' | 'manager') => {
  adminSession.value = {
    ...before,
    token: 't',
    userInfo: { administrator_type: type } as unknown as UserInfo,
  };
};
const renderPage = () =>
  render(
    <MantineProvider env="test">
      <InstitutionPage />
    </MantineProvider>,
  );

beforeEach(() => {
  setLanguage('zh');
  for (const fn of Object.values(api)) fn.mockClear();
});
afterEach(() => {
  cleanup();
  adminSession.value = before;
});

describe('institution page', () => {
  it('lets a founder read without add, edit or delete', async () => {
    signInAs('founder');
    renderPage();
    expect(await screen.findByTestId('institution-row-1')).toBeTruthy();
    expect(screen.getByTestId('institutions-table').textContent).toContain('江苏省');
    expect(screen.queryByTestId('institution-add')).toBeNull();
    expect(screen.queryByTestId('institution-edit-1')).toBeNull();
    expect(screen.queryByTestId('institution-delete-1')).toBeNull();
  });

  it("shows the server's 422 on the code field", async () => {
    signInAs('manager');
    api.saveInstitution.mockRejectedValueOnce(
      new ApiError(422, '机构代码已存在', {
        message: '机构代码已存在',
        errors: { code: ['机构代码已存在'] },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('institution-edit-1'));
    fireEvent.click(await screen.findByTestId('institution-save'));
    const form = await screen.findByTestId('institution-form');
    expect(await within(form).findByText('机构代码已存在')).toBeTruthy();
    expect(api.saveInstitution).toHaveBeenCalledWith(1, expect.objectContaining({ code: '3201' }));
  });

  it('locks the code of an institution that issued certificates and says why', async () => {
    signInAs('manager');
    api.countInstitutionCertificates.mockResolvedValueOnce(12);
    renderPage();
    fireEvent.click(await screen.findByTestId('institution-edit-1'));
    await waitFor(() =>
      expect((screen.getByTestId('institution-code') as HTMLInputElement).disabled).toBe(true),
    );
    expect(screen.getByTestId('institution-form').textContent).toContain('已发放 12 张证书');
  });

  it('keeps the delete dialog open with the refusal', async () => {
    signInAs('manager');
    api.deleteInstitution.mockRejectedValueOnce(
      new ApiError(422, 'x', { message: 'x', errors: { id: ['该机构已发放证书，不能删除，可改为停用'] } }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('institution-delete-1'));
    const dialog = await screen.findByTestId('institution-delete-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toContain('不能删除');
  });
});
