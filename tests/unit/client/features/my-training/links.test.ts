// What the class and program pages read from their address and where they send the learner.
import { describe, expect, it } from 'vitest';
import {
  checkInOf,
  classHref,
  feeAction,
  idOf,
  joinCodeOf,
  nextStepHref,
  sessionPhase,
} from '../../../../../src/client/features/my-training/logic/links.ts';

describe('the invitation and QR links', () => {
  it('reads the join code as the field takes it', () => {
    expect(joinCodeOf('?join=abcd2345')).toBe('ABCD2345');
    expect(joinCodeOf('?join=%20AB%20CD2345%20')).toBe('ABCD2345');
    expect(joinCodeOf('?join=')).toBeNull();
    expect(joinCodeOf('')).toBeNull();
    expect(joinCodeOf(`?join=${'X'.repeat(500)}`)).toHaveLength(32);
  });

  it('reads the check-in of a QR link: session id and code, nothing when malformed', () => {
    expect(checkInOf('?id=3&checkin=17.0123abcdef456789')).toEqual({
      sessionId: 17,
      code: '0123abcdef456789',
    });
    for (const bad of [
      '?checkin=',
      '?checkin=17',
      '?checkin=.abc',
      '?checkin=x.abc',
      '?checkin=0.abc',
      '?checkin=1.a-b',
      '',
    ])
      expect(checkInOf(bad)).toBeNull();
  });

  it('reads a valid ?id= only', () => {
    expect(idOf('?id=12')).toBe(12);
    for (const bad of ['', '?id=', '?id=0', '?id=-1', '?id=1.5', '?id=abc', '?id=99999999999'])
      expect(idOf(bad)).toBeNull();
    expect(classHref(5)).toBe('/userCenter/myProjectInfo?id=5');
  });
});

describe('the class fee and sessions', () => {
  it('offers pay, continue paying or nothing', () => {
    expect(feeAction({ fee_state: 'none', order: null })).toBeNull();
    expect(feeAction({ fee_state: 'paid', order: { order_no: '1', state: 'paid' } })).toBeNull();
    expect(feeAction({ fee_state: 'unpaid', order: null })).toBe('pay');
    expect(feeAction({ fee_state: 'unpaid', order: { order_no: '1', state: 'pending' } })).toBe(
      'continuePay',
    );
    expect(feeAction({ fee_state: 'unpaid', order: { order_no: '1', state: 'closed' } })).toBe('pay');
  });

  it('opens check-in 30 minutes before a session and closes it at the end', () => {
    const session = { starts_at: '2026-05-01T01:00:00.000Z', ends_at: '2026-05-01T03:00:00.000Z' };
    const at = (iso: string) => sessionPhase(session, Date.parse(iso));
    expect(at('2026-05-01T00:29:59.000Z')).toBe('upcoming');
    expect(at('2026-05-01T00:30:00.000Z')).toBe('open');
    expect(at('2026-05-01T02:59:59.000Z')).toBe('open');
    expect(at('2026-05-01T03:00:00.000Z')).toBe('ended');
  });
});

describe("a program's next step", () => {
  it('goes to the course, the class, the plan, the application or the scores', () => {
    expect(nextStepHref({ kind: 'course', target_id: 4, title: '' })).toBe('/courseDetail?id=4');
    expect(nextStepHref({ kind: 'class', target_id: 7, title: '' })).toBe('/userCenter/myProjectInfo?id=7');
    expect(nextStepHref({ kind: 'enrol', target_id: 9, title: '' })).toBe('/enroll?id=9');
    expect(nextStepHref({ kind: 'enrol', target_id: null, title: '' })).toBeNull();
    expect(nextStepHref({ kind: 'pay', target_id: 3, title: '' })).toBe('/userCenter/myEnrollInfo?id=3');
    expect(nextStepHref({ kind: 'exam', target_id: 3, title: '' })).toBe('/userCenter/myEnrollInfo?id=3');
    expect(nextStepHref({ kind: 'done', target_id: null, title: 'X' })).toBe('/userCenter/achievementQuery');
  });
});
