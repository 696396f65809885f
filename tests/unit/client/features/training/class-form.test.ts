import { describe, expect, it } from 'vitest';
import {
  batchClassNames,
  classBatchSetSchema,
  classInputSchema,
  nextClassState,
} from '../../../../../src/shared/training/schema.ts';
import {
  batchSetRequest,
  classRequest,
  emptyBatchSet,
  emptyClassForm,
  nextSessionRow,
  type ClassFormValues,
} from '../../../../../src/client/features/training/class-form.ts';
import { isoToPickerValue } from '../../../../../src/client/lib/utils/iso-time.ts';

const filled = (): ClassFormValues => ({
  ...emptyClassForm(),
  project_id: '3',
  name: '2030 测试班',
  organization_id: '7',
  starts_on: '2030-03-01',
  ends_on: '2030-03-31',
  fee_yuan: 200.5,
  enrol_opens_at: '2030-02-01 08:00:00',
  course_ids: ['12', '5'],
  sessions: [
    {
      id: 41,
      title: '第一次课',
      place: 'A101',
      starts_at: '2030-03-02 09:00:00',
      ends_at: '2030-03-02 11:00:00',
      attendance_count: 2,
    },
  ],
});

describe('the class form', () => {
  it('sends the fee in fen, China times as instants, courses in order and kept session ids', () => {
    const body = classRequest(filled());
    expect(body).toMatchObject({
      project_id: 3,
      organization_id: 7,
      head_teacher_id: null,
      fee_fen: 20050,
      enrol_opens_at: '2030-02-01T00:00:00.000Z',
      enrol_closes_at: null,
      rule_test_pass_score: null,
      course_ids: [12, 5],
      sessions: [{ id: 41, starts_at: '2030-03-02T01:00:00.000Z' }],
    });
    expect(classInputSchema.safeParse(body).success).toBe(true);
  });

  it('is refused by the shared schema where the server would refuse it', () => {
    const late = filled();
    late.sessions[0]!.ends_at = '2030-04-01 10:00:00';
    late.sessions[0]!.starts_at = '2030-03-31 23:00:00';
    const result = classInputSchema.safeParse(classRequest(late));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('sessions.0.ends_at');
    const noProject = classInputSchema.safeParse(classRequest({ ...filled(), project_id: '' }));
    expect(noProject.error?.issues.map((i) => i.path.join('.'))).toContain('project_id');
  });

  it('adds a session the day after the last one, or on the first day', () => {
    expect(nextSessionRow(filled())).toMatchObject({
      id: null,
      starts_at: '2030-03-03 09:00:00',
      place: 'A101',
    });
    expect(nextSessionRow({ sessions: [], starts_on: '2030-03-01' }).ends_at).toBe('2030-03-01 11:00:00');
    expect(isoToPickerValue('2030-03-02T01:00:00.000Z')).toBe('2030-03-02 09:00:00');
  });
});

describe('the batch pages', () => {
  it('names the classes by the pattern', () => {
    expect(batchClassNames('2026 茶艺师第{n}期', 3)).toEqual([
      '2026 茶艺师第1期',
      '2026 茶艺师第2期',
      '2026 茶艺师第3期',
    ]);
    expect(batchClassNames('茶艺班', 2)).toEqual(['茶艺班(1)', '茶艺班(2)']);
  });

  it('sends only the ticked settings', () => {
    const values = {
      ...emptyBatchSet(),
      fields: ['capacity' as const, 'rule' as const],
      capacity: 12,
      with_test: true,
    };
    const body = batchSetRequest([4, 2], values);
    expect(body).toEqual({
      ids: [4, 2],
      capacity: 12,
      rule: { rule_progress_percent: 80, rule_attendance_percent: 80, rule_test_pass_score: 60 },
    });
    expect(classBatchSetSchema.safeParse(body).success).toBe(true);
    expect(classBatchSetSchema.safeParse(batchSetRequest([4], emptyBatchSet())).success).toBe(false);
  });

  it('moves a state one step forward only', () => {
    expect(nextClassState('planned')).toBe('open');
    expect(nextClassState('finished')).toBe('archived');
    expect(nextClassState('archived')).toBeNull();
  });
});
