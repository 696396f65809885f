// Answer saves and heartbeats of an online exam for the kill tests (issue 22 joins issue 21's bursts):
// the candidates of a plan get admission tickets and an open online exam (scripts/bench/exam-fixture.ts),
// start their attempts over HTTP, then send answer saves (each question answered, some of them changed to a
// second version) and heartbeats while a process is killed. The checks read the database: an acknowledged
// save is held (its version or a newer one), and once every save has been replayed with its SAME key each
// question holds the device's last version and answer, applied at most once per version sent.
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { openExamOn, ticketsFor } from '../../scripts/bench/exam-fixture.ts';
import type { Db } from '../../src/server/db/client.ts';
import { administrators, attemptAnswers, enrollments, learners } from '../../src/server/db/schema/index.ts';
import { answerablesOf, drawnPaperSchema } from '../../src/shared/exams/drawn-paper.ts';
import { isSuccess, send, type Outcome } from './kill.ts';
import type { TestLearner } from './enrollments.ts';

export interface ExamCandidate extends TestLearner {
  ticketNo: string;
  idNumber: string;
  attemptId: number;
  /** Answerable question ids of the drawn paper with their option keys. */
  items: { id: number; keys: string[]; essay: boolean }[];
}

export type ExamWrite =
  | {
      kind: 'save';
      who: ExamCandidate;
      key: string;
      questionId: number;
      version: number;
      answer: { choices: string[]; text: string };
      /** When the device recorded it: fixed, so a replay sends the very same body under its key. */
      at: string;
    }
  | { kind: 'heartbeat'; who: ExamCandidate };

/** Tickets for the plan's enrolments and an open online exam on it (server down or not: plain writes). */
export async function prepareExam(db: Db, planId: number) {
  const rows = await db
    .select({ id: enrollments.id, learnerId: enrollments.learnerId, idCard: learners.idCard })
    .from(enrollments)
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .where(eq(enrollments.planId, planId));
  const tickets = await ticketsFor(
    db,
    rows.map((r) => r.id),
  );
  const [manager] = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(eq(administrators.username, 'manager'));
  const examId = await openExamOn(db, planId, manager!.id);
  const byLearner = new Map(
    rows.map((r) => [r.learnerId, { ticketNo: tickets.get(r.id)!, idNumber: r.idCard }]),
  );
  return { examId, byLearner };
}

/** Each candidate starts the exam over HTTP (identity check + draw). */
export async function startAttempts(
  base: string,
  examId: number,
  who: readonly TestLearner[],
  identity: Map<number, { ticketNo: string; idNumber: string }>,
): Promise<ExamCandidate[]> {
  return Promise.all(
    who.map(async (learner) => {
      const { ticketNo, idNumber } = identity.get(learner.id)!;
      let started: Outcome | undefined;
      for (let tries = 0; tries < 10; tries++) {
        started = await send(base, {
          method: 'POST',
          path: `/api/v1/learner/exams/${examId}/start`,
          token: learner.token,
          body: { ticket_no: ticketNo, id_number: idNumber },
        });
        if (isSuccess(started)) break;
      }
      expect(started!.status, JSON.stringify(started!.body)).toBe(200);
      const paper = drawnPaperSchema.parse(started!.body.paper);
      const items = paper.questions.flatMap((q) =>
        answerablesOf(q).map((item) => ({
          id: item.question_id,
          keys: item.options.map((o) => o.key),
          essay: item.type === 'essay',
        })),
      );
      return { ...learner, ticketNo, idNumber, attemptId: Number(started!.body.id), items };
    }),
  );
}

/**
 * Per candidate: `questions` answers at version 1, the first two changed again at version 2, and two
 * heartbeats, interleaved so that the kill lands among all of them.
 */
export function examWrites(candidates: readonly ExamCandidate[], questions = 4): ExamWrite[] {
  const writes: ExamWrite[] = [];
  for (const who of candidates) {
    const save = (index: number, version: number): ExamWrite => {
      const item = who.items[index]!;
      const answer = item.essay
        ? { choices: [], text: `考生 ${who.id} 第 ${version} 稿` }
        : { choices: [item.keys[version % item.keys.length]!], text: '' };
      return {
        kind: 'save',
        who,
        key: `answer-${who.attemptId}-${item.id}-${version}`,
        questionId: item.id,
        version,
        answer,
        at: new Date().toISOString(),
      };
    };
    writes.push(save(0, 1), { kind: 'heartbeat', who }, save(1, 1));
    for (let i = 2; i < questions; i++) writes.push(save(i, 1));
    writes.push(save(0, 2), { kind: 'heartbeat', who }, save(1, 2));
  }
  return writes;
}

export function sendExamWrite(base: string, w: ExamWrite): Promise<Outcome> {
  return w.kind === 'heartbeat'
    ? send(base, {
        method: 'POST',
        path: `/api/v1/learner/attempts/${w.who.attemptId}/heartbeat`,
        token: w.who.token,
      })
    : send(base, {
        method: 'PUT',
        path: `/api/v1/learner/attempts/${w.who.attemptId}/answers`,
        token: w.who.token,
        key: w.key,
        body: {
          device_now: w.at,
          answers: [{ question_id: w.questionId, answer: w.answer, version: w.version, recorded_at: w.at }],
        },
      });
}

async function heldAnswers(db: Db, candidates: readonly ExamCandidate[]) {
  const rows = await db
    .select()
    .from(attemptAnswers)
    .where(
      inArray(
        attemptAnswers.attemptId,
        candidates.map((c) => c.attemptId),
      ),
    );
  return new Map(rows.map((r) => [`${r.attemptId}:${r.questionId}`, r]));
}

/** Every save answered 200 is held: its version, or a newer one the device sent. */
export async function expectAcknowledgedSavesHeld(
  db: Db,
  writes: readonly ExamWrite[],
  outcomes: Map<ExamWrite, Outcome>,
) {
  const held = await heldAnswers(db, [...new Set(writes.map((w) => w.who))]);
  for (const w of writes) {
    if (w.kind !== 'save' || !isSuccess(outcomes.get(w)!)) continue;
    const row = held.get(`${w.who.attemptId}:${w.questionId}`);
    expect(row, `acknowledged answer ${w.key}`).toBeDefined();
    expect(row!.version, `acknowledged answer ${w.key}`).toBeGreaterThanOrEqual(w.version);
  }
}

/** After the replays: each question holds the last version and answer, each version applied at most once. */
export async function expectEveryAnswerOnce(db: Db, writes: readonly ExamWrite[]) {
  const saves = writes.filter((w): w is Extract<ExamWrite, { kind: 'save' }> => w.kind === 'save');
  const held = await heldAnswers(db, [...new Set(saves.map((w) => w.who))]);
  const last = new Map<string, (typeof saves)[number]>();
  const versions = new Map<string, number>();
  for (const w of saves) {
    const id = `${w.who.attemptId}:${w.questionId}`;
    if ((last.get(id)?.version ?? 0) < w.version) last.set(id, w);
    versions.set(id, (versions.get(id) ?? 0) + 1);
  }
  expect(held.size).toBe(last.size);
  for (const [id, w] of last) {
    const row = held.get(id);
    expect(row, `answer ${id}`).toMatchObject({ version: w.version, answer: w.answer });
    // Each version applies at most once; a version that arrived after a newer one is stale (not applied).
    expect(row!.appliedCount, `applications of ${id}`).toBeLessThanOrEqual(versions.get(id)!);
    expect(row!.appliedCount).toBeGreaterThanOrEqual(1);
  }
}
