// The learner's training (PRODUCT.md §2): the classes they are in (join by code or invitation link, pay the
// class fee, the schedule with their attendance, the class courses with their progress, notices, where they
// stand against the completion rule) and the programs they follow toward the certificate.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { paginationQuery } from '../api/pagination.ts';
import { ENROLLMENT_STATES } from '../enrollments/schema.ts';
import { ORDER_STATES } from '../payments/schema.ts';
import { PLAN_STATES } from '../plans/schema.ts';
import { CLASS_STATES } from '../training/schema.ts';

export const FEE_STATES = ['none', 'unpaid', 'paid'] as const;
export type FeeState = (typeof FEE_STATES)[number];

/** How the learner arrived: typing the code, or opening the invitation link. */
export const JOIN_SOURCES = ['code', 'link'] as const;

/** Join codes are 8 characters of A–Z and 2–9 without look-alikes; the field accepts lower case and spaces. */
export const JOIN_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;

/** What is missing for completion. */
export const MISSING_PARTS = ['progress', 'attendance', 'test'] as const;

/** The kinds of a program's next step, in the order a learner meets them. */
export const NEXT_STEPS = ['course', 'class', 'enrol', 'pay', 'exam', 'done'] as const;
export type NextStepKind = (typeof NEXT_STEPS)[number];

// ---------------------------------------------------------------- requests

/** GET /v1/user/classes */
export const myClassListQuery = paginationQuery.extend({
  state: z.enum(CLASS_STATES, { error: '班级状态无效' }).optional(),
});
export type MyClassListQuery = z.output<typeof myClassListQuery>;

/** POST /v1/learner/classes/join */
export const joinClassSchema = z.object({
  code: z
    .string({ error: '请输入班级邀请码' })
    .max(32, '班级邀请码无效')
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1, '请输入班级邀请码').regex(JOIN_CODE_PATTERN, '班级邀请码为 8 位字母或数字')),
  source: z.enum(JOIN_SOURCES, { error: '加入方式无效' }).default('code'),
});
export type JoinClassInput = z.input<typeof joinClassSchema>;

/** GET /v1/learner/programs/available */
export const programListQuery = paginationQuery;

// ---------------------------------------------------------------- answers

const session = z.object({
  id: z.number().int(),
  title: z.string(),
  place: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});

/** One of the learner's classes (GET /v1/user/classes, the join's answer). */
export const myClassAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  project_name: z.string(),
  organization_name: z.string(),
  state: z.enum(CLASS_STATES),
  state_name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  head_teacher: z.object({ name: z.string(), phone: z.string() }).nullable(),
  fee_fen: z.number().int(),
  fee_state: z.enum(FEE_STATES),
  order: z.object({ order_no: z.string(), state: z.enum(ORDER_STATES) }).nullable(),
  next_session: session.nullable(),
  progress_percent: z.number(),
  attendance_percent: z.number(),
  completed_at: z.string().nullable(),
});
export type MyClass = z.infer<typeof myClassAnswer>;
export const myClassListAnswer = listOf(myClassAnswer);

/** GET /v1/learner/classes/:id: the class as its members see it (never the roster). */
export const myClassDetailAnswer = myClassAnswer.extend({
  description: z.string(),
  rule: z.object({
    progress_percent: z.number().int(),
    attendance_percent: z.number().int(),
    test_pass_score: z.number().int().nullable(),
  }),
  sessions: z.array(
    session.extend({
      /** Check-in is open now (30 min before the start until the end). */
      check_in_open: z.boolean(),
      attendance: z
        .object({ status: z.enum(ATTENDANCE_STATUSES), checked_in_at: z.string().nullable() })
        .nullable(),
    }),
  ),
  courses: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      percent: z.number(),
      /** The lesson "continue" opens: the last one watched, else the first; null for a course without lessons. */
      continue_lesson_id: z.number().int().nullable(),
      owned: z.boolean(),
    }),
  ),
  notices: z.array(
    z.object({ id: z.number().int(), title: z.string(), body: z.string(), created_at: z.string() }),
  ),
  standing: z.object({
    sessions_held: z.number().int(),
    attended: z.number().int(),
    test_score: z.number().int().nullable(),
    meets_rule: z.boolean(),
    missing: z.array(z.enum(MISSING_PARTS)),
    completion_no: z.string().nullable(),
  }),
  server_now: z.string(),
});
export type MyClassDetail = z.infer<typeof myClassDetailAnswer>;

const programCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  percent: z.number(),
  done: z.boolean(),
  owned: z.boolean(),
});

const programPlan = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.enum(PLAN_STATES),
  state_name: z.string(),
  registration_starts_at: z.string(),
  registration_ends_at: z.string(),
  enrollment: z
    .object({ id: z.number().int(), state: z.enum(ENROLLMENT_STATES), state_name: z.string() })
    .nullable(),
});

/** A program as offered (GET /v1/learner/programs/available). */
export const programAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  occupation_name: z.string(),
  level: z.number().int(),
  level_name: z.string(),
  description: z.string(),
  course_count: z.number().int(),
  following: z.boolean(),
});
export type ProgramCard = z.infer<typeof programAnswer>;
export const programListAnswer = listOf(programAnswer);

/** A program the learner follows, with progress toward the certificate (GET /v1/learner/programs). */
export const myProgramAnswer = programAnswer.extend({
  joined_at: z.string(),
  courses: z.array(programCourse),
  courses_done: z.number().int(),
  classes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      state: z.enum(CLASS_STATES),
      state_name: z.string(),
      completed_at: z.string().nullable(),
      completion_no: z.string().nullable(),
    }),
  ),
  class_completed: z.boolean(),
  plans: z.array(programPlan),
  certificate: z.object({ number: z.string(), issued_at: z.string() }).nullable(),
  next_step: z.object({
    kind: z.enum(NEXT_STEPS),
    /** The course, class, plan or enrolment the step is about (null for done). */
    target_id: z.number().int().nullable(),
    title: z.string(),
  }),
});
export type MyProgram = z.infer<typeof myProgramAnswer>;
export const myProgramListAnswer = z.object({ data: z.array(myProgramAnswer) });
