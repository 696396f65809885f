// The learner's own profile (/userCenter/userInfo, POST /v1/learner/info-up) and the completeness rule
// that applying checks (403002 when a required field is missing).
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { SEXES } from '../enrollments/schema.ts';
import type { ProfileRequiredField } from './required-fields.ts';

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

/** GET /v1/learner/info (and `learner_profile` in the staff's enrolment detail). */
export interface LearnerProfile {
  id: number;
  username: string;
  phone: string;
  id_card: string;
  real_name: string;
  sex: string | null;
  sex_name: string;
  birth_date: string | null;
  ethnic_group_id: number | null;
  ethnic_group_name: string;
  political_affiliation_id: number | null;
  political_affiliation_name: string;
  educational_background_id: number | null;
  educational_background_name: string;
  user_source_id: number | null;
  user_source_name: string;
  province_code: string | null;
  province_name: string;
  city_code: string | null;
  city_name: string;
  area_code: string | null;
  area_name: string;
  address: string;
  employer: string;
  email: string;
  introduction: string;
  avatar: string;
  avatar_upload_id: string | null;
  photo: string;
  photo_upload_id: string | null;
  complete: boolean;
  missing_fields: { field: ProfileRequiredField; label: string }[];
}
