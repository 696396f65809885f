// The institutions page: a founder only reads (no add / edit / delete); the keyword filter goes to the API and
// the URL; the manager's form checks with the shared schema before sending, shows the server's 422 on the
// field, asks before unsaved input is lost, locks the code of an institution that issued certificates and
// says why; a delete is confirmed first, and a refused one keeps the dialog open with the server's reason.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
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
const renderPage = () => {
  const location = memoryLocation({ path: '/manage/dataStatisticsManage/certificate/unit', record: true });
  render(
    <MantineProvider env="test">
      <Router hook={location.hook} searchHook={location.searchHook}>
        <InstitutionPage />
      </Router>
    </MantineProvider>,
  );
  return location;
};

beforeEach(() => {
  setLanguage('zh');
  for (const fn of Object.values(api)) fn.mockClear();
});
afterEach(() => {
  cleanup();
  adminSession.value = before;
});

describe('institution page', { timeout: 30_000 }, () => {
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

  it('sends the keyword and keeps it in the URL', async () => {
    signInAs('founder');
    const location = renderPage();
    await screen.findByTestId('institution-row-1');
    expect(api.fetchInstitutions).toHaveBeenCalledWith({ page: 1, limit: 20, keyword: '' });
    const search = screen.getByTestId('institution-search');
    fireEvent.change(search, { target: { value: '3201' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(api.fetchInstitutions).toHaveBeenLastCalledWith({ page: 1, limit: 20, keyword: '3201' }),
    );
    expect(location.history.at(-1)).toBe('/manage/dataStatisticsManage/certificate/unit?keyword=3201');
  });

  it('checks a new institution with the shared schema and sends nothing', async () => {
    signInAs('manager');
    renderPage();
    fireEvent.click(await screen.findByTestId('institution-add'));
    const form = await screen.findByTestId('institution-form');
    fireEvent.change(within(form).getByTestId('institution-code'), { target: { value: '32A' } });
    fireEvent.click(within(form).getByTestId('institution-save'));
    expect(await within(form).findByText('请填写机构名称')).toBeTruthy();
    expect(within(form).getByText('机构代码为 4 位数字')).toBeTruthy();
    expect(api.saveInstitution).not.toHaveBeenCalled();
    // Typing again clears the field's message.
    fireEvent.change(within(form).getByTestId('institution-code'), { target: { value: '3202' } });
    await waitFor(() => expect(within(form).queryByText('机构代码为 4 位数字')).toBeNull());
  });

  it('asks before closing the form with unsaved input', async () => {
    signInAs('manager');
    renderPage();
    fireEvent.click(await screen.findByTestId('institution-edit-1'));
    const form = await screen.findByTestId('institution-form');
    fireEvent.change(within(form).getByTestId('institution-name'), { target: { value: '江南评价中心' } });
    fireEvent.click(within(form).getByTestId('form-cancel'));
    fireEvent.click(await screen.findByTestId('discard-confirm'));
    await waitFor(() => expect(screen.queryByTestId('institution-name')).toBeNull());
    expect(api.saveInstitution).not.toHaveBeenCalled();
  });

  it('saves an edited institution and reloads the list', async () => {
    signInAs('manager');
    api.saveInstitution.mockResolvedValueOnce({ ...row, name: '江南评价中心' });
    renderPage();
    fireEvent.click(await screen.findByTestId('institution-edit-1'));
    const form = await screen.findByTestId('institution-form');
    fireEvent.change(within(form).getByTestId('institution-name'), { target: { value: ' 江南评价中心 ' } });
    const loads = api.fetchInstitutions.mock.calls.length;
    fireEvent.click(within(form).getByTestId('institution-save'));
    await waitFor(() => expect(screen.queryByTestId('institution-name')).toBeNull());
    expect(api.saveInstitution).toHaveBeenCalledWith(
      1,
      expect.objectContaining({ name: '江南评价中心', code: '3201', organization_id: null }),
    );
    await waitFor(() => expect(api.fetchInstitutions.mock.calls.length).toBe(loads + 1));
  });

  it('deletes only after the confirmation, then reloads the list', async () => {
    signInAs('manager');
    api.deleteInstitution.mockResolvedValueOnce('');
    renderPage();
    fireEvent.click(await screen.findByTestId('institution-delete-1'));
    const dialog = await screen.findByTestId('institution-delete-dialog');
    expect(dialog.textContent).toContain('江南职业技能评价中心');
    expect(api.deleteInstitution).not.toHaveBeenCalled();
    const loads = api.fetchInstitutions.mock.calls.length;
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.deleteInstitution).toHaveBeenCalledWith(1));
    await waitFor(() => expect(api.fetchInstitutions.mock.calls.length).toBe(loads + 1));
  });
});
