import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '../../../../src/shared/auth/id-card.ts';
import { DEFAULT_FORM_FIELDS } from '../../../../src/shared/enrollments/schema.ts';
import type { ApplicantProfile } from '../../../../src/client/features/enrollments/api.ts';
import {
  missingFormFields,
  missingMaterials,
  prefillForm,
  splitServerErrors,
  toSubmitForm,
  toSubmitMaterials,
} from '../../../../src/client/features/enrollments/enrollment-form.ts';
import type { LearnerProfile } from '../../../../src/client/features/profile/api.ts';
import {
  missingRequired,
  profileToValues,
  updateErrors,
  valuesToUpdate,
} from '../../../../src/client/features/profile/profile-form.ts';

const applicant: ApplicantProfile = {
  real_name: '张伟',
  id_card: '320106199506181232',
  phone: '13851234567',
  sex: 'male',
  ethnic_group_id: 1,
  political_affiliation_id: 3,
  educational_background_id: 4,
  user_source_id: 3,
  employer: '南京华东机电设备有限公司',
  address: '江苏省南京市鼓楼区中山北路 200 号',
  email: '',
  photo: '/api/v1/uploads/02721021-e89e-47c5-a2b4-aa53f8565efa',
  photo_upload_id: '02721021-e89e-47c5-a2b4-aa53f8565efa',
  complete: true,
  missing_fields: [],
};

describe('application form prefill', () => {
  it('fills the plan fields from the profile, leaving what the profile does not hold empty', () => {
    const values = prefillForm(DEFAULT_FORM_FIELDS, applicant);
    expect(values).toEqual({
      real_name: '张伟',
      id_type: 'id_card',
      id_number: '320106199506181232',
      sex: 'male',
      ethnic_group_id: '1',
      educational_background_id: '4',
      phone: '13851234567',
      user_source_id: '3',
      employer: '南京华东机电设备有限公司',
      years_in_occupation: '',
    });
    expect(missingFormFields(DEFAULT_FORM_FIELDS, values)).toEqual(['years_in_occupation']);
  });

  it('prefers an earlier submission over the profile (resubmitting after a rejection)', () => {
    const values = prefillForm(['employer', 'years_in_occupation', 'ethnic_group_id'], applicant, {
      employer: '新单位',
      years_in_occupation: 6,
      ethnic_group_id: 2,
      ethnic_group_name: '蒙古族',
    });
    expect(values).toEqual({ employer: '新单位', years_in_occupation: '6', ethnic_group_id: '2' });
  });

  it('sends only the plan fields, trimmed, with ids and years as numbers and empty answers left out', () => {
    const form = toSubmitForm(['real_name', 'ethnic_group_id', 'years_in_occupation', 'employer', 'email'], {
      real_name: ' 张伟 ',
      ethnic_group_id: '1',
      years_in_occupation: '3',
      employer: '',
      email: 'x@example.com',
      phone: '13800000000',
    });
    expect(form).toEqual({
      real_name: '张伟',
      ethnic_group_id: 1,
      years_in_occupation: 3,
      email: 'x@example.com',
    });
  });

  it('counts the profile photo as the photo material, and sends only chosen uploads', () => {
    const required = ['photo', 'id_card_front', 'diploma'] as const;
    expect(missingMaterials(required, { diploma: 'd1' }, true)).toEqual(['id_card_front']);
    expect(missingMaterials(required, { diploma: 'd1' }, false)).toEqual(['photo', 'id_card_front']);
    expect(toSubmitMaterials({ diploma: 'd1', photo: undefined })).toEqual({ diploma: 'd1' });
  });

  it('places 422 errors next to their field or material', () => {
    expect(
      splitServerErrors({
        'form.real_name': ['请填写姓名'],
        'materials.diploma': ['请上传学历证书'],
        plan_id: ['请选择考试计划'],
      }),
    ).toEqual({
      form: { real_name: '请填写姓名' },
      materials: { diploma: '请上传学历证书' },
      other: ['请选择考试计划'],
    });
  });
});

const newLearner: LearnerProfile = {
  id: 9,
  username: 'cand_1',
  phone: '13912345678',
  id_card: `11010119900307123${idCardCheckChar('11010119900307123')}`,
  real_name: '',
  sex: null,
  sex_name: '',
  birth_date: '1990-03-07',
  ethnic_group_id: null,
  ethnic_group_name: '',
  political_affiliation_id: null,
  political_affiliation_name: '',
  educational_background_id: null,
  educational_background_name: '',
  user_source_id: null,
  user_source_name: '',
  province_code: null,
  province_name: '',
  city_code: null,
  city_name: '',
  area_code: null,
  area_name: '',
  address: '',
  employer: '',
  email: '',
  introduction: '',
  avatar: '',
  avatar_upload_id: null,
  photo: '',
  photo_upload_id: null,
  complete: false,
  missing_fields: [],
};

describe('profile form mapping', () => {
  it('starts a new learner with the sex of the ID number and nothing else chosen', () => {
    const values = profileToValues(newLearner);
    expect(values.sex).toBe('male'); // 17th digit 3 is odd
    expect(values.ethnic_group_id).toBeNull();
    expect(values.province_code).toBeNull();
  });

  it('sends numbers for lookups and the whole region chain, null for a missing city or county', () => {
    const values = {
      ...profileToValues(newLearner),
      real_name: ' 李测试 ',
      ethnic_group_id: '1',
      user_source_id: '3',
      province_code: '44',
      city_code: '4419',
      area_code: null,
      address: '东莞市南城区 1 号',
      photo_upload_id: '6514f48a-4d60-470e-933c-52fe7b85c66a',
      photo_url: '/api/v1/uploads/6514f48a-4d60-470e-933c-52fe7b85c66a',
    };
    const update = valuesToUpdate(values);
    expect(update).toMatchObject({
      real_name: '李测试',
      sex: 'male',
      ethnic_group_id: 1,
      user_source_id: 3,
      province_code: '44',
      city_code: '4419',
      area_code: null,
      address: '东莞市南城区 1 号',
      photo_upload_id: '6514f48a-4d60-470e-933c-52fe7b85c66a',
    });
    expect(update).not.toHaveProperty('political_affiliation_id', expect.anything());
    expect(updateErrors(update)).toEqual({});
  });

  it('reports the shared schema problems by field', () => {
    expect(updateErrors({ real_name: '李', email: 'not-mail' })).toEqual({
      real_name: '真实姓名至少 2 个字',
      email: '电子邮箱格式不正确',
    });
  });

  it('requires a city and county only where the region has them', () => {
    const base = {
      ...profileToValues(newLearner),
      real_name: '李测试',
      ethnic_group_id: '1',
      political_affiliation_id: '13',
      educational_background_id: '4',
      user_source_id: '3',
      address: '地址',
      photo_upload_id: 'p',
    };
    expect(missingRequired({ ...base, province_code: '32' }, { hasCities: true, hasAreas: true })).toEqual([
      'city_code',
    ]);
    expect(
      missingRequired(
        { ...base, province_code: '32', city_code: '3201' },
        { hasCities: true, hasAreas: true },
      ),
    ).toEqual(['area_code']);
    expect(
      missingRequired(
        { ...base, province_code: '44', city_code: '4419' },
        { hasCities: true, hasAreas: false },
      ),
    ).toEqual([]);
    expect(
      missingRequired(
        { ...base, photo_upload_id: null, province_code: null },
        { hasCities: true, hasAreas: true },
      ),
    ).toEqual(['province_code', 'photo']);
  });
});
