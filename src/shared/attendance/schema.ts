// Class records (/manage/trainingManage/classes/classRecord): a session's attendance (a member's QR check-in
// with the rotating signed code, or staff marking), the check-in code the head teacher shows, and the
// learning records (progress per course and attendance per member).
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_METHODS = ['qr', 'staff'] as const;
export type AttendanceMethod = (typeof ATTENDANCE_METHODS)[number];

/** A code lives for its window and the next one (30–60 s). */
export const CHECK_IN_WINDOW_SECONDS = 30;
/** Check-in opens this long before a session starts (and closes when it ends). */
export const CHECK_IN_OPENS_BEFORE_MINUTES = 30;
/** A check-in later than this after the start is late. */
export const LATE_AFTER_MINUTES = 10;
export const CHECK_IN_CODE_LENGTH = 16;
/** The most rows one marking sends (a class's members). */
export const ATTENDANCE_MARK_MAX_ROWS = 1000;

export const CHECK_IN_EXPIRED_MESSAGE = '签到码已失效，请重新扫码';
export const CHECK_IN_CLOSED_MESSAGE = '不在签到时间内';

/** POST /v1/learner/class-sessions/:id/check-in */
export const checkInSchema = z.object({
  code: z
    .string({ error: CHECK_IN_EXPIRED_MESSAGE })
    .trim()
    .min(1, CHECK_IN_EXPIRED_MESSAGE)
    .max(64, CHECK_IN_EXPIRED_MESSAGE),
});
export type CheckInInput = z.infer<typeof checkInSchema>;

/** PUT /v1/admin/class-sessions/:id/attendance: staff marking, one row per member. */
export const attendanceMarkSchema = z.object({
  rows: z
    .array(
      z.object({
        learner_id: idSchema('学员'),
        status: z.enum(ATTENDANCE_STATUSES, { error: '请选择出勤状态（出勤/迟到/缺勤/请假）' }),
        note: z.string().trim().max(200, '备注不能超过 200 个字符').default(''),
      }),
    )
    .min(1, '请选择学员')
    .max(ATTENDANCE_MARK_MAX_ROWS, `一次最多标记 ${ATTENDANCE_MARK_MAX_ROWS} 名学员`),
});
export type AttendanceMarkInput = z.input<typeof attendanceMarkSchema>;

// ---------------------------------------------------------------- answers

export const checkInCodeAnswer = z.object({
  session_id: z.number().int(),
  code: z.string(),
  /** The link the QR code carries: the learner's class page, which checks in. */
  link: z.string(),
  /** When this code's window ends (it is accepted one window more). */
  expires_at: z.string(),
  server_now: z.string(),
});
export type CheckInCode = z.infer<typeof checkInCodeAnswer>;

export const checkInAnswer = z.object({
  status: z.enum(['present', 'late']),
  checked_in_at: z.string(),
});
export type CheckInResult = z.infer<typeof checkInAnswer>;

export const classSessionAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  place: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Check-in is open now (30 min before the start to the end). */
  check_in_open: z.boolean(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
});
export type ClassSessionView = z.infer<typeof classSessionAnswer>;

/** GET /v1/admin/classes/:id/records: the class's heading and its sessions. */
export const classRecordsAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  organization_name: z.string(),
  active_members: z.number().int(),
  sessions: z.array(classSessionAnswer),
  server_now: z.string(),
});
export type ClassRecords = z.infer<typeof classRecordsAnswer>;

export const attendanceRowAnswer = z.object({
  learner_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** null: not checked in or marked yet. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  method: z.enum(ATTENDANCE_METHODS).nullable(),
  checked_in_at: z.string().nullable(),
  note: z.string(),
  marked_by_name: z.string().nullable(),
});
export type AttendanceRow = z.infer<typeof attendanceRowAnswer>;

/** GET/PUT /v1/admin/class-sessions/:id/attendance: every active member of the class. */
export const attendanceSheetAnswer = z.object({
  session: classSessionAnswer,
  class_id: z.number().int(),
  rows: z.array(attendanceRowAnswer),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetAnswer>;

/** GET /v1/admin/classes/:id/learning-records: progress per course and attendance per active member. */
export const learningRecordsAnswer = z.object({
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
  sessions_held: z.number().int(),
  rows: z.array(
    z.object({
      learner_id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      courses: z.array(z.object({ course_id: z.number().int(), percent: z.number() })),
      progress_percent: z.number(),
      attended: z.number().int(),
      attendance_percent: z.number(),
    }),
  ),
});
export type LearningRecords = z.infer<typeof learningRecordsAnswer>;
