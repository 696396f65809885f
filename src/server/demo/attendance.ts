// Demo class records (after the training and class-member demos): attendance in the free open class's
// sessions already held (the demo learner present at each, the other members a mix of present, late,
// absent and excused), and the finished class's members present at every session and completed, each with
// a completion number and verify token, confirmed by the demo manager.
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  administrators,
  classAttendance,
  classMembers,
  classSessions,
  learners,
  trainingClasses,
} from '../db/schema/index.ts';
import { completionNumber, takeCompletionSerials } from '../completion/service.ts';
import { newVerifyToken } from '../http/public-links.ts';
import { chinaYear } from '../lib/dates.ts';
import { DEMO_CLASSES } from './training.ts';

const OTHERS_STATUSES = ['present', 'late', 'present', 'absent', 'present', 'excused'] as const;

async function classByName(db: Db, name: string) {
  const [row] = await db.select().from(trainingClasses).where(eq(trainingClasses.name, name)).limit(1);
  return row;
}

async function activeMembers(db: Db, classId: number) {
  return db
    .select({ id: classMembers.id, learnerId: classMembers.learnerId, completedAt: classMembers.completedAt })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.state, 'active')))
    .orderBy(asc(classMembers.id));
}

export async function seedAttendanceDemo(db: Db): Promise<void> {
  const free = await classByName(db, DEMO_CLASSES.free);
  const finished = await classByName(db, DEMO_CLASSES.finished);
  const [learner] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.username, 'learner'));
  const [manager] = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(eq(administrators.username, 'manager'));
  if (!free || !finished || !learner) return;
  const now = new Date();

  // The free class: the sessions held so far.
  const held = await db
    .select()
    .from(classSessions)
    .where(and(eq(classSessions.classId, free.id), lt(classSessions.endsAt, now)))
    .orderBy(asc(classSessions.startsAt));
  const members = await activeMembers(db, free.id);
  const rows = held.flatMap((session) =>
    members.map((member, i) => {
      const status =
        member.learnerId === learner.id ? 'present' : OTHERS_STATUSES[i % OTHERS_STATUSES.length]!;
      const attended = status === 'present' || status === 'late';
      const minutes = status === 'late' ? 18 : 3 + (i % 5);
      return {
        sessionId: session.id,
        classId: free.id,
        learnerId: member.learnerId,
        status,
        method: member.learnerId === learner.id ? 'qr' : 'staff',
        checkedInAt: attended ? new Date(session.startsAt.getTime() + minutes * 60_000) : null,
        markedBy: member.learnerId === learner.id ? null : (manager?.id ?? null),
        note: status === 'excused' ? '事假' : '',
      };
    }),
  );
  if (rows.length > 0) await db.insert(classAttendance).values(rows).onConflictDoNothing();

  // The finished class: everyone attended and completed.
  const sessions = await db.select().from(classSessions).where(eq(classSessions.classId, finished.id));
  const graduates = await activeMembers(db, finished.id);
  if (graduates.length === 0) return;
  await db
    .insert(classAttendance)
    .values(
      sessions.flatMap((session) =>
        graduates.map((member) => ({
          sessionId: session.id,
          classId: finished.id,
          learnerId: member.learnerId,
          status: 'present',
          method: 'qr',
          checkedInAt: new Date(session.startsAt.getTime() + 5 * 60_000),
        })),
      ),
    )
    .onConflictDoNothing();
  const pending = graduates.filter((m) => m.completedAt === null);
  if (pending.length === 0) return;
  const completedAt = new Date(`${finished.endsOn}T10:00:00+08:00`);
  const year = chinaYear(completedAt);
  await db.transaction(async (tx) => {
    const first = await takeCompletionSerials(tx, year, pending.length);
    for (const [i, member] of pending.entries()) {
      await tx
        .update(classMembers)
        .set({
          completedAt,
          completedBy: manager?.id ?? null,
          completionNo: completionNumber(year, finished.id, first + i),
          completionVerifyToken: newVerifyToken(),
        })
        .where(and(eq(classMembers.id, member.id), isNull(classMembers.completedAt)));
    }
  });
}
