// The learner's own profile (/userCenter/userInfo, POST /v1/learner/info-up) and the completeness rule
// that applying checks (403002 when a required field is missing).
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { SEXES } from '../enrollments/schema.ts';
import { PROFILE_REQUIRED_FIELDS, type ProfileRequiredField } from './required-fields.ts';

// The field list is its own module so a page that only shows it does not download zod (issue 4).
export { PROFILE_REQUIRED_FIELDS, type ProfileRequiredField } from './required-fields.ts';

const regionCode = (digits: number, label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(new RegExp(`^\\d{${digits}}$`), `请选择${label}`);

/**
 * POST /v1/learner/info-up. Every field is optional: a field that is sent is updated, one left out is
 * kept; `null` clears an optional field. Region codes must form a real province → city → county chain.
 */
export const profileUpdateSchema = z.object({
  real_name: z
    .string({ error: '请输入真实姓名' })
    .trim()
    .min(2, '真实姓名至少 2 个字')
    .max(30, '真实姓名不能超过 30 个字')
    .regex(/^[\p{Script=Han}A-Za-z·.\s]+$/u, '真实姓名只能包含汉字、字母和间隔号')
    .optional(),
  sex: z.enum(SEXES, { error: '请选择性别' }).optional(),
  ethnic_group_id: idSchema('民族').optional(),
  political_affiliation_id: idSchema('政治面貌').optional(),
  educational_background_id: idSchema('文化程度').optional(),
  user_source_id: idSchema('考生来源').optional(),
  province_code: regionCode(2, '所在省份').optional(),
  city_code: regionCode(4, '所在城市').nullable().optional(),
  area_code: regionCode(6, '所在区县').nullable().optional(),
  address: z.string({ error: '请输入详细地址' }).trim().max(200, '详细地址不能超过 200 个字符').optional(),
  employer: z.string().trim().max(100, '工作单位不能超过 100 个字符').optional(),
  email: z
    .union([z.literal(''), z.email('电子邮箱格式不正确').max(100, '电子邮箱不能超过 100 个字符')])
    .optional(),
  introduction: z.string().trim().max(500, '个人简介不能超过 500 个字符').optional(),
  /** Upload ids (POST /v1/uploads with kind avatar / photo); null clears. */
  avatar_upload_id: z.uuid('头像文件无效').nullable().optional(),
  photo_upload_id: z.uuid('证件照文件无效').nullable().optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

const nullableId = z.number().int().nullable();
const requiredFieldKeys = Object.keys(PROFILE_REQUIRED_FIELDS) as [
  ProfileRequiredField,
  ...ProfileRequiredField[],
];

/** GET /v1/learner/info and POST /v1/learner/info-up (and `learner_profile` in the staff's enrolment detail). */
export const learnerProfileAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  phone: z.string(),
  id_card: z.string(),
  real_name: z.string(),
  sex: z.enum(SEXES).nullable(),
  sex_name: z.string(),
  birth_date: z.string().nullable(),
  ethnic_group_id: nullableId,
  ethnic_group_name: z.string(),
  political_affiliation_id: nullableId,
  political_affiliation_name: z.string(),
  educational_background_id: nullableId,
  educational_background_name: z.string(),
  user_source_id: nullableId,
  user_source_name: z.string(),
  province_code: z.string().nullable(),
  province_name: z.string(),
  city_code: z.string().nullable(),
  city_name: z.string(),
  area_code: z.string().nullable(),
  area_name: z.string(),
  address: z.string(),
  employer: z.string(),
  email: z.string(),
  introduction: z.string(),
  avatar: z.string(),
  avatar_upload_id: z.string().nullable(),
  photo: z.string(),
  photo_upload_id: z.string().nullable(),
  complete: z.boolean(),
  missing_fields: z.array(z.object({ field: z.enum(requiredFieldKeys), label: z.string() })),
});
export type LearnerProfile = z.infer<typeof learnerProfileAnswer>;
