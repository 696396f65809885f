// Taking and freeing a seat in a class: the one place a member row is added, reactivated or removed, used by
// the learner's join (code or link), the staff's add and import, and removal. The seat is taken by a guarded
// counter update in the caller's transaction, so concurrent joins never pass the capacity, and the unique
// (class, learner) row makes a second join of the same learner answer the membership it already has.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  classCourses,
  classMembers,
  courseLearners,
  learnerPrograms,
  trainingClasses,
  trainingProjects,
} from '../db/schema/index.ts';
import { conflict } from '../errors.ts';
import type { ClassRow } from './scope.ts';

export type MemberRow = typeof classMembers.$inferSelect;
export type MemberSource = 'code' | 'link' | 'admin' | 'import';

export const CLASS_FULL_MESSAGE = '班级名额已满';

export interface SeatOutcome {
  member: MemberRow;
  /** false when the learner was already an active member (nothing changed). */
  added: boolean;
}

/**
 * Seats `learnerId` in the class: a new member row, or the removed one made active again. Takes one seat
 * (409 `班级名额已满` when none is left) and makes the member follow the project's program. A free class
 * gives its courses at once (course_learners source 'class'; a course they already have is kept as it is);
 * a class with a fee seats the member with the fee unpaid, and the caller makes the order. Must run inside
 * a transaction.
 */
export async function takeSeat(
  tx: Tx,
  klass: ClassRow,
  learnerId: number,
  source: MemberSource,
): Promise<SeatOutcome> {
  const [existing] = await tx
    .select()
    .from(classMembers)
    .where(and(eq(classMembers.classId, klass.id), eq(classMembers.learnerId, learnerId)))
    .for('update')
    .limit(1);
  if (existing?.state === 'active') return { member: existing, added: false };

  const seated = await tx
    .update(trainingClasses)
    .set({ enrolledCount: sql`${trainingClasses.enrolledCount} + 1` })
    .where(
      and(
        eq(trainingClasses.id, klass.id),
        sql`${trainingClasses.enrolledCount} < ${trainingClasses.capacity}`,
      ),
    )
    .returning({ id: trainingClasses.id });
  if (seated.length === 0) throw conflict(CLASS_FULL_MESSAGE);

  const feeState = klass.feeFen > 0 ? 'unpaid' : 'none';
  let member: MemberRow | undefined;
  if (existing) {
    [member] = await tx
      .update(classMembers)
      .set({
        state: 'active',
        source,
        feeState: existing.feeState === 'paid' ? 'paid' : feeState,
        joinedAt: new Date(),
        removedAt: null,
        removedReason: '',
        removedBy: null,
      })
      .where(eq(classMembers.id, existing.id))
      .returning();
  } else {
    // A concurrent first join of the same learner waits on the unique key and then finds no row to insert.
    [member] = await tx
      .insert(classMembers)
      .values({ classId: klass.id, learnerId, source, feeState })
      .onConflictDoNothing()
      .returning();
    if (!member) {
      // The other join won: give the seat back and answer its membership.
      await tx
        .update(trainingClasses)
        .set({ enrolledCount: sql`${trainingClasses.enrolledCount} - 1` })
        .where(eq(trainingClasses.id, klass.id));
      const [theirs] = await tx
        .select()
        .from(classMembers)
        .where(and(eq(classMembers.classId, klass.id), eq(classMembers.learnerId, learnerId)))
        .limit(1);
      return { member: theirs!, added: false };
    }
  }
  // A class with a fee gives its courses once the fee is paid (the payment's notify calls grantClassCourses).
  if (member!.feeState !== 'unpaid') await grantClassCourses(tx, klass.id, [learnerId]);
  await followProjectProgram(tx, klass.projectId, learnerId);
  return { member: member!, added: true };
}

/** Frees the member's seat (state removed, with the reason); their records stay. */
export async function freeSeat(
  tx: Tx,
  member: MemberRow,
  reason: string,
  adminId: number | null,
): Promise<void> {
  if (member.state !== 'active') return;
  await tx
    .update(classMembers)
    .set({ state: 'removed', removedAt: new Date(), removedReason: reason, removedBy: adminId })
    .where(eq(classMembers.id, member.id));
  await tx
    .update(trainingClasses)
    .set({ enrolledCount: sql`greatest(${trainingClasses.enrolledCount} - 1, 0)` })
    .where(eq(trainingClasses.id, member.classId));
}

/**
 * Gives learners the class's courses (course_learners source 'class'), keeping any course they already have.
 * Also called for every active member when a course is added to a class.
 */
export async function grantClassCourses(
  tx: Tx,
  classId: number,
  learnerIds: readonly number[],
): Promise<void> {
  if (learnerIds.length === 0) return;
  const courseRows = await tx
    .select({ courseId: classCourses.courseId })
    .from(classCourses)
    .where(eq(classCourses.classId, classId));
  const values = courseRows.flatMap(({ courseId }) =>
    learnerIds.map((learnerId) => ({ courseId, learnerId, source: 'class' })),
  );
  if (values.length > 0) await tx.insert(courseLearners).values(values).onConflictDoNothing();
}

/** A member of a class whose project is on a program follows that program. */
async function followProjectProgram(tx: Tx, projectId: number, learnerId: number): Promise<void> {
  const [project] = await tx
    .select({ programId: trainingProjects.programId })
    .from(trainingProjects)
    .where(eq(trainingProjects.id, projectId))
    .limit(1);
  if (project?.programId == null) return;
  await tx.insert(learnerPrograms).values({ learnerId, programId: project.programId }).onConflictDoNothing();
}
