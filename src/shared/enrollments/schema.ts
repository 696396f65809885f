// Enrolments (PRODUCT.md §2): the enrolment state machine, the registration form and materials a plan
// asks for, the learner's and the college's enrolment requests and the enrolment answers.
// A seat is held by every enrolment state except rejected and cancelled; rejection frees the seat and a
// resubmission takes one again (so an abandoned rejection never blocks a seat).
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { uploadInfoAnswer } from '../uploads/schema.ts';
import { listOf } from '../api/answers.ts';
import { PLAN_STATES } from '../plans/states.ts';

export const ENROLLMENT_STATES = [
  'submitted',
  'approved',
  'rejected',
  'paid',
  'ticket_issued',
  'sat',
  'passed',
  'failed',
  'cancelled',
] as const;
export type EnrollmentState = (typeof ENROLLMENT_STATES)[number];
export const ENROLLMENT_STATE_LABELS: Record<EnrollmentState, string> = {
  submitted: '待审核',
  approved: '审核通过，待缴费',
  rejected: '审核未通过',
  paid: '已缴费',
  ticket_issued: '已发准考证',
  sat: '已参考',
  passed: '合格',
  failed: '不合格',
  cancelled: '已取消',
};
/** States that occupy one of the plan's seats (`exam_plans.enrolled_count`). */
export const SEAT_HOLDING_STATES: readonly EnrollmentState[] = [
  'submitted',
  'approved',
  'paid',
  'ticket_issued',
  'sat',
  'passed',
  'failed',
];

/** Materials a plan may require; each is an upload of the same kind. */
export const MATERIAL_KEYS = [
  'photo',
  'id_card_front',
  'id_card_back',
  'diploma',
  'certificate',
  'other',
] as const;
export type MaterialKey = (typeof MATERIAL_KEYS)[number];
export const MATERIAL_LABELS: Record<MaterialKey, string> = {
  photo: '2寸证件照',
  id_card_front: '身份证人像面',
  id_card_back: '身份证国徽面',
  diploma: '学历证书',
  certificate: '原职业资格/技能等级证书',
  other: '其他证明材料',
};
export const DEFAULT_REQUIRED_MATERIALS: MaterialKey[] = [
  'photo',
  'id_card_front',
  'id_card_back',
  'diploma',
];

/** Fields of the registration form; a plan lists the ones it requires (`form_fields`). */
export const FORM_FIELD_KEYS = [
  'real_name',
  'id_type',
  'id_number',
  'sex',
  'ethnic_group_id',
  'political_affiliation_id',
  'educational_background_id',
  'phone',
  'user_source_id',
  'employer',
  'years_in_occupation',
  'prior_certificate_no',
  'address',
  'email',
] as const;
export type FormFieldKey = (typeof FORM_FIELD_KEYS)[number];
export const FORM_FIELD_LABELS: Record<FormFieldKey, string> = {
  real_name: '姓名',
  id_type: '证件类型',
  id_number: '证件号码',
  sex: '性别',
  ethnic_group_id: '民族',
  political_affiliation_id: '政治面貌',
  educational_background_id: '文化程度',
  phone: '手机号',
  user_source_id: '考生来源',
  employer: '工作单位',
  years_in_occupation: '从事本职业年限',
  prior_certificate_no: '原证书编号',
  address: '通讯地址',
  email: '电子邮箱',
};
export const DEFAULT_FORM_FIELDS: FormFieldKey[] = [
  'real_name',
  'id_type',
  'id_number',
  'sex',
  'ethnic_group_id',
  'educational_background_id',
  'phone',
  'user_source_id',
  'employer',
  'years_in_occupation',
];

export const ID_TYPES = ['id_card', 'passport', 'hk_macao_permit', 'taiwan_permit'] as const;
export const ID_TYPE_LABELS: Record<(typeof ID_TYPES)[number], string> = {
  id_card: '居民身份证',
  passport: '护照',
  hk_macao_permit: '港澳居民来往内地通行证',
  taiwan_permit: '台湾居民来往大陆通行证',
};
export const SEXES = ['male', 'female'] as const;
export const SEX_LABELS: Record<(typeof SEXES)[number], string> = { male: '男', female: '女' };

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .optional();

/** Answers of the registration form. Missing answers are filled from the learner's profile by the server. */
export const enrollmentFormSchema = z.object({
  real_name: optionalText('姓名', 64),
  id_type: z.enum(ID_TYPES, { error: '请选择证件类型' }).optional(),
  id_number: optionalText('证件号码', 32),
  sex: z.enum(SEXES, { error: '请选择性别' }).optional(),
  ethnic_group_id: idSchema('民族').optional(),
  political_affiliation_id: idSchema('政治面貌').optional(),
  educational_background_id: idSchema('文化程度').optional(),
  phone: optionalText('手机号', 20),
  user_source_id: idSchema('考生来源').optional(),
  employer: optionalText('工作单位', 100),
  years_in_occupation: z.coerce
    .number({ error: '请填写从事本职业年限' })
    .int('从事本职业年限应为整数')
    .min(0, '从事本职业年限不能为负数')
    .max(60, '从事本职业年限不能超过 60 年')
    .optional(),
  prior_certificate_no: optionalText('原证书编号', 64),
  address: optionalText('通讯地址', 200),
  email: z.union([z.literal(''), z.email('电子邮箱格式不正确')]).optional(),
});
export type EnrollmentForm = z.infer<typeof enrollmentFormSchema>;

const uploadId = z.uuid('材料文件无效');
/** `{ photo: upload_id, id_card_front: upload_id, ... }` */
export const materialsSchema = z.partialRecord(z.enum(MATERIAL_KEYS, { error: '未知的材料类型' }), uploadId);

/** POST /v1/enrollments */
export const enrollmentCreateSchema = z.object({
  plan_id: idSchema('考试计划'),
  form: enrollmentFormSchema.default({}),
  materials: materialsSchema.default({}),
});
export type EnrollmentCreateInput = z.input<typeof enrollmentCreateSchema>;

/** PUT /v1/enrollments/:id (edit while submitted, resubmit after rejection). */
export const enrollmentUpdateSchema = z.object({
  form: enrollmentFormSchema.default({}),
  materials: materialsSchema.default({}),
});

/** POST /v1/college/enrollments: a college administrator enrols an existing learner. */
export const collegeEnrollmentSchema = enrollmentCreateSchema.extend({
  /** The learner's username, phone or ID-card number. */
  learner: z
    .string({ error: '请输入考生的用户名、手机号或身份证号' })
    .trim()
    .min(1, '请输入考生的用户名、手机号或身份证号')
    .max(64),
});

export const enrollmentListQuery = paginationQuery.extend({
  state: z.enum(ENROLLMENT_STATES, { error: '状态无效' }).optional(),
  plan_id: idSchema().optional(),
});

export const collegeEnrollmentQuery = paginationQuery.extend({
  plan_id: idSchema().optional(),
  state: z.enum(ENROLLMENT_STATES, { error: '状态无效' }).optional(),
  keyword: z.string().trim().max(64).optional(),
});

// ---------------------------------------------------------------- answers

export const ENROLLMENT_NEXT_STEPS = [
  'wait_review',
  'pay',
  'resubmit',
  'wait_ticket',
  'download_ticket',
  'wait_score',
  'view_score',
  'none',
] as const;
export type EnrollmentNextStep = (typeof ENROLLMENT_NEXT_STEPS)[number];

/** The learner of an enrolment, in staff lists only; the ID number is masked. */
export const enrollmentLearnerAnswer = z.object({
  id: z.number().int(),
  real_name: z.string(),
  username: z.string(),
  id_card: z.string(),
  phone: z.string(),
});

export const enrollmentSummaryAnswer = z.object({
  id: z.number().int(),
  state: z.enum(ENROLLMENT_STATES),
  state_name: z.string(),
  next_step: z.enum(ENROLLMENT_NEXT_STEPS),
  review_reason: z.string(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  on_behalf: z.boolean(),
  plan: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    occupation_name: z.string(),
    level: z.number().int(),
    level_name: z.string(),
    organization_id: z.number().int(),
    organization_name: z.string(),
    fee_fen: z.number().int(),
    state: z.enum(PLAN_STATES),
    registration_ends_at: z.string(),
    exam_starts_at: z.string().nullable(),
  }),
  order: z.object({ order_no: z.string(), state: z.string().nullable() }).nullable(),
  learner: enrollmentLearnerAnswer.optional(),
});
export type EnrollmentSummary = z.infer<typeof enrollmentSummaryAnswer>;
/** GET /v1/enrollments: the learner's own applications. */
export const enrollmentListAnswer = listOf(enrollmentSummaryAnswer);

export const enrollmentDetailAnswer = enrollmentSummaryAnswer.extend({
  /** The answers given, with the names of the lookup ids (`ethnic_group_name`, ...). */
  form: z.record(z.string(), z.unknown()),
  form_fields: z.array(z.enum(FORM_FIELD_KEYS)),
  required_materials: z.array(z.enum(MATERIAL_KEYS)),
  materials: z.array(z.object({ key: z.enum(MATERIAL_KEYS), label: z.string(), upload: uploadInfoAnswer })),
});
export type EnrollmentDetail = z.infer<typeof enrollmentDetailAnswer>;

/** GET /v1/college/enrollments (items), the college's candidates with their learner. */
export const collegeEnrollmentAnswer = enrollmentSummaryAnswer.extend({ learner: enrollmentLearnerAnswer });
export type CollegeEnrollment = z.infer<typeof collegeEnrollmentAnswer>;
export const collegeEnrollmentListAnswer = listOf(collegeEnrollmentAnswer);
/** POST /v1/college/enrollments and GET /v1/admin/enrollments/:id: the detail a staff member sees. */
export const staffEnrollmentDetailAnswer = enrollmentDetailAnswer.extend({
  learner: enrollmentLearnerAnswer,
});
