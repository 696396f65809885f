// The next step of a program: required courses first, then the class, then the exam (enrol, pay, sit),
// done once the certificate is issued.
import { describe, expect, it } from 'vitest';
import { nextStep } from '../../../../src/server/my-training/service.ts';
import type { MyProgram } from '../../../../src/shared/my-training/schema.ts';

type Program = Omit<MyProgram, 'next_step'>;
const plan = (
  id: number,
  state: Program['plans'][number]['state'],
  enrollment: Program['plans'][number]['enrollment'] = null,
) => ({
  id,
  title: `计划 ${id}`,
  state,
  state_name: '',
  registration_starts_at: '2026-01-01T00:00:00.000Z',
  registration_ends_at: '2026-02-01T00:00:00.000Z',
  enrollment,
});
const base: Program = {
  id: 1,
  name: '电工',
  occupation_name: '电工',
  level: 4,
  level_name: '四级',
  description: '',
  course_count: 2,
  following: true,
  joined_at: '2026-01-01T00:00:00.000Z',
  courses: [
    { id: 10, title: '甲', percent: 100, done: true, owned: true },
    { id: 11, title: '乙', percent: 40, done: false, owned: true },
  ],
  courses_done: 1,
  classes: [],
  class_completed: false,
  plans: [plan(5, 'draft'), plan(6, 'published')],
  certificate: null,
};

describe('nextStep', () => {
  it('asks for the first required course not done', () => {
    expect(nextStep(base)).toEqual({ kind: 'course', target_id: 11, title: '乙' });
  });

  it('then the class not completed yet', () => {
    const program: Program = {
      ...base,
      courses: base.courses.map((c) => ({ ...c, done: true, percent: 100 })),
      classes: [
        {
          id: 3,
          name: '一班',
          state: 'in_progress',
          state_name: '',
          completed_at: null,
          completion_no: null,
        },
      ],
    };
    expect(nextStep(program)).toEqual({ kind: 'class', target_id: 3, title: '一班' });
  });

  it('then the open exam plan, paying an approved application, sitting a paid one', () => {
    const done = { ...base, courses: [], classes: [] };
    expect(nextStep(done)).toEqual({ kind: 'enrol', target_id: 6, title: '计划 6' });
    const approved = {
      ...done,
      plans: [plan(6, 'published', { id: 40, state: 'approved' as const, state_name: '' })],
    };
    expect(nextStep(approved)).toEqual({ kind: 'pay', target_id: 40, title: '计划 6' });
    const paid = {
      ...done,
      plans: [plan(6, 'published', { id: 40, state: 'paid' as const, state_name: '' })],
    };
    expect(nextStep(paid)).toEqual({ kind: 'exam', target_id: 40, title: '计划 6' });
    const failed = {
      ...done,
      plans: [plan(6, 'published', { id: 40, state: 'failed' as const, state_name: '' })],
    };
    expect(nextStep(failed).kind).toBe('enrol');
    expect(nextStep({ ...done, plans: [] })).toEqual({ kind: 'enrol', target_id: null, title: '' });
  });

  it('is done with the certificate', () => {
    expect(
      nextStep({ ...base, certificate: { number: 'C1', issued_at: '2026-03-01T00:00:00.000Z' } }),
    ).toEqual({
      kind: 'done',
      target_id: null,
      title: 'C1',
    });
  });
});
