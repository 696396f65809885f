// The plan form speaks yuan and local date-times; the API speaks integer fen and ISO instants. The shared
// schema (the server's own rules) validates what the form would send, and its field paths (and a 422's)
// land on the form's fields.
import { describe, expect, it } from 'vitest';
import {
  emptyPlanForm,
  formErrorsFrom,
  planFormFromDetail,
  toPlanInput,
  validatePlanForm,
  yuanToFen,
  type PlanFormValues,
} from '../../../../../src/client/features/plans/plan-form.ts';
import { planDetail } from './plan-fixture.ts';
import { isoToPickerValue, pickerValueToIso } from '../../../../../src/client/lib/utils/iso-time.ts';

// The unit project runs in the machine's time zone; these tests only compare round trips and instants.
const filled = (patch: Partial<PlanFormValues> = {}): PlanFormValues => ({
  ...emptyPlanForm(),
  title: '2027 年电工（四级/中级工）职业技能等级认定',
  occupation_id: '3',
  level: '4',
  organization_id: '2',
  fee_yuan: 280,
  capacity: 120,
  ...patch,
});

describe('plan form: money in yuan, sent as integer fen', () => {
  it('converts yuan to fen without floating-point drift', () => {
    expect(yuanToFen(280)).toBe(28000);
    expect(yuanToFen('123.45')).toBe(12345);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0)).toBe(0);
  });

  it('leaves an empty or non-numeric fee out, so the schema reports it as missing', () => {
    expect(yuanToFen('')).toBeUndefined();
    expect(yuanToFen('abc')).toBeUndefined();
    expect(validatePlanForm(filled({ fee_yuan: '' }))).toMatchObject({ fee_yuan: '请填写报名费' });
  });

  it('sends fee_fen, numbers and ISO instants in the API body', () => {
    const input = toPlanInput(filled({ fee_yuan: 99.5 }));
    expect(input.fee_fen).toBe(9950);
    expect(input.occupation_id).toBe(3);
    expect(input.level).toBe(4);
    expect(input.capacity).toBe(120);
    expect(input.registration_starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(input.sessions).toHaveLength(2);
    expect(input.sessions?.[0]?.kind).toBe('theory');
  });
});

describe('plan form: dates', () => {
  it('round-trips an instant through the pickers’ text, which is China time on any device', () => {
    const iso = '2026-12-11T10:00:00.000Z';
    expect(isoToPickerValue(iso)).toBe('2026-12-11 18:00:00');
    expect(pickerValueToIso('2026-12-12 09:00:00')).toBe('2026-12-12T01:00:00.000Z');
    expect(pickerValueToIso(isoToPickerValue(iso))).toBe(iso);
    expect(isoToPickerValue(null)).toBeNull();
    expect(pickerValueToIso(null)).toBeNull();
    expect(pickerValueToIso('not a date')).toBeNull();
  });

  it('offers a valid default: window from tomorrow for 30 days, sessions after it', () => {
    expect(validatePlanForm(filled())).toEqual({});
  });
});

describe('plan form: validation with the shared schema', () => {
  it('names every missing required field on its own input', () => {
    const errors = validatePlanForm({ ...emptyPlanForm(), title: '' });
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['title', 'occupation_id', 'level', 'organization_id', 'fee_yuan', 'capacity']),
    );
    expect(errors.occupation_id).toBe('请选择职业');
  });

  it('refuses a window that ends before it starts, on the end field', () => {
    const form = filled();
    const errors = validatePlanForm({ ...form, registration_ends_at: form.registration_starts_at });
    expect(errors.registration_ends_at).toBe('报名截止时间须晚于报名开始时间');
  });

  it('puts a session error on that session’s field', () => {
    const form = filled();
    const sessions = form.sessions.map((s, i) => (i === 1 ? { ...s, ends_at: s.starts_at } : s));
    expect(validatePlanForm({ ...form, sessions })).toMatchObject({
      'sessions.1.ends_at': '场次结束时间须晚于开始时间',
    });
  });

  it('maps a 422 answer to the form: fee_fen shows on the yuan field, first message per field', () => {
    expect(
      formErrorsFrom({
        fee_fen: ['报名费不能为负数'],
        capacity: ['已有 3 人占用名额，名额不能少于 3', 'second'],
        'sessions.0.starts_at': ['考试场次须安排在报名截止之后'],
      }),
    ).toEqual({
      fee_yuan: '报名费不能为负数',
      capacity: '已有 3 人占用名额，名额不能少于 3',
      'sessions.0.starts_at': '考试场次须安排在报名截止之后',
    });
  });
});

describe('plan form: editing an existing plan', () => {
  it('fills the form from the detail and sends the same plan back', () => {
    const detail = planDetail({
      title: '2026 年茶艺师（四级/中级工）职业技能等级认定',
      exam_starts_at: '2026-12-01T01:00:00.000Z',
      required_materials: ['photo', 'diploma'],
      state: 'draft',
      state_name: '草稿',
      registration_open: false,
      allowed_actions: ['publish', 'archive'],
      pass_practical: 70,
      form_fields: ['real_name', 'phone'],
      description: '说明',
      published_at: null,
      sessions: [
        {
          id: 1,
          kind: 'theory',
          name: '理论知识考试',
          starts_at: '2026-12-01T01:00:00.000Z',
          ends_at: '2026-12-01T02:30:00.000Z',
        },
      ],
    });
    const form = planFormFromDetail(detail);
    expect(form.fee_yuan).toBe(220.5);
    expect(form.occupation_id).toBe('5');
    const input = toPlanInput(form);
    expect(input).toMatchObject({
      occupation_id: 5,
      level: 4,
      organization_id: 2,
      fee_fen: 22050,
      capacity: 60,
      pass_practical: 70,
      registration_starts_at: detail.registration_starts_at,
      registration_ends_at: detail.registration_ends_at,
      required_materials: ['photo', 'diploma'],
      form_fields: ['real_name', 'phone'],
      sessions: [
        {
          kind: 'theory',
          name: '理论知识考试',
          starts_at: '2026-12-01T01:00:00.000Z',
          ends_at: '2026-12-01T02:30:00.000Z',
        },
      ],
    });
  });
});
