// The class records page's Excel exports: a session's attendance sheet and the class's learning records.
import type { AttendanceSheet, LearningRecords } from '../../shared/attendance/schema.ts';
import { chinaDateTime } from '../lib/dates.ts';
import type { ExportWorkbook } from '../lib/excel/export-stream.ts';

const STATUS_NAMES: Record<string, string> = {
  present: '出勤',
  late: '迟到',
  absent: '缺勤',
  excused: '请假',
};
const METHOD_NAMES: Record<string, string> = { qr: '扫码签到', staff: '教师标记' };

export function attendanceWorkbook(sheet: AttendanceSheet): ExportWorkbook {
  return {
    sheets: [
      {
        name: '考勤',
        columns: [
          { key: 'name', header: '姓名', width: 14 },
          { key: 'phone', header: '手机号', width: 14, text: true },
          { key: 'status', header: '出勤状态', width: 10 },
          { key: 'time', header: '签到时间', width: 18 },
          { key: 'method', header: '方式', width: 10 },
          { key: 'note', header: '备注', width: 30 },
        ],
        rows: sheet.rows.map((row) => ({
          name: row.name,
          phone: row.phone,
          status: row.status ? (STATUS_NAMES[row.status] ?? row.status) : '未签到',
          time: row.checked_in_at ? chinaDateTime(new Date(row.checked_in_at)) : '',
          method: row.method ? (METHOD_NAMES[row.method] ?? row.method) : '',
          note: row.note,
        })),
      },
    ],
  };
}

export function learningRecordsWorkbook(records: LearningRecords): ExportWorkbook {
  const courseKey = (id: number) => `course_${id}`;
  return {
    sheets: [
      {
        name: '学习记录',
        columns: [
          { key: 'name', header: '姓名', width: 14 },
          { key: 'phone', header: '手机号', width: 14, text: true },
          ...records.courses.map((c) => ({ key: courseKey(c.id), header: `${c.title}（%）`, width: 16 })),
          { key: 'progress', header: '课程进度（%）', width: 14 },
          { key: 'attended', header: `出勤次数（共 ${records.sessions_held} 次）`, width: 18 },
          { key: 'attendance', header: '出勤率（%）', width: 12 },
        ],
        rows: records.rows.map((row) => ({
          name: row.name,
          phone: row.phone,
          ...Object.fromEntries(row.courses.map((c) => [courseKey(c.course_id), c.percent])),
          progress: row.progress_percent,
          attended: row.attended,
          attendance: row.attendance_percent,
        })),
      },
    ],
  };
}
