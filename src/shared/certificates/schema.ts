// Certificates and appraisal institutions (PRODUCT.md §2): the certificate number, issue, revocation, the
// public certificate query and verification answers.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { requiredText, keyword } from '../api/fields.ts';

// ---------------------------------------------------------------- certificates and institutions

/** Y: 职业技能等级证书; S: 专项职业能力证书. */
export const CERTIFICATE_LETTERS = ['Y', 'S'] as const;
export type CertificateLetter = (typeof CERTIFICATE_LETTERS)[number];

/** Letter + org code 4 + province 2 + site 6 + year 2 + level 1 + serial 6 (PRODUCT.md §2). */
export const CERTIFICATE_NUMBER_PATTERN = /^[YS]\d{21}$/;

export function formatCertificateNumber(parts: {
  letter: CertificateLetter;
  orgCode: string;
  provinceCode: string;
  siteCode: string;
  year: number;
  level: number;
  serial: number;
}): string {
  const yy = String(parts.year % 100).padStart(2, '0');
  return `${parts.letter}${parts.orgCode}${parts.provinceCode}${parts.siteCode}${yy}${parts.level}${String(parts.serial).padStart(6, '0')}`;
}

export const certificateIssueSchema = z.object({
  /** Default: the institution linked to the plan's college, else the only enabled one. */
  institution_id: idSchema('评价机构').optional(),
  letter: z.enum(CERTIFICATE_LETTERS, { error: '证书类别只能是 Y 或 S' }).default('Y'),
});

export const certificateListQuery = paginationQuery.extend({
  /** Name, certificate number or ID number. */
  keyword,
  plan_id: idSchema('考试计划').optional(),
  occupation: z.string().trim().max(100).optional(),
  level: z.coerce.number().int().min(1).max(5).optional(),
  institution_id: idSchema('评价机构').optional(),
  state: z.enum(['valid', 'revoked']).optional(),
  /** Issue date range, YYYY-MM-DD (China time). */
  date_from: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
  date_to: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
});

export const revokeSchema = z.object({
  reason: requiredText('撤销原因', 2, 500),
});

/** Longest holder name the certificates table keeps. */
export const HOLDER_NAME_MAX = 64;

/**
 * POST /v1/verify/certificate-query: anyone (an employer) checks a certificate by its number and its
 * holder's name; the answer is the printed link's (VerifyAnswer), not_found when either does not match.
 */
export const certificateQuerySchema = z.object({
  number: z
    .string({ error: '请填写证书编号' })
    .trim()
    .toUpperCase()
    .min(1, '请填写证书编号')
    .regex(CERTIFICATE_NUMBER_PATTERN, '证书编号为 Y 或 S 加 21 位数字'),
  name: requiredText('持证人姓名', 1, HOLDER_NAME_MAX),
});
export type CertificateQuery = z.infer<typeof certificateQuerySchema>;

export const institutionInputSchema = z.object({
  name: requiredText('机构名称', 1, 100),
  code: z
    .string({ error: '请填写机构代码' })
    .trim()
    .regex(/^\d{4}$/, '机构代码为 4 位数字'),
  province_code: z
    .string({ error: '请填写省份代码' })
    .trim()
    .regex(/^\d{2}$/, '省份代码为 2 位数字'),
  site_code: z
    .string({ error: '请填写站点代码' })
    .trim()
    .regex(/^\d{6}$/, '站点代码为 6 位数字'),
  address: z.string().trim().max(200, '地址不能超过 200 个字符').default(''),
  contact: z.string().trim().max(64, '联系人不能超过 64 个字符').default(''),
  phone: z.string().trim().max(20, '联系电话不能超过 20 个字符').default(''),
  organization_id: idSchema('所属院校').optional().nullable(),
  enabled: z.boolean().default(true),
});

export const institutionListQuery = paginationQuery.extend({ keyword });

// ---------------------------------------------------------------- answer shapes (the server's return types)

export interface CertificateView {
  id: number;
  number: string;
  enrollment_id: number;
  learner_id: number;
  plan_id: number;
  plan_code: string | null;
  plan_title: string | null;
  institution_id: number | null;
  institution_name: string | null;
  holder_name: string;
  id_number: string;
  occupation: string;
  occupation_code: string;
  level: number;
  level_label: string;
  issued_at: string;
  revoked: boolean;
  revoked_at: string | null;
  revoke_reason: string;
  verify_path: string;
}

/** GET /v1/verify/ticket/:token and /v1/verify/certificate/:token */
export type VerifyAnswer =
  | { valid: false; kind: 'ticket' | 'certificate'; state: 'not_found' }
  | {
      valid: boolean;
      kind: 'ticket' | 'certificate';
      /** 张* */
      name: string;
      occupation: string;
      level: number;
      level_label: string;
      number: string;
      /** YYYY-MM-DD */
      issued_date: string;
      state: 'valid' | 'revoked';
    };
