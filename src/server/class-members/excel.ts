// The Excel templates, readers and exports of the class members and the student list, on the shared Excel
// import/export (server/lib/excel): columns are found by their header text; ID numbers and phones are text
// cells (an 18-digit ID typed into a number cell would lose its last digits).
import {
  MEMBER_IMPORT_COLUMNS,
  STUDENT_IMPORT_COLUMNS,
  type MemberView,
  type StudentView,
} from '../../shared/class-members/schema.ts';
import type { ExportWorkbook } from '../lib/excel/export-stream.ts';
import { chinaDateTime } from '../lib/dates.ts';
import { readSheet, type SheetRow } from '../lib/excel/read-sheet.ts';
import type { MemberImportColumn } from './service.ts';
import type { StudentImportColumn } from './students.ts';

/** The largest sheet one import reads (a class or a college's intake). */
export const MAX_MEMBER_ROWS = 2000;

const textColumn = (key: string) => key === 'id_number' || key === 'phone';

export function memberTemplate(className: string): ExportWorkbook {
  return {
    sheets: [
      {
        name: '学员',
        columns: MEMBER_IMPORT_COLUMNS.map((c) => ({
          key: c.key,
          header: c.header,
          width: c.key === 'id_number' ? 22 : 14,
          text: textColumn(c.key),
        })),
        rows: [],
      },
      {
        name: '说明',
        lines: [
          `班级：${className}`,
          '1. 请勿修改“学员”表的表头；按身份证号匹配平台上已有的学员账号。',
          '2. 姓名、手机号可不填；填写时须与账号一致。',
          '3. 学员须先在“学员管理”中导入或自行注册；已在本班的学员、超出班级名额的行不会导入。',
          '4. 任何一行有误时整份文件都不会导入，除非选择“仅导入正确的行”。',
        ],
      },
    ],
  };
}

export function readMemberWorkbook(content: Buffer): Promise<SheetRow<MemberImportColumn>[]> {
  return readSheet(content, MEMBER_IMPORT_COLUMNS, {
    required: ['id_number'],
    maxRows: MAX_MEMBER_ROWS,
  });
}

export function studentTemplate(): ExportWorkbook {
  return {
    sheets: [
      {
        name: '学员',
        columns: STUDENT_IMPORT_COLUMNS.map((c) => ({
          key: c.key,
          header: c.header,
          width: c.key === 'id_number' ? 22 : c.key === 'college' ? 24 : 14,
          text: textColumn(c.key),
        })),
        rows: [],
      },
      {
        name: '说明',
        lines: [
          '1. 请勿修改“学员”表的表头；每行创建一个学员账号，用户名为 u + 手机号，可用手机号或身份证号登录。',
          '2. 身份证号须为有效的 18 位号码，手机号为 11 位大陆手机号；二者都不能已被其他账号使用。',
          '3. 院校填写机构名称或机构代码；院校管理员只能导入本院校的学员，不填即为本院校。',
          '4. 初始密码可不填（将生成随机密码）；填写时须为 8-32 位，含大写字母、小写字母、数字、符号中的至少三类。',
          '5. 任何一行有误时整份文件都不会导入，除非选择“仅导入正确的行”。',
        ],
      },
    ],
  };
}

export function readStudentWorkbook(content: Buffer): Promise<SheetRow<StudentImportColumn>[]> {
  return readSheet(content, STUDENT_IMPORT_COLUMNS, {
    required: ['name', 'id_number', 'phone'],
    significant: ['name', 'id_number', 'phone'],
    maxRows: MAX_MEMBER_ROWS,
  });
}

const FEE_STATE_NAMES = { none: '免费', unpaid: '未缴费', paid: '已缴费' } as const;
const SOURCE_NAMES = { code: '邀请码', link: '邀请链接', admin: '管理员添加', import: 'Excel 导入' } as const;

export function memberExport(className: string, members: readonly MemberView[]): ExportWorkbook {
  return {
    sheets: [
      {
        name: className.slice(0, 31) || '学员',
        columns: [
          { key: 'name', header: '姓名', width: 12 },
          { key: 'id_number', header: '身份证号', width: 22, text: true },
          { key: 'phone', header: '手机号', width: 14, text: true },
          { key: 'source', header: '来源', width: 12 },
          { key: 'joined_at', header: '加入时间', width: 18 },
          { key: 'fee_state', header: '缴费', width: 10 },
          { key: 'progress', header: '学习进度(%)', width: 12 },
          { key: 'attendance', header: '出勤率(%)', width: 12 },
          { key: 'test_score', header: '考核成绩', width: 10 },
          { key: 'completion_no', header: '结业编号', width: 20, text: true },
          { key: 'state', header: '状态', width: 10 },
          { key: 'removed_reason', header: '移出原因', width: 24 },
        ],
        rows: members.map((m) => ({
          name: m.name,
          id_number: m.id_number,
          phone: m.phone,
          source: SOURCE_NAMES[m.source],
          joined_at: chinaDateTime(new Date(m.joined_at)),
          fee_state: FEE_STATE_NAMES[m.fee_state],
          progress: m.progress_percent,
          attendance: m.attendance_percent,
          test_score: m.test_score,
          completion_no: m.completion_no ?? '',
          state: m.state === 'active' ? '在班' : '已移出',
          removed_reason: m.removed_reason,
        })),
      },
    ],
  };
}

export function studentExport(rows: AsyncIterable<StudentView>): ExportWorkbook {
  async function* sheetRows() {
    for await (const s of rows) {
      yield {
        name: s.name,
        username: s.username,
        id_number: s.id_number,
        phone: s.phone,
        organization: s.organization_name ?? '',
        classes: s.classes.map((c) => c.name).join('、'),
        programs: s.programs.map((p) => p.name).join('、'),
        progress: s.progress_percent,
        certificates: s.certificate_count,
        latest: s.latest_certificate?.number ?? '',
      };
    }
  }
  return {
    sheets: [
      {
        name: '学员',
        columns: [
          { key: 'name', header: '姓名', width: 12 },
          { key: 'username', header: '用户名', width: 16 },
          { key: 'id_number', header: '身份证号', width: 22, text: true },
          { key: 'phone', header: '手机号', width: 14, text: true },
          { key: 'organization', header: '院校', width: 20 },
          { key: 'classes', header: '班级', width: 30 },
          { key: 'programs', header: '培训计划', width: 24 },
          { key: 'progress', header: '课程进度(%)', width: 12 },
          { key: 'certificates', header: '证书数', width: 8 },
          { key: 'latest', header: '最新证书编号', width: 24, text: true },
        ],
        rows: sheetRows(),
      },
    ],
  };
}
