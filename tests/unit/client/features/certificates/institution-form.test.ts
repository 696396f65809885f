// The appraisal institution form refuses what the server would refuse (the shared schema, through the form
// pattern's check) with the message on the field, keeps an edited institution's values, lists provinces by
// name with their 2-digit code and keeps the institution's own college selectable.
import { describe, expect, it } from 'vitest';
import type { AppraisalInstitution } from '../../../../../src/client/features/certificates/api.ts';
import {
  EMPTY_INSTITUTION_FORM,
  collegeOptions,
  institutionFormValues,
  institutionRequest,
  provinceOptions,
  type InstitutionFormValues,
} from '../../../../../src/client/features/certificates/institution-form.ts';
import { schemaErrors } from '../../../../../src/client/lib/forms/form-errors.ts';
import { institutionInputSchema } from '../../../../../src/shared/certificates/schema.ts';

/** What the form's submit does with the values: the schema's messages, or the body it sends. */
const check = (values: InstitutionFormValues) =>
  schemaErrors(institutionInputSchema, values, { toInput: institutionRequest });
const body = (values: InstitutionFormValues) => institutionInputSchema.parse(institutionRequest(values));

const valid = {
  ...EMPTY_INSTITUTION_FORM,
  name: '江南职业技能评价中心',
  code: '3201',
  province_code: '32',
  site_code: '320115',
};

describe('institution form', () => {
  it('sends a valid form as the API input, an empty college as null', () => {
    const values = { ...valid, address: ' 南京市 ' };
    expect(check(values)).toEqual({});
    expect(body(values)).toEqual(
      expect.objectContaining({
        name: '江南职业技能评价中心',
        code: '3201',
        province_code: '32',
        site_code: '320115',
        address: '南京市',
        organization_id: null,
        enabled: true,
      }),
    );
  });

  it('puts the schema messages on the wrong fields only', () => {
    const errors = check({ ...valid, code: '32A', site_code: '3201' });
    expect(errors.code).toBe('机构代码为 4 位数字');
    expect(errors.site_code).toBe('站点代码为 6 位数字');
    expect(errors.name).toBeUndefined();
    expect(errors.province_code).toBeUndefined();
  });

  it('asks for the name and the province when they are empty', () => {
    const errors = check({ ...valid, name: '  ', province_code: '' });
    expect(errors.name).toBe('请填写机构名称');
    expect(errors.province_code).toBe('省份代码为 2 位数字');
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
    expect(body(values).organization_id).toBe(2);
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

  it("keeps the institution's own college selectable while the list does not hold it", () => {
    const colleges = [{ id: 1, name: '江南职业技术学院' }];
    expect(collegeOptions(colleges, '', null)).toEqual([{ value: '1', label: '江南职业技术学院' }]);
    expect(collegeOptions(colleges, '1', '江南职业技术学院')).toHaveLength(1);
    expect(collegeOptions(colleges, '2', '滨海职业学院')).toEqual([
      { value: '2', label: '滨海职业学院' },
      { value: '1', label: '江南职业技术学院' },
    ]);
    expect(collegeOptions([], '2', null)).toEqual([{ value: '2', label: '2' }]);
  });
});
