// The administrator form refuses what the server would: a college administrator without an organisation,
// a bad phone, a username that breaks the rule; empty choices become null (the built-in role).
import { describe, expect, it } from 'vitest';
import {
  administratorCreateSchema,
  administratorUpdateSchema,
} from '../../../../../src/shared/administrators/schema.ts';
import {
  administratorFormFrom,
  administratorRequest,
  emptyAdministratorForm,
} from '../../../../../src/client/features/administrators/admin-form.ts';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('administrator form', () => {
  it('turns the inputs into the request: empty choices are null', () => {
    const values = {
      ...emptyAdministratorForm(),
      username: 'teacher1',
      real_name: '王',
      administrator_type: 'manager',
    };
    const parsed = administratorCreateSchema.safeParse(administratorRequest(values));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ phone: null, organization_id: null, role_id: null });
  });

  it('needs an organisation for a college administrator and a valid phone and username', () => {
    const values = {
      ...emptyAdministratorForm(),
      username: '1bad',
      real_name: '王',
      phone: '123',
      administrator_type: 'college',
    };
    expect(issues(administratorCreateSchema.safeParse(administratorRequest(values)))).toEqual(
      expect.arrayContaining(['username', 'phone', 'organization_id']),
    );
    expect(
      issues(administratorCreateSchema.safeParse(administratorRequest(emptyAdministratorForm()))),
    ).toEqual(expect.arrayContaining(['username', 'real_name', 'administrator_type']));
  });

  it('fills the edit form from an account and sends it back unchanged', () => {
    const values = administratorFormFrom({
      id: 3,
      username: 'college',
      real_name: '陈明',
      phone: null,
      administrator_type: 'college',
      organization_id: 1,
      organization_name: '江南职业技术学院',
      role_id: null,
      role_name: '院校管理员',
      enabled: true,
      created_at: '',
      updated_at: '',
    });
    const parsed = administratorUpdateSchema.safeParse(administratorRequest(values));
    expect(parsed.data).toEqual({
      real_name: '陈明',
      phone: null,
      administrator_type: 'college',
      organization_id: 1,
      role_id: null,
    });
  });
});
