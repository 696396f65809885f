// The profile fields an application needs (spec), without the zod schemas of schema.ts, so the learner's
// summary page can list the missing ones without downloading zod.
/** Profile fields an application needs, with their labels (the page lists the missing ones). */
export const PROFILE_REQUIRED_FIELDS = {
  real_name: '真实姓名',
  sex: '性别',
  ethnic_group_id: '民族',
  political_affiliation_id: '政治面貌',
  educational_background_id: '文化程度',
  user_source_id: '考生来源',
  province_code: '所在省份',
  city_code: '所在城市',
  area_code: '所在区县',
  address: '详细地址',
  photo: '2寸证件照',
} as const;
export type ProfileRequiredField = keyof typeof PROFILE_REQUIRED_FIELDS;
