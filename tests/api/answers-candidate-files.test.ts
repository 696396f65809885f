// The answers of the candidate file, the learner's own applications and the reviewer's decisions, read
// through the shared answer schemas the client is typed and checked by: a server answer that drifts from
// its schema fails here instead of on a page.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateFileAnswer } from '../../src/shared/candidate-files/schema.ts';
import {
  collegeEnrollmentListAnswer,
  enrollmentDetailAnswer,
  enrollmentListAnswer,
} from '../../src/shared/enrollments/schema.ts';
import { reviewDetailAnswer, reviewQueueAnswer } from '../../src/shared/reviews/schema.ts';
import { scoreAnswer } from '../../src/shared/scores/schema.ts';
import { certificates, enrollments } from '../../src/server/db/schema/index.ts';
import { answerOf } from '../helpers/answers.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, learnerIdOf } from '../helpers/certificates.ts';
import { collegeIds, createLearners, occupationId, openPlan, planBody } from '../helpers/enrollments.ts';

let ctx: TestContext;
let manager: string;
let college: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  [manager, college] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

describe('answers of the candidate file', () => {
  it('a certified candidate’s file, with a score corrected after publication', async () => {
    const learnerId = await learnerIdOf(ctx, 'learner');
    const [certified] = await ctx.app.db
      .select({ planId: certificates.planId, enrollmentId: certificates.enrollmentId })
      .from(certificates)
      .where(eq(certificates.learnerId, learnerId));
    const corrected = answerOf(
      scoreAnswer,
      await call('PUT', `/v1/admin/enrollments/${certified!.enrollmentId}/score`, manager, {
        theory: 91,
        practical: 86,
        reason: '复核后更正理论成绩',
      }),
    );
    expect(corrected.theory).toBe(91);

    for (const token of [manager, college]) {
      const file = answerOf(
        candidateFileAnswer,
        await call('GET', `/v1/learner/${learnerId}/assessmentFile/${certified!.planId}`, token),
      );
      expect(file).toMatchObject({ learner_id: learnerId, enrollment_id: certified!.enrollmentId });
      expect(file.registration.learner_profile.id).toBe(learnerId);
      expect(file.registration.learner.id_card).not.toMatch(/^\d{18}$/);
      expect(file.review.state).toBe('approved');
      expect(file.certificate?.holder_name).toBe('张伟');
      expect(file.score_corrections.at(-1)).toMatchObject({
        reason: '复核后更正理论成绩',
        after: { theory: 91, practical: 86 },
      });
      expect(file.score_corrections.at(-1)?.before).not.toBeNull();
    }
  });
});

describe('answers of an application from its submission to the reviewer’s decisions', () => {
  it('applied, read by the learner, listed for the reviewer and the college, approved or rejected', async () => {
    const occupation = await occupationId(ctx.app, manager);
    const { jiangnan } = await collegeIds(ctx.app.db);
    const planId = await openPlan(ctx.app, manager, planBody(occupation, jiangnan, { capacity: 5 }));
    const applicants = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 2);
    const applied = await Promise.all(
      applicants.map(async (applicant) =>
        answerOf(
          enrollmentDetailAnswer,
          await call('POST', '/v1/enrollments', applicant.token, { plan_id: planId, form: {} }),
        ),
      ),
    );
    expect(applied.map((a) => a.state)).toEqual(['submitted', 'submitted']);

    const mine = answerOf(
      enrollmentListAnswer,
      await call('GET', '/v1/enrollments?page=1&limit=20', applicants[0]!.token),
    );
    expect(mine.data.map((e) => e.id)).toEqual([applied[0]!.id]);
    // The learner's own answers carry no learner block (it is the staff's).
    expect(mine.data[0]).not.toHaveProperty('learner');
    answerOf(
      enrollmentDetailAnswer,
      await call('GET', `/v1/enrollments/${applied[0]!.id}`, applicants[0]!.token),
    );

    const queue = answerOf(
      reviewQueueAnswer,
      await call('GET', `/v1/admin/reviews?plan_id=${planId}&page=1&limit=20`, manager),
    );
    expect(queue.data.map((e) => e.id).sort()).toEqual(applied.map((a) => a.id).sort());
    const candidates = answerOf(
      collegeEnrollmentListAnswer,
      await call('GET', `/v1/college/enrollments?plan_id=${planId}&page=1&limit=20`, college),
    );
    expect(candidates.data).toHaveLength(2);

    const approved = answerOf(
      reviewDetailAnswer,
      await call('POST', `/v1/admin/enrollments/${applied[0]!.id}/approve`, manager, {}),
    );
    expect(approved).toMatchObject({ id: applied[0]!.id, state: 'approved' });
    expect(approved.learner_profile.id).toBe(approved.learner.id);
    const rejected = answerOf(
      reviewDetailAnswer,
      await call('POST', `/v1/admin/enrollments/${applied[1]!.id}/reject`, manager, {
        reason: '证件照背景不符合要求',
      }),
    );
    expect(rejected).toMatchObject({ state: 'rejected', review_reason: '证件照背景不符合要求' });

    const cancelled = answerOf(
      enrollmentDetailAnswer,
      await call('DELETE', `/v1/enrollments/${applied[1]!.id}`, applicants[1]!.token),
    );
    expect(cancelled.state).toBe('cancelled');
    const [row] = await ctx.app.db
      .select({ state: enrollments.state })
      .from(enrollments)
      .where(and(eq(enrollments.id, applied[1]!.id), eq(enrollments.planId, planId)));
    expect(row?.state).toBe('cancelled');
  });
});
