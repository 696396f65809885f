// Demo data of the certification chain, created through the services the API uses: exam sites and rooms,
// exam staff, appraisal institutions, a dozen more candidates, and three plans walked through the whole
// chain (enrolment, payment, seats, tickets, scores, certificates) so that `learner` and `learner2` each
// hold a ticket for an upcoming exam, published scores and a certificate.
//
// Applying needs an open registration window (checked against the real clock), so the two past plans are
// created open, filled, closed, and then rescheduled into the past (plan editing allows this while
// registration is closed); later steps run with a simulated clock, as the registration demo does.
import { eq, inArray } from 'drizzle-orm';
import type { AdministratorType } from '../../shared/api/constants.ts';
import { idCardCheckChar } from '../../shared/auth/id-card.ts';
import type { StaffRole } from '../../shared/staff/schema.ts';
import { planInputSchema, skillLevelLabel, type PlanState } from '../../shared/plans/schema.ts';
import { createLearner } from '../accounts/service.ts';
import { autoAssignSeats, issueTickets, planSessions } from '../tickets/service.ts';
import { createInstitution, issueCertificates } from '../certificates/service.ts';
import type { Db } from '../db/client.ts';
import {
  administrators,
  educationalBackgrounds,
  ethnicGroups,
  learners,
  occupations,
  organizations,
  politicalAffiliations,
  userSources,
} from '../db/schema/index.ts';
import { applyForPlan } from '../enrollments/service.ts';
import { approveEnrollment } from '../reviews/service.ts';
import { createPlan, transitionPlan, updatePlan } from '../plans/service.ts';
import { createRoom, createSite } from '../rooms/service.ts';
import { assignStaff, createStaff } from '../staff/service.ts';
import { updateProfile } from '../profile/service.ts';
import { SandboxGateway } from '../payments/sandbox.ts';
import { orderForEnrollment, payOrder, processNotify } from '../payments/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { chinaToday } from '../../shared/api/china-time.ts';
import { chinaDayRange } from '../lib/dates.ts';
import { demoPhoto } from './images.ts';
import { enterScore, publishScores } from '../scores/service.ts';
import type { FileStorage } from '../storage/service.ts';
import { saveUpload } from '../uploads/service.ts';

const DAY = 24 * 3600_000;

export interface CertificationDemoOptions {
  storage: FileStorage;
  paymentSecret: string;
}

/** `hour` o'clock China time, `days` from today. */
const dayAt = (days: number, hour = 9) =>
  new Date(chinaDayRange(chinaToday()).start.getTime() + days * DAY + hour * 3600_000);
const earlier = (at: Date) => (at < new Date() ? at : new Date());

export async function adminPrincipal(db: Db, username: string): Promise<AdminPrincipal> {
  const [row] = await db.select().from(administrators).where(eq(administrators.username, username)).limit(1);
  if (!row) throw new Error(`demo administrator ${username} is missing`);
  return {
    kind: 'administrators',
    tokenId: 0,
    id: row.id,
    username: row.username,
    realName: row.realName,
    administratorType: row.administratorType as AdministratorType,
    organizationId: row.organizationId,
    roleId: null,
  };
}

const SITES = [
  {
    name: '江南职业技术学院鉴定考点',
    address: '江苏省南京市江宁区龙眠大道 666 号',
    rooms: [
      { name: '第一考场（博学楼 201）', capacity: 30, rows: 5, cols: 6 },
      { name: '第二考场（博学楼 202）', capacity: 30, rows: 5, cols: 6 },
      { name: '实操考场（电工实训车间）', capacity: 20, rows: 4, cols: 5 },
    ],
  },
  {
    name: '滨海技师学院鉴定考点',
    address: '江苏省连云港市海州区朝阳东路 18 号',
    rooms: [
      { name: '101 标准化考场', capacity: 40, rows: 5, cols: 8 },
      { name: '茶艺实训室', capacity: 16, rows: 4, cols: 4 },
    ],
  },
];

const STAFF: { name: string; phone: string; role: StaffRole; certificateNo: string; college: 0 | 1 }[] = [
  { name: '王建国', phone: '13770010001', role: 'invigilator', certificateNo: '', college: 0 },
  { name: '孙丽', phone: '13770010002', role: 'invigilator', certificateNo: '', college: 0 },
  { name: '赵强', phone: '13770010003', role: 'examiner', certificateNo: 'KPY3201202300117', college: 0 },
  { name: '钱敏', phone: '13770010004', role: 'examiner', certificateNo: 'KPY3201202200342', college: 0 },
  { name: '周涛', phone: '13770010005', role: 'supervisor', certificateNo: 'DDY3200202100026', college: 0 },
  { name: '吴婷', phone: '13770010006', role: 'invigilator', certificateNo: '', college: 1 },
  { name: '郑海', phone: '13770010007', role: 'examiner', certificateNo: 'KPY3207202300058', college: 1 },
];

/** More candidates, so rooms, sheets and lists look like an exam; several share an employer. */
const CANDIDATES = [
  { name: '王磊', sex: 'male', birth: '19930412', employer: '南京华东机电设备有限公司' },
  { name: '刘洋', sex: 'male', birth: '19970823', employer: '南京华东机电设备有限公司' },
  { name: '陈静', sex: 'female', birth: '19950105', employer: '南京华东机电设备有限公司' },
  { name: '杨帆', sex: 'male', birth: '19990317', employer: '江苏苏电工程有限公司' },
  { name: '黄敏', sex: 'female', birth: '19960728', employer: '江苏苏电工程有限公司' },
  { name: '周杰', sex: 'male', birth: '19941130', employer: '苏州工业园区信息科技有限公司' },
  { name: '吴倩', sex: 'female', birth: '20000214', employer: '苏州工业园区信息科技有限公司' },
  { name: '徐涛', sex: 'male', birth: '19920909', employer: '南京鼓楼宏达电器维修部' },
  { name: '孙悦', sex: 'female', birth: '19980601', employer: '连云港港口集团有限公司' },
  { name: '马超', sex: 'male', birth: '19910520', employer: '连云港港口集团有限公司' },
] as const;

interface ChainPlan {
  occupation: string;
  level: number;
  college: 0 | 1;
  /** Exam day, in days from today. */
  exam: number;
  target: Extract<PlanState, 'tickets_issued' | 'scores_published' | 'certificates_issued'>;
  /** Demo candidates beyond learner and learner2 (indexes into CANDIDATES). */
  others: number[];
  /** [theory, practical] per candidate in enrolment order (learner, learner2, others); null = absent. */
  marks: ([number, number] | null)[];
}

const CHAIN: ChainPlan[] = [
  {
    occupation: '6-31-01-03',
    level: 5,
    college: 0,
    exam: -45,
    target: 'certificates_issued',
    others: [0, 1, 2, 3, 4, 7],
    marks: [[86, 91], [78, 82], [72, 66], [58, 75], null, [90, 88], [64, 61], [81, 54]],
  },
  {
    occupation: '4-04-05-01',
    level: 4,
    college: 0,
    exam: -12,
    target: 'scores_published',
    others: [5, 6, 7],
    marks: [
      [82.5, 79],
      [52, 70],
      [68, 73],
      [91, 95],
      [60, 60],
    ],
  },
  {
    occupation: '4-03-02-07',
    level: 4,
    college: 1,
    exam: 12,
    target: 'tickets_issued',
    others: [8, 9, 3],
    marks: [],
  },
];

async function lookupId(
  db: Db,
  table:
    typeof ethnicGroups | typeof politicalAffiliations | typeof educationalBackgrounds | typeof userSources,
  name: string,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.name, name)).limit(1);
  return row?.id;
}

async function createCandidates(db: Db, storage: FileStorage, colleges: number[]) {
  const han = await lookupId(db, ethnicGroups, '汉族');
  const masses = await lookupId(db, politicalAffiliations, '群众');
  const college = await lookupId(db, educationalBackgrounds, '大学专科');
  const worker = await lookupId(db, userSources, '企业职工');
  const ids: number[] = [];
  for (const [i, c] of CANDIDATES.entries()) {
    const sequence = String(100 + i * 2 + (c.sex === 'male' ? 1 : 0)).padStart(3, '0');
    const first17 = `320115${c.birth}${sequence}`;
    const row = await createLearner(db, {
      username: `candidate${String(i + 1).padStart(2, '0')}`,
      password: `Demo@2026`,
      phone: `1378001${String(i + 1).padStart(4, '0')}`,
      idCard: `${first17}${idCardCheckChar(first17)}`,
      realName: c.name,
      organizationId: colleges[i < 8 ? 0 : 1] ?? null,
      profile: {
        address: '江苏省南京市江宁区天元东路 100 号',
        employer: c.employer,
        provinceCode: '32',
        cityCode: '3201',
        areaCode: '320115',
        ethnicGroupId: han ?? null,
        politicalAffiliationId: masses ?? null,
        educationalBackgroundId: college ?? null,
        userSourceId: worker ?? null,
      },
    });
    const photo = await saveUpload(db, storage, {
      owner: { learnerId: row.id },
      kind: 'photo',
      fileName: `${c.name}-证件照.png`,
      content: demoPhoto(c.sex === 'male' ? [38, 52, 96] : [120, 40, 60]),
    });
    await updateProfile(db, row.id, { sex: c.sex, photo_upload_id: photo.id });
    ids.push(row.id);
  }
  return ids;
}

/** A learner applies, is approved and pays through the sandbox gateway: the enrolment ends up paid. */
export async function enrolAndPay(
  db: Db,
  sandbox: SandboxGateway,
  reviewer: AdminPrincipal,
  planId: number,
  learnerId: number,
): Promise<number> {
  const enrollment = await applyForPlan(db, {
    learnerId,
    planId,
    form: { years_in_occupation: 3 },
    materials: {},
  });
  await db.transaction((tx) => approveEnrollment(tx, reviewer, null, enrollment.id));
  const { order } = await orderForEnrollment(db, learnerId, enrollment.id);
  await payInSandbox(db, sandbox, learnerId, order.orderNo);
  return enrollment.id;
}

/** The learner pays a pending order at the sandbox gateway, whose signed notify marks it paid. */
export async function payInSandbox(db: Db, sandbox: SandboxGateway, learnerId: number, orderNo: string) {
  const payment = await payOrder(db, sandbox, learnerId, orderNo);
  const notify = await sandbox.confirm(db, payment.trade_no);
  const verified = sandbox.verifyNotify(notify);
  if (!verified.ok) throw new Error('sandbox notify did not verify');
  await processNotify(db, sandbox.name, verified.event, verified.payload);
}

export interface FilledPlanSpec {
  title: string;
  occupationId: number;
  level: number;
  organizationId: number;
  /** Exam day (theory 9:00-10:30, practical 13:30-16:30), in days from today. */
  examDay: number;
  learnerIds: number[];
  /** Seats (default 200). */
  capacity?: number;
}

/**
 * A plan whose registration is closed with the given learners enrolled and paid. Applying needs an open
 * window, so the plan is created open; a plan whose exam lies in the past is then rescheduled there.
 */
export async function openFilledPlan(
  db: Db,
  sandbox: SandboxGateway,
  manager: AdminPrincipal,
  spec: FilledPlanSpec,
) {
  const past = spec.examDay < 0;
  const planValues = (registrationOpens: Date, registrationCloses: Date, exam: number) =>
    planInputSchema.parse({
      title: spec.title,
      occupation_id: spec.occupationId,
      level: spec.level,
      organization_id: spec.organizationId,
      registration_starts_at: registrationOpens.toISOString(),
      registration_ends_at: registrationCloses.toISOString(),
      fee_fen: 260_00,
      capacity: spec.capacity ?? 200,
      required_materials: ['photo'],
      description: '理论知识考试与操作技能考核均达到合格线（60 分）者，核发职业技能等级证书。',
      sessions: [
        {
          kind: 'theory',
          name: '理论知识考试',
          starts_at: dayAt(exam, 9).toISOString(),
          ends_at: dayAt(exam, 10.5).toISOString(),
        },
        {
          kind: 'practical',
          name: '操作技能考核',
          starts_at: dayAt(exam, 13.5).toISOString(),
          ends_at: dayAt(exam, 16.5).toISOString(),
        },
      ],
    });
  const plan = await db.transaction((tx) =>
    createPlan(
      tx,
      manager,
      null,
      planValues(dayAt(-3, 8), dayAt(past ? 1 : spec.examDay - 1, 18), past ? 3 : spec.examDay),
    ),
  );
  await db.transaction((tx) => transitionPlan(tx, manager, null, plan.id, 'publish'));
  const enrollmentIds: number[] = [];
  for (const learnerId of spec.learnerIds)
    enrollmentIds.push(await enrolAndPay(db, sandbox, manager, plan.id, learnerId));
  await db.transaction((tx) => transitionPlan(tx, manager, null, plan.id, 'close_registration'));
  if (past) {
    await db.transaction((tx) =>
      updatePlan(
        tx,
        manager,
        null,
        plan.id,
        planValues(dayAt(spec.examDay - 40, 8), dayAt(spec.examDay - 10, 18), spec.examDay),
      ),
    );
  }
  return { planId: plan.id, enrollmentIds };
}

export async function seedCertificationDemo(db: Db, options: CertificationDemoOptions): Promise<void> {
  const manager = await adminPrincipal(db, 'manager');
  const colleges = (
    await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(inArray(organizations.code, ['1001', '1002']))
      .orderBy(organizations.code)
  ).map((r) => r.id);

  // ---- sites, rooms, staff, institutions
  const roomIds: number[][] = [];
  for (const [index, spec] of SITES.entries()) {
    // Each college's own site: the college sees it, the other college does not.
    const site = await db.transaction((tx) =>
      createSite(tx, manager, null, {
        name: spec.name,
        address: spec.address,
        organization_id: colleges[index] ?? null,
      }),
    );
    const ids: number[] = [];
    for (const room of spec.rooms) {
      ids.push(
        (
          await db.transaction((tx) =>
            createRoom(tx, manager, null, { site_id: site.id, ...room, enabled: true }),
          )
        ).id,
      );
    }
    roomIds.push(ids);
  }
  const staffIds: number[] = [];
  for (const s of STAFF) {
    const row = await db.transaction((tx) =>
      createStaff(tx, manager, null, {
        name: s.name,
        phone: s.phone,
        role: s.role,
        certificate_no: s.certificateNo,
        organization_id: colleges[s.college] ?? null,
        enabled: true,
      }),
    );
    staffIds.push(row.id);
  }
  const institutions = [
    {
      name: '江南职业技术学院职业技能等级认定中心',
      code: '3201',
      province_code: '32',
      site_code: '320115',
      address: SITES[0]!.address,
      contact: '刘芳',
      phone: '025-52100000',
    },
    {
      name: '滨海技师学院技能人才评价中心',
      code: '3207',
      province_code: '32',
      site_code: '320706',
      address: SITES[1]!.address,
      contact: '郑海',
      phone: '0518-85200000',
    },
  ];
  for (const [i, inst] of institutions.entries()) {
    await db.transaction((tx) =>
      createInstitution(tx, manager, null, { ...inst, organization_id: colleges[i] ?? null, enabled: true }),
    );
  }

  // ---- candidates
  const others = await createCandidates(db, options.storage, colleges);
  const [learner, learner2] = await Promise.all(
    ['learner', 'learner2'].map(async (username) => {
      const [row] = await db
        .select({ id: learners.id })
        .from(learners)
        .where(eq(learners.username, username))
        .limit(1);
      if (!row) throw new Error(`demo learner ${username} is missing`);
      return row.id;
    }),
  );
  const sandbox = new SandboxGateway(options.paymentSecret);
  const occupationRows = await db
    .select({ id: occupations.id, code: occupations.code, name: occupations.name })
    .from(occupations);

  for (const spec of CHAIN) {
    const occupation = occupationRows.find((o) => o.code === spec.occupation)!;
    const { planId, enrollmentIds } = await openFilledPlan(db, sandbox, manager, {
      title: `${dayAt(spec.exam).getUTCFullYear()} 年${occupation.name}（${skillLevelLabel(spec.level)}）职业技能等级认定·${spec.college === 0 ? '江南' : '滨海'}考点专场`,
      occupationId: occupation.id,
      level: spec.level,
      organizationId: colleges[spec.college]!,
      examDay: spec.exam,
      learnerIds: [learner!, learner2!, ...spec.others.map((i) => others[i]!)],
    });
    const plan = { id: planId };

    // ---- seats (theory in a classroom, practical in the workshop), duties, tickets
    const rooms = roomIds[spec.college]!;
    const theoryRoom = rooms[0]!;
    const practicalRoom = rooms[rooms.length - 1]!;
    const sessions = await planSessions(db, plan.id);
    const collegeStaff = STAFF.map((s, i) => ({ ...s, id: staffIds[i]! })).filter(
      (s) => s.college === spec.college,
    );
    for (const session of sessions) {
      const roomId = session.kind === 'theory' ? theoryRoom : practicalRoom;
      await db.transaction((tx) =>
        autoAssignSeats(tx, manager, null, plan.id, {
          shuffle: true,
          room_ids: [roomId],
          session_id: session.id,
        }),
      );
      const onDuty = collegeStaff.filter(
        (s) =>
          s.role === 'supervisor' ||
          (session.kind === 'theory' ? s.role === 'invigilator' : s.role === 'examiner'),
      );
      for (const person of onDuty) {
        await db.transaction((tx) =>
          assignStaff(tx, manager, null, { staff_id: person.id, room_id: roomId, session_id: session.id }),
        );
      }
    }
    await db.transaction((tx) => issueTickets(tx, manager, null, plan.id, earlier(dayAt(spec.exam - 7, 10))));
    if (spec.target === 'tickets_issued') continue;

    // ---- the exam, scores, publication, certificates
    await db.transaction((tx) =>
      transitionPlan(tx, manager, null, plan.id, 'hold_exam', dayAt(spec.exam + 1, 18)),
    );
    for (const [i, enrollmentId] of enrollmentIds.entries()) {
      const marks = spec.marks[i] ?? null;
      await db.transaction((tx) =>
        enterScore(
          tx,
          manager,
          null,
          enrollmentId,
          marks
            ? { theory: marks[0], practical: marks[1], absent: false, cheating: false }
            : { absent: true, cheating: false },
        ),
      );
    }
    await db.transaction((tx) => publishScores(tx, manager, null, plan.id, dayAt(spec.exam + 8, 10)));
    if (spec.target === 'certificates_issued') {
      await db.transaction((tx) =>
        issueCertificates(tx, manager, null, plan.id, { letter: 'Y' }, dayAt(spec.exam + 20, 10)),
      );
    }
  }
}
