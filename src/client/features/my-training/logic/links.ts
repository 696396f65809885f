// What the class and program pages read from their address and where they send the learner: the
// invitation link's `?join=`, the QR link's `?checkin=<sessionId>.<code>`, the class's fee action, a
// session's phase and a program's next step.
import type { MyClass, MyProgram } from '../../../../shared/my-training/schema.ts';

export const MY_PROJECT_PATH = '/userCenter/myProject';
export const classHref = (id: number) => `/userCenter/myProjectInfo?id=${id}`;
export const videoHref = (lessonId: number) => `/video?id=${lessonId}`;
export const courseHref = (courseId: number) => `/courseDetail?id=${courseId}`;

/** The join code of an invitation link (`?join=`), as the join field takes it; null without one. */
export function joinCodeOf(search: string): string | null {
  const code = new URLSearchParams(search).get('join')?.replace(/\s+/g, '').toUpperCase();
  return code ? code.slice(0, 32) : null;
}

/** `?checkin=<sessionId>.<code>` of the QR link; null when absent or malformed. */
export function checkInOf(search: string): { sessionId: number; code: string } | null {
  const value = new URLSearchParams(search).get('checkin');
  const match = value?.match(/^(\d{1,10})\.([0-9a-zA-Z]{1,64})$/);
  if (!match) return null;
  const sessionId = Number(match[1]);
  return Number.isSafeInteger(sessionId) && sessionId > 0 ? { sessionId, code: match[2]! } : null;
}

/** The `?id=` of the address when it is a valid id. */
export function idOf(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The fee action of a class card: pay, go on paying a pending order, or none. */
export function feeAction(klass: Pick<MyClass, 'fee_state' | 'order'>): 'pay' | 'continuePay' | null {
  if (klass.fee_state !== 'unpaid') return null;
  return klass.order?.state === 'pending' ? 'continuePay' : 'pay';
}

export type SessionPhase = 'upcoming' | 'open' | 'ended';

/** Before check-in opens, while it is open (from 30 min before the start to the end), or over. */
export function sessionPhase(
  session: { starts_at: string; ends_at: string },
  now: number,
  checkInOpensBeforeMs = 30 * 60_000,
): SessionPhase {
  if (now >= Date.parse(session.ends_at)) return 'ended';
  if (now >= Date.parse(session.starts_at) - checkInOpensBeforeMs) return 'open';
  return 'upcoming';
}

/** Where a program's next step is taken. */
export function nextStepHref(step: MyProgram['next_step']): string | null {
  if (step.target_id === null) return step.kind === 'done' ? '/userCenter/achievementQuery' : null;
  switch (step.kind) {
    case 'course':
      return courseHref(step.target_id);
    case 'class':
      return classHref(step.target_id);
    case 'enrol':
      return `/enroll?id=${step.target_id}`;
    case 'pay':
    case 'exam':
      return `/userCenter/myEnrollInfo?id=${step.target_id}`;
    case 'done':
      return '/userCenter/achievementQuery';
  }
}
