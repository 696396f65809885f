// The learner's training (issue 24): their classes (kept on the device like tickets and scores), joining one
// by code or invitation link, a class as its members see it, the class fee (the order, then straight to the
// gateway, as a course is bought), the session check-in from the QR link, the completion certificate, and
// the programs they follow.
import type { Answer } from '../../../shared/api/answers.ts';
import { withRefusal } from '../../../shared/api/answers.ts';
import { checkInAnswer } from '../../../shared/attendance/schema.ts';
import {
  myClassAnswer,
  myClassDetailAnswer,
  myClassListAnswer,
  myProgramAnswer,
  myProgramListAnswer,
  programListAnswer,
  type JoinClassInput,
} from '../../../shared/my-training/schema.ts';
import { orderAnswer, payAnswer } from '../../../shared/payments/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';
import { downloadPrivateFile } from '../../lib/uploads/use-private-file.ts';

export type { MyClass, MyClassDetail, MyProgram, ProgramCard } from '../../../shared/my-training/schema.ts';

const LEARNER = { apiType: 'learners' as const };

/** GET /v1/user/classes (myProject), first page as the offline prefetch stores it. */
export const myClassesQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<Answer<typeof myClassListAnswer>> => ({
  key: `my-classes:${query.page}:${query.limit}`,
  fetch: () => learnerGet('/v1/user/classes', myClassListAnswer, query),
});

/** GET /v1/learner/classes/:id (myProjectInfo), kept on the device. */
export const myClassQuery = (id: number): LearnerQuery<Answer<typeof myClassDetailAnswer>> => ({
  key: `my-class:${id}`,
  fetch: () => learnerGet(`/v1/learner/classes/${id}`, myClassDetailAnswer),
});

export const myProgramsQuery: LearnerQuery<Answer<typeof myProgramListAnswer>> = {
  key: 'my-programs',
  fetch: () => learnerGet('/v1/learner/programs', myProgramListAnswer),
};

export function fetchAvailablePrograms(query: { page: number; limit: number }) {
  return api.get('/v1/learner/programs/available', programListAnswer, { ...LEARNER, params: query });
}

export function followProgram(id: number) {
  return api.post(`/v1/learner/programs/${id}/follow`, myProgramAnswer, undefined, LEARNER);
}

/** Joins by code: the class card, or a 403003 refusal (outside the class's enrolment) the page shows. */
export function joinClass(input: JoinClassInput) {
  return api.post('/v1/learner/classes/join', withRefusal(myClassAnswer), input, LEARNER);
}

/** The class fee: its order (the live one or a new one), then the payment at the gateway (the pay URL). */
export async function payForClass(id: number) {
  const order = await api.post(`/v1/learner/classes/${id}/order`, orderAnswer, undefined, LEARNER);
  return api.post(`/v1/orders/${encodeURIComponent(order.order_no)}/pay`, payAnswer, undefined, LEARNER);
}

/**
 * Checks in to a session with the QR link's code: present/late, or a refusal (403003 outside the
 * session's check-in time). Quiet: the page says itself what went wrong (an expired code: scan again).
 */
export function checkIn(sessionId: number, code: string) {
  return api.post(
    `/v1/learner/class-sessions/${sessionId}/check-in`,
    withRefusal(checkInAnswer),
    { code },
    {
      ...LEARNER,
      silent: true,
    },
  );
}

/** The learner's completion certificate of a class (PDF). */
export function downloadCompletion(classId: number, fileName: string) {
  return downloadPrivateFile(`/api/v1/learner/classes/${classId}/completion.pdf`, fileName);
}
