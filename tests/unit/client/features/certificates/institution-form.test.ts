// The appraisal institution form refuses what the server would refuse (the shared schema) with the message on
// the field, keeps an edited institution's values, and lists provinces by name with their 2-digit code.
import { describe, expect, it } from 'vitest';
import type { AppraisalInstitution } from '../../../../../src/client/features/certificates/api.ts';
import {
  EMPTY_INSTITUTION_FORM,
  institutionFormValues,
  parseInstitutionForm,
  provinceOptions,
} from '../../../../../src/client/features/certificates/institution-form.ts';

const valid = {
  ...EMPTY_INSTITUTION_FORM,
  name: '江南职业技能评价中心',
  code: '3201',
  province_code: '32',
  site_code: '320115',
};

describe('institution form', () => {
  it('sends a valid form as the API input, an empty college as null', () => {
    const result = parseInstitutionForm({ ...valid, address: ' 南京市 ' });
    expect(result).toEqual({
      ok: true,
      input: expect.objectContaining({
        name: '江南职业技能评价中心',
        code: '3201',
        province_code: '32',
        site_code: '320115',
        address: '南京市',
        organization_id: null,
        enabled: true,
      }),
    });
  });

  it('puts the schema messages on the wrong fields only', () => {
    const result = parseInstitutionForm({ ...valid, code: '32A', site_code: '3201' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.code).toBe('机构代码为 4 位数字');
    expect(result.errors.site_code).toBe('站点代码为 6 位数字');
    expect(result.errors.name).toBeUndefined();
    expect(result.errors.province_code).toBeUndefined();
  });

  it('asks for the name and the province when they are empty', () => {
    const result = parseInstitutionForm({ ...valid, name: '  ', province_code: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('请填写机构名称');
    expect(result.errors.province_code).toBe('省份代码为 2 位数字');
  });

  it('turns a college id into the Select value and back into a number', () => {
    const row: AppraisalInstitution = {
      id: 4,
      name: '滨海技能鉴定站',
      code: '3207',
      province_code: '32',
      site_code: '320705',
      address: '',
      contact: '王老师',
      phone: '0518-1234567',
      organization_id: 2,
      organization_name: '滨海职业学院',
      enabled: false,
      created_at: '',
      updated_at: '',
    };
    const values = institutionFormValues(row);
    expect(values.organization_id).toBe('2');
    expect(values.enabled).toBe(false);
    const result = parseInstitutionForm(values);
    expect(result.ok && result.input.organization_id).toBe(2);
  });

  it('labels provinces with their code and keeps an unknown stored code selectable', () => {
    const provinces = [
      { code: '11', name: '北京市' },
      { code: '32', name: '江苏省' },
    ];
    expect(provinceOptions(provinces, '32')).toEqual([
      { value: '11', label: '北京市 (11)' },
      { value: '32', label: '江苏省 (32)' },
    ]);
    expect(provinceOptions([], '32')).toEqual([{ value: '32', label: '32' }]);
  });
});
