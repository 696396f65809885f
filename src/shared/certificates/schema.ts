// Certificates and appraisal institutions (PRODUCT.md §2): the certificate number, issue, revocation, the
// public certificate query and verification answers.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { requiredText, keyword } from '../api/fields.ts';
import { listOf } from '../api/answers.ts';

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

// ---------------------------------------------------------------- answers

const id = z.number().int();

/** One certificate as staff see it (GET /v1/admin/certificates, .../:id, .../:id/revoke). */
export const certificateAnswer = z.object({
  id,
  number: z.string(),
  enrollment_id: id,
  learner_id: id,
  plan_id: id,
  plan_code: z.string().nullable(),
  plan_title: z.string().nullable(),
  institution_id: id.nullable(),
  institution_name: z.string().nullable(),
  holder_name: z.string(),
  id_number: z.string(),
  occupation: z.string(),
  occupation_code: z.string(),
  level: z.number().int(),
  level_label: z.string(),
  issued_at: z.string(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string(),
  verify_path: z.string(),
});
export type CertificateView = z.infer<typeof certificateAnswer>;
export const certificateListAnswer = listOf(certificateAnswer);

/** POST /v1/admin/plans/:id/certificates/issue */
export const certificatesIssuedAnswer = z.object({
  issued: z.number().int().nonnegative(),
  numbers: z.array(z.string()),
  plan_state: z.literal('certificates_issued'),
});

/** An appraisal institution (GET/POST/PUT /v1/admin/appraisal-institutions). */
export const institutionAnswer = z.object({
  id,
  name: z.string(),
  code: z.string(),
  province_code: z.string(),
  site_code: z.string(),
  address: z.string(),
  contact: z.string(),
  phone: z.string(),
  organization_id: id.nullable(),
  organization_name: z.string().nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AppraisalInstitution = z.infer<typeof institutionAnswer>;
export const institutionListAnswer = listOf(institutionAnswer);

export const VERIFY_KINDS = ['ticket', 'certificate'] as const;
export type VerifyKind = (typeof VERIFY_KINDS)[number];

/**
 * GET /v1/verify/ticket/:token, /v1/verify/certificate/:token and POST /v1/verify/certificate-query: only
 * what confirms the document (the holder's name masked), or not_found.
 */
export const verifyAnswer = z.union([
  z.object({ valid: z.literal(false), kind: z.enum(VERIFY_KINDS), state: z.literal('not_found') }),
  z.object({
    valid: z.boolean(),
    kind: z.enum(VERIFY_KINDS),
    /** 张* */
    name: z.string(),
    occupation: z.string(),
    level: z.number().int(),
    level_label: z.string(),
    number: z.string(),
    /** YYYY-MM-DD */
    issued_date: z.string(),
    state: z.enum(['valid', 'revoked']),
  }),
]);
export type VerifyAnswer = z.infer<typeof verifyAnswer>;
