// A new plan suggests its exam sessions from the registration end. When the end moves, the sessions still
// as suggested follow it (so the default form never ends in "考试场次须安排在报名截止之后"); a session the
// administrator changed stays theirs, and one that now starts before the end is reported on its field.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  defaultSessions,
  emptyPlanForm,
  followRegistrationEnd,
  nextSession,
  sessionStartErrors,
  validatePlanForm,
  type PlanFormValues,
} from '../../../../../src/client/features/plans/plan-form.ts';

const NOW = dayjs('2027-03-01 10:00:00');

const filled = (patch: Partial<PlanFormValues> = {}): PlanFormValues => ({
  ...emptyPlanForm(NOW),
  title: '2027 年电工（四级/中级工）职业技能等级认定',
  occupation_id: '3',
  level: '4',
  organization_id: '2',
  fee_yuan: 280,
  capacity: 120,
  ...patch,
});

/** What the form does when the registration end changes (PlanFormDrawer's handler). */
const moveEnd = (values: PlanFormValues, end: string): PlanFormValues => ({
  ...values,
  registration_ends_at: end,
  sessions: followRegistrationEnd(values.sessions, values.registration_ends_at, end),
});

describe('suggested exam sessions', () => {
  it('a new plan suggests theory and practical fifteen days after the registration end', () => {
    const form = emptyPlanForm(NOW);
    expect(form.registration_ends_at).toBe('2027-04-01 18:00:00');
    expect(form.sessions).toEqual(defaultSessions('2027-04-01 18:00:00'));
    expect(form.sessions.map((s) => [s.kind, s.starts_at, s.ends_at])).toEqual([
      ['theory', '2027-04-16 09:00:00', '2027-04-16 10:30:00'],
      ['practical', '2027-04-16 13:30:00', '2027-04-16 16:30:00'],
    ]);
    expect(validatePlanForm(filled())).toEqual({});
  });

  it('untouched suggestions follow a later registration end, so the form stays valid', () => {
    const moved = moveEnd(filled(), '2027-05-20 18:00:00');
    expect(moved.sessions.map((s) => s.starts_at)).toEqual(['2027-06-04 09:00:00', '2027-06-04 13:30:00']);
    expect(moved.sessions).toEqual(defaultSessions('2027-05-20 18:00:00'));
    expect(validatePlanForm(moved)).toEqual({});
  });

  it('they follow every move, earlier ones too', () => {
    const twice = moveEnd(moveEnd(filled(), '2027-05-20 18:00:00'), '2027-03-20 12:00:00');
    expect(twice.sessions).toEqual(defaultSessions('2027-03-20 12:00:00'));
  });

  it('a session the administrator changed is kept, and reported at once when it now starts before the end', () => {
    const start = filled();
    const edited = {
      ...start,
      sessions: [{ ...start.sessions[0]!, name: '理论考试（上午场）' }, start.sessions[1]!],
    };
    const moved = moveEnd(edited, '2027-05-20 18:00:00');
    expect(moved.sessions[0]).toEqual(edited.sessions[0]);
    expect(moved.sessions[1]).toEqual(defaultSessions('2027-05-20 18:00:00')[1]);
    expect(sessionStartErrors(moved)).toEqual({ 'sessions.0.starts_at': '考试场次须安排在报名截止之后' });
    expect(validatePlanForm(moved)['sessions.0.starts_at']).toBe('考试场次须安排在报名截止之后');
  });

  it('the session error is found while the rest of the plan is still empty', () => {
    const start = emptyPlanForm(NOW);
    const edited = { ...start, sessions: [{ ...start.sessions[0]!, name: '理论考试（上午场）' }] };
    const moved = moveEnd(edited, '2027-05-20 18:00:00');
    // The whole schema stops at the empty title and fee; the session rule alone still answers.
    expect(validatePlanForm(moved)['sessions.0.starts_at']).toBeUndefined();
    expect(sessionStartErrors(moved)).toEqual({ 'sessions.0.starts_at': '考试场次须安排在报名截止之后' });
    expect(sessionStartErrors(moveEnd(edited, '2027-04-05 18:00:00'))).toEqual({});
  });

  it('an added session and a saved plan\u2019s sessions are not suggestions and stay', () => {
    const start = filled();
    const added = { kind: 'theory' as const, name: '补考', starts_at: '2027-04-20 09:00:00', ends_at: null };
    const moved = moveEnd({ ...start, sessions: [...start.sessions, added] }, '2027-04-05 18:00:00');
    expect(moved.sessions[2]).toEqual(added);
    expect(moved.sessions.slice(0, 2)).toEqual(defaultSessions('2027-04-05 18:00:00'));
  });

  it('no registration end: no suggestions to follow, sessions unchanged', () => {
    expect(defaultSessions(null)).toEqual([]);
    const start = filled();
    expect(followRegistrationEnd(start.sessions, start.registration_ends_at, null)).toEqual(start.sessions);
  });
});

describe('adding a session', () => {
  it('is the other kind than the last one, at its times, unnamed', () => {
    const [theory, practical] = defaultSessions('2026-11-18 18:00:00');
    expect(nextSession([theory!])).toEqual({
      kind: 'practical',
      name: '',
      starts_at: theory!.starts_at,
      ends_at: theory!.ends_at,
    });
    expect(nextSession([theory!, practical!])).toMatchObject({
      kind: 'theory',
      starts_at: practical!.starts_at,
    });
  });

  it('is an empty theory session when there is none yet', () => {
    expect(nextSession([])).toEqual({ kind: 'theory', name: '', starts_at: null, ends_at: null });
  });
});
