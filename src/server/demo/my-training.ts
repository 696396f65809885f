// Demo of the learner's side of training (after the training and class-member demos): the demo `learner`
// also follows the second program by hand (the first comes with the free class's project), so myProgram
// shows one track with a class and one without.
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { learnerPrograms, learners, programs } from '../db/schema/index.ts';

export async function seedMyTrainingDemo(db: Db): Promise<void> {
  const [learner] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.username, 'learner'));
  if (!learner) return;
  const followed = await db
    .select({ programId: learnerPrograms.programId })
    .from(learnerPrograms)
    .where(eq(learnerPrograms.learnerId, learner.id));
  const ids = followed.map((row) => row.programId);
  const [other] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.enabled, true), ids.length ? notInArray(programs.id, ids) : undefined))
    .orderBy(programs.id)
    .limit(1);
  if (!other) return;
  await db
    .insert(learnerPrograms)
    .values({ learnerId: learner.id, programId: other.id })
    .onConflictDoNothing();
}
