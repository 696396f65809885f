// The close job of an online exam attempt: queued at start for deadline + grace, in the start's transaction.
// It closes and grades the attempt if still open (a clock that runs early queues it again for the right
// time), then sweeps any other attempt past its deadline + grace whose job was lost.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { examAttempts, onlineExams } from '../db/schema/index.ts';
import { defineJob, enqueueJob } from '../jobs/service.ts';
import { acceptUntil, closeAttempt, closeOverdueAttempts } from './closing.ts';

export const closeAttemptJob = defineJob({
  kind: 'exams.close-attempt',
  payload: z.object({ attempt_id: z.number().int() }),
  async run(app, { attempt_id: attemptId }) {
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          state: examAttempts.state,
          deadlineAt: examAttempts.deadlineAt,
          graceSeconds: onlineExams.graceSeconds,
        })
        .from(examAttempts)
        .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
        .where(eq(examAttempts.id, attemptId));
      if (!row || row.state !== 'open') return;
      const due = acceptUntil(row.deadlineAt, row.graceSeconds);
      if (due.getTime() > Date.now()) {
        await enqueueJob(tx, closeAttemptJob, { attempt_id: attemptId }, { runAt: due });
        return;
      }
      await closeAttempt(tx, attemptId, 'deadline');
    });
    await closeOverdueAttempts(app.db);
  },
});
