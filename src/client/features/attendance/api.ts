// Class records (/manage/trainingManage/classes/classRecord): the class's sessions, a session's attendance
// sheet and staff marking, the rotating check-in code and the learning records.
import {
  attendanceSheetAnswer,
  checkInCodeAnswer,
  classRecordsAnswer,
  learningRecordsAnswer,
  type AttendanceMarkInput,
} from '../../../shared/attendance/schema.ts';
import { api } from '../../lib/api/client.ts';

export type {
  AttendanceRow,
  AttendanceSheet,
  AttendanceStatus,
  CheckInCode,
  ClassRecords,
  ClassSessionView,
  LearningRecords,
} from '../../../shared/attendance/schema.ts';
export { ATTENDANCE_STATUSES } from '../../../shared/attendance/schema.ts';

const ADMIN = { apiType: 'administrators' } as const;

export const fetchClassRecords = (classId: number) =>
  api.get(`/v1/admin/classes/${classId}/records`, classRecordsAnswer, ADMIN);

export const fetchAttendance = (sessionId: number) =>
  api.get(`/v1/admin/class-sessions/${sessionId}/attendance`, attendanceSheetAnswer, ADMIN);

export const markAttendance = (sessionId: number, input: AttendanceMarkInput) =>
  api.put(`/v1/admin/class-sessions/${sessionId}/attendance`, attendanceSheetAnswer, input, ADMIN);

/** The current code; silent, since the panel asks every 30 s and shows its own state. */
export const fetchCheckInCode = (sessionId: number) =>
  api.get(`/v1/admin/class-sessions/${sessionId}/check-in-code`, checkInCodeAnswer, {
    ...ADMIN,
    silent: true,
  });

export const fetchLearningRecords = (classId: number) =>
  api.get(`/v1/admin/classes/${classId}/learning-records`, learningRecordsAnswer, ADMIN);

export const attendanceExportPath = (sessionId: number) =>
  `/v1/admin/class-sessions/${sessionId}/attendance/export`;
export const learningRecordsExportPath = (classId: number) =>
  `/v1/admin/classes/${classId}/learning-records/export`;
