// Candidates for the benchmarks, made by the services the API uses: the demo data, then `count` learners
// with a complete profile and photo (prepareLearners: bench:heartbeat), enrolled and paid on one plan,
// seated and holding admission tickets (prepareTicketedCandidates: bench:scores, bench:cluster through it,
// and bench:exam).
import { eq } from 'drizzle-orm';
import { createLearner } from '../../src/server/accounts/service.ts';
import { issueToken } from '../../src/server/auth/tokens.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { ensureReferenceData } from '../../src/server/db/reference-data.ts';
import {
  educationalBackgrounds,
  ethnicGroups,
  occupations,
  organizations,
  politicalAffiliations,
  userSources,
} from '../../src/server/db/schema/index.ts';
import { adminPrincipal, openFilledPlan } from '../../src/server/demo/exam-chain.ts';
import { demoPhoto } from '../../src/server/demo/images.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { SandboxGateway } from '../../src/server/payments/sandbox.ts';
import { updateProfile } from '../../src/server/profile/service.ts';
import { createRoom, createSite } from '../../src/server/rooms/service.ts';
import { openStorage } from '../../src/server/storage/service.ts';
import { autoAssignSeats, issueTickets } from '../../src/server/tickets/service.ts';
import { saveUpload } from '../../src/server/uploads/service.ts';
import { idCardCheckChar } from '../../src/shared/auth/id-card.ts';

const ROOM_SEATS = 60;

export interface CandidateSpec {
  count: number;
  /** Usernames are `${prefix}${n}`. */
  prefix: string;
  /** Three digits that keep phone numbers apart between benchmarks, e.g. '176'. */
  phonePrefix: string;
  planTitle: string;
  /** Exam day in days from today (negative: in the past). */
  examDay: number;
}

async function firstId(
  db: Database['db'],
  table:
    typeof ethnicGroups | typeof politicalAffiliations | typeof educationalBackgrounds | typeof userSources,
) {
  const [row] = await db.select({ id: table.id }).from(table).limit(1);
  return row!.id;
}

/** Runs `task` over `items` with at most `width` at a time (password hashing uses the thread pool). */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(
      ...(await Promise.all(items.slice(start, start + width).map((item, i) => task(item, start + i)))),
    );
  }
  return results;
}

/** Migrates, seeds the demo, and makes `spec.count` learners with a complete profile and photo. */
export async function prepareLearners(
  database: Database,
  dataDir: string,
  spec: Pick<CandidateSpec, 'count' | 'prefix' | 'phonePrefix'>,
) {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
  const storage = openStorage(config.storage);
  const db = database.db;
  await migrate(db);
  await ensureReferenceData(db);
  // The demo includes the certification demo (sites, rooms, staff, appraisal institutions).
  await seedDemo(db, config);
  const manager = await adminPrincipal(db, 'manager');

  const profile = {
    ethnicGroupId: await firstId(db, ethnicGroups),
    politicalAffiliationId: await firstId(db, politicalAffiliations),
    educationalBackgroundId: await firstId(db, educationalBackgrounds),
    userSourceId: await firstId(db, userSources),
    provinceCode: '32',
    cityCode: '3201',
    areaCode: '320106',
    address: '江苏省南京市鼓楼区压测路 1 号',
    employer: '压测单位',
  };
  const photo = demoPhoto();
  const learners = await inBatches(
    Array.from({ length: spec.count }, (_, i) => i + 1),
    4,
    async (n) => {
      // Unique for up to 6,000 learners: the birth month moves on every 500.
      const month = String(1 + Math.floor((n - 1) / 500)).padStart(2, '0');
      const first17 = `320106199${n % 10}${month}01${String(n * 2 + 1)
        .padStart(3, '0')
        .slice(-3)}`;
      const idCard = `${first17}${idCardCheckChar(first17)}`;
      const learner = await createLearner(db, {
        username: `${spec.prefix}${n}`,
        password: 'Bench@2026x',
        phone: `${spec.phonePrefix}${String(n).padStart(8, '0')}`,
        idCard,
        realName: `压测考生${n}`,
        profile,
      });
      const upload = await saveUpload(db, storage, {
        owner: { learnerId: learner.id },
        kind: 'photo',
        fileName: 'photo.png',
        content: photo,
      });
      await updateProfile(db, learner.id, { sex: 'male', photo_upload_id: upload.id });
      return { id: learner.id, idCard };
    },
  );
  process.stdout.write(`  ${spec.count} learners created\n`);
  return { config, manager, learners };
}

/** Migrates, seeds the demo, and puts `spec.count` ticketed candidates on a new plan. */
export async function prepareTicketedCandidates(database: Database, dataDir: string, spec: CandidateSpec) {
  const { config, manager, learners } = await prepareLearners(database, dataDir, spec);
  const db = database.db;
  const [occupation] = await db.select().from(occupations).where(eq(occupations.code, '6-31-01-03'));
  const [college] = await db.select().from(organizations).where(eq(organizations.code, '1001'));
  const { planId, enrollmentIds } = await openFilledPlan(
    db,
    new SandboxGateway(config.paymentSecret),
    manager,
    {
      title: spec.planTitle,
      occupationId: occupation!.id,
      level: 4,
      organizationId: college!.id,
      examDay: spec.examDay,
      learnerIds: learners.map((l) => l.id),
      capacity: Math.max(200, spec.count),
    },
  );
  process.stdout.write(`  enrolled and paid\n`);

  const site = await db.transaction((tx) =>
    createSite(tx, manager, null, {
      name: `${spec.planTitle}考点`,
      address: '江苏省南京市鼓楼区压测路 1 号',
    }),
  );
  const roomIds: number[] = [];
  for (let i = 0; i < Math.ceil(spec.count / ROOM_SEATS); i++) {
    const room = await db.transaction((tx) =>
      createRoom(tx, manager, null, {
        site_id: site.id,
        name: `压测考场 ${i + 1}`,
        capacity: ROOM_SEATS,
        rows: 6,
        cols: 10,
        enabled: true,
      }),
    );
    roomIds.push(room.id);
  }
  await db.transaction((tx) =>
    autoAssignSeats(tx, manager, null, planId, { shuffle: true, room_ids: roomIds }),
  );
  await db.transaction((tx) => issueTickets(tx, manager, null, planId));
  const tokens = await inBatches(
    learners,
    20,
    async (learner) => (await issueToken(db, 'learners', learner.id)).access_token,
  );
  const managerToken = (await issueToken(db, 'administrators', manager.id)).access_token;
  return { config, manager, planId, enrollmentIds, learners, tokens, managerToken };
}
