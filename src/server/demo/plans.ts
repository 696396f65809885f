// Demo data of the registration chain, created through the same services as the API: exam plans in
// every state across both demo colleges (dates relative to today, so the demo stays live), portal
// banners, complete profiles with a 2-inch photo, enrolments (learner: one paid through the sandbox
// gateway, one awaiting review; learner2: one awaiting review) and the resulting order.
// Plans whose window lies in the past are walked through their states with a simulated clock.
import { eq, inArray } from 'drizzle-orm';
import type { AdministratorType } from '../../shared/api/constants.ts';
import {
  planInputSchema,
  skillLevelLabel,
  type PlanAction,
  type PlanInput,
} from '../../shared/plans/schema.ts';
import type { UploadKind } from '../../shared/uploads/schema.ts';
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
import { createBanner, createPlan, transitionPlan } from '../plans/service.ts';
import { updateProfile } from '../profile/service.ts';
import { SandboxGateway } from '../payments/sandbox.ts';
import { orderForEnrollment, payOrder, processNotify } from '../payments/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import type { FileStorage } from '../storage/service.ts';
import { saveUpload, uploadUrl } from '../uploads/service.ts';
import { chinaToday } from '../../shared/api/china-time.ts';
import { chinaDayRange } from '../lib/dates.ts';
import { demoBanner, demoPhoto, demoScan } from './images.ts';

const DAY = 24 * 3600_000;

export interface RegistrationDemoOptions {
  storage: FileStorage;
  paymentSecret: string;
}

async function adminPrincipal(db: Db, username: string): Promise<AdminPrincipal> {
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

async function learnerId(db: Db, username: string) {
  const [row] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.username, username))
    .limit(1);
  if (!row) throw new Error(`demo learner ${username} is missing`);
  return row.id;
}

async function lookup(
  db: Db,
  table:
    typeof ethnicGroups | typeof politicalAffiliations | typeof educationalBackgrounds | typeof userSources,
  name: string,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.name, name)).limit(1);
  return row?.id;
}

interface DemoPlan {
  occupation: string;
  level: number;
  college: 0 | 1;
  /** Registration window, in days from today. */
  opens: number;
  closes: number;
  /** First exam day, in days from today. */
  exam: number;
  feeFen: number;
  capacity: number;
  /** Actions walked through, in order. */
  actions: PlanAction[];
  materials?: PlanInput['required_materials'];
}

const ROUTE_TO: Record<string, PlanAction[]> = {
  draft: [],
  published: ['publish'],
  registration_closed: ['publish', 'close_registration'],
  tickets_issued: ['publish', 'close_registration', 'issue_tickets'],
  exam_held: ['publish', 'close_registration', 'issue_tickets', 'hold_exam'],
  scores_published: ['publish', 'close_registration', 'issue_tickets', 'hold_exam', 'publish_scores'],
  certificates_issued: [
    'publish',
    'close_registration',
    'issue_tickets',
    'hold_exam',
    'publish_scores',
    'issue_certificates',
  ],
  archived: [
    'publish',
    'close_registration',
    'issue_tickets',
    'hold_exam',
    'publish_scores',
    'issue_certificates',
    'archive',
  ],
};

const DEMO_PLANS: DemoPlan[] = [
  {
    occupation: '6-31-01-03',
    level: 4,
    college: 0,
    opens: -10,
    closes: 20,
    exam: 35,
    feeFen: 280_00,
    capacity: 120,
    actions: ROUTE_TO.published!,
  },
  {
    occupation: '4-04-05-01',
    level: 3,
    college: 0,
    opens: -5,
    closes: 25,
    exam: 40,
    feeFen: 450_00,
    capacity: 60,
    actions: ROUTE_TO.published!,
  },
  {
    occupation: '4-03-02-01',
    level: 5,
    college: 1,
    opens: -7,
    closes: 21,
    exam: 30,
    feeFen: 200_00,
    capacity: 80,
    actions: ROUTE_TO.published!,
  },
  {
    occupation: '4-14-01-01',
    level: 4,
    college: 1,
    opens: 5,
    closes: 35,
    exam: 50,
    feeFen: 260_00,
    capacity: 100,
    actions: ROUTE_TO.published!,
  },
  {
    occupation: '6-18-02-04',
    level: 5,
    college: 0,
    opens: 15,
    closes: 45,
    exam: 60,
    feeFen: 300_00,
    capacity: 40,
    actions: ROUTE_TO.draft!,
  },
  {
    occupation: '4-10-01-01',
    level: 5,
    college: 1,
    opens: 20,
    closes: 50,
    exam: 65,
    feeFen: 180_00,
    capacity: 50,
    actions: ROUTE_TO.draft!,
  },
  {
    occupation: '4-03-02-07',
    level: 4,
    college: 0,
    opens: -33,
    closes: -3,
    exam: 10,
    feeFen: 220_00,
    capacity: 60,
    actions: ROUTE_TO.registration_closed!,
  },
  {
    occupation: '4-12-01-01',
    level: 4,
    college: 1,
    opens: -50,
    closes: -20,
    exam: 3,
    feeFen: 350_00,
    capacity: 45,
    actions: ROUTE_TO.tickets_issued!,
  },
  {
    occupation: '4-03-02-03',
    level: 5,
    college: 0,
    opens: -45,
    closes: -15,
    exam: -5,
    feeFen: 200_00,
    capacity: 50,
    actions: ROUTE_TO.exam_held!,
  },
  {
    occupation: '4-07-05-02',
    level: 4,
    college: 1,
    opens: -70,
    closes: -40,
    exam: -30,
    feeFen: 320_00,
    capacity: 70,
    actions: ROUTE_TO.scores_published!,
  },
  {
    occupation: '4-04-04-02',
    level: 3,
    college: 0,
    opens: -100,
    closes: -70,
    exam: -60,
    feeFen: 480_00,
    capacity: 40,
    actions: ROUTE_TO.certificates_issued!,
  },
  {
    occupation: '6-18-01-01',
    level: 4,
    college: 1,
    opens: -240,
    closes: -210,
    exam: -200,
    feeFen: 260_00,
    capacity: 40,
    actions: ROUTE_TO.archived!,
  },
];

/** `hour` o'clock China time, `days` from today. */
function dayAt(days: number, hour = 9) {
  return new Date(chinaDayRange(chinaToday()).start.getTime() + days * DAY + hour * 3600_000);
}

/** The moment a past plan's action happened, for the simulated clock. */
function actionTime(plan: DemoPlan, action: PlanAction) {
  switch (action) {
    case 'publish':
      return dayAt(plan.opens, 8);
    case 'close_registration':
      return dayAt(plan.closes, 18);
    case 'issue_tickets':
      return dayAt(Math.min(plan.closes + 2, plan.exam - 1), 10);
    case 'hold_exam':
      return dayAt(plan.exam + 1, 18);
    case 'publish_scores':
      return dayAt(plan.exam + 10, 10);
    case 'issue_certificates':
      return dayAt(plan.exam + 20, 10);
    default:
      return dayAt(plan.exam + 60, 10);
  }
}

export async function seedRegistrationDemo(db: Db, options: RegistrationDemoOptions): Promise<void> {
  const manager = await adminPrincipal(db, 'manager');
  const founder = await adminPrincipal(db, 'founder');
  const colleges = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.code, ['1001', '1002']))
    .orderBy(organizations.code);
  const occupationRows = await db
    .select({ id: occupations.id, code: occupations.code, name: occupations.name })
    .from(occupations);

  // ---- banners (public images uploaded by the founder)
  const bannerSpecs = [
    {
      title: '2026 年职业技能等级认定报名进行中',
      link: '/enroll',
      colors: [
        [62, 86, 236],
        [120, 196, 255],
      ] as const,
    },
    {
      title: '电工、计算机程序设计员考前培训课程上线',
      link: '/course',
      colors: [
        [24, 144, 120],
        [150, 220, 170],
      ] as const,
    },
    {
      title: '技能人才评价政策解读',
      link: '/news',
      colors: [
        [236, 120, 62],
        [255, 210, 130],
      ] as const,
    },
  ];
  for (const [i, spec] of bannerSpecs.entries()) {
    const image = await saveUpload(db, options.storage, {
      owner: { adminId: founder.id },
      kind: 'banner',
      fileName: `banner-${i + 1}.png`,
      content: demoBanner(spec.colors[0], spec.colors[1]),
    });
    await createBanner(db, {
      title: spec.title,
      imageUrl: uploadUrl(image.id),
      link: spec.link,
      sort: i + 1,
    });
  }

  // ---- plans in every state
  const planIds: number[] = [];
  for (const spec of DEMO_PLANS) {
    const occupation = occupationRows.find((o) => o.code === spec.occupation)!;
    const college = colleges[spec.college]!;
    const values = planInputSchema.parse({
      title: `${dayAt(spec.exam).getUTCFullYear()} 年${occupation.name}（${skillLevelLabel(spec.level)}）职业技能等级认定`,
      occupation_id: occupation.id,
      level: spec.level,
      organization_id: college.id,
      registration_starts_at: dayAt(spec.opens, 8).toISOString(),
      registration_ends_at: dayAt(spec.closes, 18).toISOString(),
      fee_fen: spec.feeFen,
      capacity: spec.capacity,
      required_materials: spec.materials,
      description: `${occupation.name}职业技能等级认定，含理论知识考试和操作技能考核，两项均达到合格线者获得相应等级证书。`,
      sessions: [
        {
          kind: 'theory',
          name: '理论知识考试',
          starts_at: dayAt(spec.exam, 9).toISOString(),
          ends_at: dayAt(spec.exam, 10.5).toISOString(),
        },
        {
          kind: 'practical',
          name: '操作技能考核',
          starts_at: dayAt(spec.exam, 13.5).toISOString(),
          ends_at: dayAt(spec.exam, 16.5).toISOString(),
        },
      ],
    });
    const plan = await db.transaction((tx) => createPlan(tx, manager, null, values));
    for (const action of spec.actions) {
      const at = actionTime(spec, action);
      await db.transaction((tx) =>
        transitionPlan(tx, manager, null, plan.id, action, at < new Date() ? at : new Date()),
      );
    }
    planIds.push(plan.id);
  }

  // ---- profiles: photo and the fields createLearner left empty
  const learner = await learnerId(db, 'learner');
  const learner2 = await learnerId(db, 'learner2');
  const upload = (owner: number, kind: UploadKind, fileName: string, content: Buffer) =>
    saveUpload(db, options.storage, { owner: { learnerId: owner }, kind, fileName, content });

  const photo1 = await upload(learner, 'photo', '张伟-证件照.png', demoPhoto());
  await updateProfile(db, learner, { sex: 'male', photo_upload_id: photo1.id, avatar_upload_id: photo1.id });
  const photo2 = await upload(learner2, 'photo', '李娜-证件照.png', demoPhoto([120, 40, 60]));
  await updateProfile(db, learner2, {
    real_name: '李娜',
    sex: 'female',
    ethnic_group_id: await lookup(db, ethnicGroups, '汉族'),
    political_affiliation_id: await lookup(db, politicalAffiliations, '群众'),
    educational_background_id: await lookup(db, educationalBackgrounds, '中等职业教育/中专'),
    user_source_id: await lookup(db, userSources, '社会人员'),
    province_code: '32',
    city_code: '3205',
    area_code: '320583',
    address: '江苏省昆山市玉山镇前进中路 88 号',
    employer: '昆山悦来餐饮管理有限公司',
    email: 'lina@example.com',
    photo_upload_id: photo2.id,
  });

  const materialsFor = async (owner: number, name: string) => ({
    id_card_front: (
      await upload(owner, 'id_card_front', `${name}-身份证人像面.png`, demoScan([70, 130, 200]))
    ).id,
    id_card_back: (await upload(owner, 'id_card_back', `${name}-身份证国徽面.png`, demoScan([200, 70, 60])))
      .id,
    diploma: (await upload(owner, 'diploma', `${name}-毕业证书.png`, demoScan([160, 40, 40], 800, 560))).id,
  });

  // ---- enrolments: learner paid (电工) and awaiting review (程序设计员); learner2 awaiting review (烹调师, other college)
  const learnerMaterials = await materialsFor(learner, '张伟');
  const paid = await applyForPlan(db, {
    learnerId: learner,
    planId: planIds[0]!,
    form: { years_in_occupation: 4, employer: '南京华东机电设备有限公司' },
    materials: learnerMaterials,
  });
  await applyForPlan(db, {
    learnerId: learner,
    planId: planIds[1]!,
    form: { years_in_occupation: 6 },
    materials: learnerMaterials,
  });
  await applyForPlan(db, {
    learnerId: learner2,
    planId: planIds[2]!,
    form: { years_in_occupation: 3 },
    materials: await materialsFor(learner2, '李娜'),
  });

  await db.transaction((tx) => approveEnrollment(tx, manager, null, paid.id));
  const { order } = await orderForEnrollment(db, learner, paid.id);
  const sandbox = new SandboxGateway(options.paymentSecret);
  const payment = await payOrder(db, sandbox, learner, order.orderNo);
  const notify = await sandbox.confirm(db, payment.trade_no);
  const verified = sandbox.verifyNotify(notify);
  if (verified.ok) await processNotify(db, sandbox.name, verified.event, verified.payload);
}
