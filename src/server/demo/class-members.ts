// Demo members of the training classes (after the training demo made them): the demo `learner` in the free
// open class of 江南职业技术学院 and in the finished class, eight more students of the college in the free
// class (two of them added by import, one removed with a reason), and a notice to the free class. `learner2`
// stays in no class. The classes are found by their state and fee, so the training demo may name them freely.
import { and, asc, eq, gt } from 'drizzle-orm';
import { idCardCheckChar } from '../../shared/auth/id-card.ts';
import { createLearner } from '../accounts/service.ts';
import type { Db } from '../db/client.ts';
import { classMembers, classNotices, learners, organizations, trainingClasses } from '../db/schema/index.ts';
import { sendNotifications } from '../notifications/service.ts';
import { freeSeat, takeSeat } from '../training/service.ts';

const STUDENTS = ['王强', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰', '吴芳'] as const;

async function firstClass(db: Db, state: string, paid: boolean) {
  const [row] = await db
    .select()
    .from(trainingClasses)
    .where(
      and(
        eq(trainingClasses.state, state),
        paid ? gt(trainingClasses.feeFen, 0) : eq(trainingClasses.feeFen, 0),
      ),
    )
    .orderBy(asc(trainingClasses.id))
    .limit(1);
  return row;
}

export async function seedClassMembersDemo(db: Db, password: string): Promise<void> {
  const free = await firstClass(db, 'open', false);
  const finished = (await firstClass(db, 'finished', false)) ?? (await firstClass(db, 'finished', true));
  const [learner] = await db.select().from(learners).where(eq(learners.username, 'learner'));
  if (!free || !learner) return;
  const [college] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, '1001'));

  const students: number[] = [];
  for (const [i, name] of STUDENTS.entries()) {
    const birth = `${2000 + (i % 4)}0${i + 1}15`;
    const first17 = `320102${birth}${String(101 + i * 2)}`;
    const row = await createLearner(db, {
      username: `student${String(i + 1).padStart(2, '0')}`,
      password,
      phone: `1365588${String(i + 1).padStart(4, '0')}`,
      idCard: `${first17}${idCardCheckChar(first17)}`,
      realName: name,
      organizationId: college?.id ?? null,
    });
    students.push(row.id);
  }

  await db.transaction(async (tx) => {
    await takeSeat(tx, free, learner.id, 'link');
    for (const [i, id] of students.entries()) await takeSeat(tx, free, id, i < 2 ? 'import' : 'admin');
    const [leaving] = await tx
      .select()
      .from(classMembers)
      .where(and(eq(classMembers.classId, free.id), eq(classMembers.learnerId, students.at(-1)!)));
    if (leaving) await freeSeat(tx, leaving, '工作调动，转入下期班级', null);
    if (finished) await takeSeat(tx, finished, learner.id, 'code');

    const title = '开班通知';
    const body = '欢迎加入本班！请按课表准时参加面授课，课前 30 分钟起可扫码签到；线上课程请在结业前完成。';
    await tx.insert(classNotices).values({ classId: free.id, title, body });
    const active = await tx
      .select({ learnerId: classMembers.learnerId })
      .from(classMembers)
      .where(and(eq(classMembers.classId, free.id), eq(classMembers.state, 'active')));
    await sendNotifications(
      tx,
      active.map((m) => ({
        learnerId: m.learnerId,
        kind: 'class_notice' as const,
        title: `【${free.name}】${title}`,
        body,
        link: `/userCenter/myProjectInfo?id=${free.id}`,
      })),
    );
  });
}
