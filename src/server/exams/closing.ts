// Closing online exam attempts (issue 22): by the candidate's submit, by the close job at deadline + grace,
// and by the sweep that catches attempts whose job was lost. An abandoned or disconnected attempt is graded
// on the answers it holds, never scored 0 because its last click failed.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { examAttempts, onlineExams } from '../db/schema/index.ts';
import { rowsOf } from '../lib/db-queries.ts';
import { gradeAttempt } from './grading.ts';

export type ClosedBy = 'candidate' | 'deadline' | 'invigilator';

/** When answers stop counting: the deadline plus the exam's grace. */
export const acceptUntil = (deadlineAt: Date, graceSeconds: number) =>
  new Date(deadlineAt.getTime() + graceSeconds * 1000);

/** Closes an open attempt (submitted by the candidate, else closed) and grades it; a closed one is left. */
export async function closeAttempt(
  tx: DbOrTx,
  attemptId: number,
  closedBy: ClosedBy,
  now = new Date(),
): Promise<boolean> {
  const [row] = await tx
    .select({ state: examAttempts.state })
    .from(examAttempts)
    .where(eq(examAttempts.id, attemptId))
    .for('update');
  if (!row || row.state !== 'open') return false;
  await tx
    .update(examAttempts)
    .set({
      state: closedBy === 'candidate' ? 'submitted' : 'closed',
      closedAt: now,
      closedBy,
      updatedAt: now,
    })
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.state, 'open')));
  await gradeAttempt(tx, attemptId);
  return true;
}

/** Closes (at the deadline) every open attempt past deadline + grace, each in its own transaction. */
export async function closeOverdueAttempts(
  db: DbOrTx,
  { examId, now = new Date(), limit = 200 }: { examId?: number; now?: Date; limit?: number } = {},
): Promise<number> {
  const due = rowsOf<{ id: number }>(
    await db.execute(sql`
      select a.id from ${examAttempts} a join ${onlineExams} e on e.id = a.online_exam_id
      where a.state = 'open'
        and a.deadline_at + e.grace_seconds * interval '1 second' <= ${now.toISOString()}::timestamptz
        ${examId === undefined ? sql`` : sql`and a.online_exam_id = ${examId}`}
      order by a.deadline_at limit ${limit}`),
  );
  let closed = 0;
  for (const { id } of due) {
    if (await db.transaction((tx) => closeAttempt(tx, id, 'deadline', now))) closed += 1;
  }
  return closed;
}
