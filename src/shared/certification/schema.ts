// The certification chain after registration (PRODUCT.md §2): exam sites, rooms and staff, seats and
// admission tickets, scores, certificates and appraisal institutions, learner notifications. Request
// schemas shared by the back-office and user-centre pages and the server; see /work/team/API-certification.md.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { SCORE_MESSAGES_ZH, scoreResultKey } from '../scores/score-messages.ts';

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, min <= 1 ? `请填写${label}` : `${label}至少 ${min} 个字符`)
    .max(max, `${label}不能超过 ${max} 个字符`);
const keyword = z.string().trim().max(100).optional();
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

// ---------------------------------------------------------------- notifications

export const notificationListQuery = paginationQuery.extend({
  /** Only unread messages. */
  unread: flag.optional(),
});

/** POST /v1/admin/notifications: one learner, or every learner when learner_id is absent. */
export const broadcastSchema = z.object({
  title: text('标题', 1, 200),
  body: z.string({ error: '请填写内容' }).trim().max(5000, '内容不能超过 5000 个字符').default(''),
  learner_id: idSchema('学员').optional().nullable(),
  link: z.string().trim().max(300, '链接不能超过 300 个字符').optional(),
});

// ---------------------------------------------------------------- exam sites and rooms

export const siteInputSchema = z.object({
  name: text('考点名称', 1, 100),
  address: text('考点地址', 1, 200),
  /** The college whose site it is (seen by that college only); absent or null: shared by every college. */
  organization_id: idSchema('所属院校').optional().nullable(),
});

export const MAX_ROOM_SEATS = 200;

export const roomInputSchema = z
  .object({
    site_id: idSchema('考点'),
    name: text('考场名称', 1, 100),
    capacity: z.coerce
      .number({ error: '请填写座位数' })
      .int('座位数须为整数')
      .min(1, '座位数至少为 1')
      .max(MAX_ROOM_SEATS, `座位数不能超过 ${MAX_ROOM_SEATS}`),
    rows: z.coerce
      .number({ error: '请填写行数' })
      .int('行数须为整数')
      .min(1, '行数至少为 1')
      .max(50, '行数不能超过 50'),
    cols: z.coerce
      .number({ error: '请填写列数' })
      .int('列数须为整数')
      .min(1, '列数至少为 1')
      .max(50, '列数不能超过 50'),
    enabled: z.boolean().default(true),
  })
  .refine((r) => r.capacity <= r.rows * r.cols, { message: '座位数不能超过 行数×列数', path: ['capacity'] });

export const siteListQuery = paginationQuery.extend({ keyword });
export const roomListQuery = paginationQuery.extend({ keyword, site_id: idSchema('考点').optional() });
export const availabilityQuery = z.object({ session_id: idSchema('考试场次') });

// ---------------------------------------------------------------- exam staff

export const STAFF_ROLES = ['invigilator', 'examiner', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  invigilator: '监考员',
  examiner: '考评员',
  supervisor: '督导员',
};

export const staffInputSchema = z.object({
  name: text('姓名', 1, 64),
  phone: z
    .string({ error: '请填写手机号' })
    .trim()
    .regex(/^1[3-9]\d{9}$/, '手机号格式不正确'),
  role: z.enum(STAFF_ROLES, { error: '请选择人员类别（监考员/考评员/督导员）' }),
  certificate_no: z.string().trim().max(64, '证书编号不能超过 64 个字符').default(''),
  organization_id: idSchema('所属机构').optional().nullable(),
  enabled: z.boolean().default(true),
});

export const staffListQuery = paginationQuery.extend({
  keyword,
  role: z.enum(STAFF_ROLES, { error: '人员类别无效' }).optional(),
  organization_id: idSchema('所属机构').optional(),
});

export const staffAssignmentSchema = z.object({
  staff_id: idSchema('考务人员'),
  room_id: idSchema('考场'),
  session_id: idSchema('考试场次'),
});

export const staffAssignmentListQuery = paginationQuery.extend({
  staff_id: idSchema('考务人员').optional(),
  room_id: idSchema('考场').optional(),
  session_id: idSchema('考试场次').optional(),
  plan_id: idSchema('考试计划').optional(),
});

// ---------------------------------------------------------------- seats and tickets

export const autoSeatSchema = z.object({
  /** Interleave candidates so that neighbours are not from one employer. */
  shuffle: z.boolean().default(false),
  /** Rooms to fill, in this order; default every enabled room with free seats, by site and name. */
  room_ids: z.array(idSchema('考场')).max(200).optional(),
  /** Only this session of the plan; default every session. */
  session_id: idSchema('考试场次').optional(),
});

export const manualSeatSchema = z.object({
  enrollment_id: idSchema('考生'),
  session_id: idSchema('考试场次'),
  room_id: idSchema('考场'),
  seat_no: z.coerce.number({ error: '请填写座位号' }).int('座位号须为整数').min(1, '座位号至少为 1'),
});

export const seatListQuery = paginationQuery.extend({
  keyword,
  session_id: idSchema('考试场次').optional(),
  room_id: idSchema('考场').optional(),
  /** seated: has a seat in every session; unseated: misses at least one. */
  seated: z.enum(['seated', 'unseated']).optional(),
});

export const roomSheetQuery = z.object({
  session_id: idSchema('考试场次'),
  /** seating: 座位表; signin: 签到表 */
  kind: z.enum(['seating', 'signin']).default('seating'),
});

// ---------------------------------------------------------------- scores

const scoreValue = (label: string) =>
  z.coerce
    .number({ error: `${label}须为数字` })
    .min(0, `${label}须在 0-100 之间`)
    .max(100, `${label}须在 0-100 之间`)
    .refine((v) => Math.round(v * 10) === v * 10, `${label}最多保留一位小数`);

/** PUT /v1/admin/enrollments/:id/score. Absent or cheating candidates may have no marks. */
export const scoreInputSchema = z
  .object({
    theory: scoreValue('理论成绩').nullable().optional(),
    practical: scoreValue('实操成绩').nullable().optional(),
    absent: z.boolean().default(false),
    cheating: z.boolean().default(false),
    /** Required once the plan's scores are published (a correction). */
    reason: z.string().trim().max(500, '更正原因不能超过 500 个字符').optional(),
  })
  .superRefine((s, ctx) => {
    if (s.absent && s.cheating)
      ctx.addIssue({ code: 'custom', message: '缺考与违纪不能同时标记', path: ['cheating'] });
    if (!s.absent && !s.cheating) {
      if (s.theory == null) ctx.addIssue({ code: 'custom', message: '请填写理论成绩', path: ['theory'] });
      if (s.practical == null)
        ctx.addIssue({ code: 'custom', message: '请填写实操成绩', path: ['practical'] });
    }
  });
export type ScoreInput = z.output<typeof scoreInputSchema>;

export const scoreListQuery = paginationQuery.extend({
  keyword,
  /** entered | missing | passed | failed */
  filter: z.enum(['entered', 'missing', 'passed', 'failed']).optional(),
});

/** Columns of the score import template, in order. */
export const SCORE_TEMPLATE_COLUMNS = [
  { key: 'ticket_no', header: '准考证号' },
  { key: 'id_number', header: '身份证号' },
  { key: 'name', header: '姓名' },
  { key: 'theory', header: '理论成绩' },
  { key: 'practical', header: '实操成绩' },
  { key: 'absent', header: '缺考(是/否)' },
  { key: 'cheating', header: '违纪(是/否)' },
] as const;

/** Passing rule of PRODUCT.md §2: both parts at or above the plan's pass lines, not absent, not cheating. */
export function scorePasses(
  score: { theory: number | null; practical: number | null; absent: boolean; cheating: boolean },
  lines: { passTheory: number; passPractical: number },
): boolean {
  if (score.absent || score.cheating) return false;
  if (score.theory == null || score.practical == null) return false;
  return score.theory >= lines.passTheory && score.practical >= lines.passPractical;
}

export function scoreResultLabel(score: { absent: boolean; cheating: boolean; passed: boolean }): string {
  return SCORE_MESSAGES_ZH[scoreResultKey(score)];
}

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
  reason: text('撤销原因', 2, 500),
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
  name: text('持证人姓名', 1, HOLDER_NAME_MAX),
});
export type CertificateQuery = z.infer<typeof certificateQuerySchema>;

export const institutionInputSchema = z.object({
  name: text('机构名称', 1, 100),
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

// ---------------------------------------------------------------- masking

/** ID number with only the first 6 and last 4 characters shown. */
export function maskIdNumber(value: string): string {
  if (value.length <= 10) return value.replace(/./g, '*');
  return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
}

/** 张伟 -> 张*, 欧阳娜娜 -> 欧***: only the first character of a name is shown publicly. */
export function maskName(value: string): string {
  const chars = [...value.trim()];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

// ---------------------------------------------------------------- answer shapes (the server's view functions return these)

export interface NotificationItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  broadcast: boolean;
  created_at: string;
  read: boolean;
  read_at: string | null;
}

export interface SiteView {
  id: number;
  name: string;
  address: string;
  organization_id: number | null;
  organization_name: string | null;
  room_count: number;
  seat_count: number;
  created_at: string;
  updated_at: string;
}

export interface RoomView {
  id: number;
  site_id: number;
  site_name: string;
  address: string;
  name: string;
  capacity: number;
  rows: number;
  cols: number;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface StaffView {
  id: number;
  name: string;
  phone: string;
  role: string;
  role_label: string;
  certificate_no: string;
  organization_id: number | null;
  organization_name: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

/** One session of a ticket or a seat list row; the seat fields are null while unseated. */
export interface SessionSeat {
  session_id: number;
  kind: string;
  kind_label: string;
  name: string;
  starts_at: string;
  ends_at: string;
  /** 2026-06-20 09:00-10:30 (China time) */
  time_label: string;
  room_id: number | null;
  room_name: string | null;
  site_name: string | null;
  address: string | null;
  seat_no: number | null;
}

export interface AdmissionTicket {
  id: number;
  ticket_no: string;
  enrollment_id: number;
  issued_at: string;
  plan_id: number;
  plan_code: string;
  plan_title: string;
  occupation: string;
  level: number;
  level_label: string;
  name: string;
  /** First 6 and last 4 characters only. */
  id_number: string;
  photo_url: string | null;
  site_name: string | null;
  address: string | null;
  room_name: string | null;
  seat_no: number | null;
  sessions: SessionSeat[];
  rules: string[];
  /** Client route of the public verification page (the QR code's target). */
  verify_path: string;
  pdf_url: string;
}

export interface ScoreView {
  theory: number | null;
  practical: number | null;
  total: number | null;
  absent: boolean;
  cheating: boolean;
  passed: boolean;
  /** 合格 / 不合格 / 缺考 / 违纪 */
  result: string;
  entered_at: string;
  published_at: string | null;
}

export interface LearnerScore extends ScoreView {
  enrollment_id: number;
  plan_id: number;
  plan_code: string;
  plan_title: string;
  occupation: string;
  level: number;
  level_label: string;
  exam_date: string | null;
  pass_theory: number;
  pass_practical: number;
  certificate: {
    id: number;
    number: string;
    issued_at: string;
    revoked: boolean;
    verify_path: string;
    pdf_url: string;
  } | null;
}

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
