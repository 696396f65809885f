// npm run bench:enrol - a burst of 1,000 applications from 1,000 distinct learners against a 300-seat
// plan (issue 5). Prepares a fresh embedded database (or BENCH_DATABASE_URL, a PostgreSQL server) with
// the demo data, 1,000 learners with complete profiles and tokens, and one open plan; starts the real
// server on it; fires every application at once; then prints the accepted count (must be exactly the
// capacity), the refusals, errors and p50/p99 latency, and checks the seat counter in the database.
// Env: BENCH_LEARNERS (default 1000), BENCH_CAPACITY (default 300), BENCH_SOCKETS (client connections,
// default 200; the rest of the burst queues on the client and its wait counts in the latency),
// BENCH_DATABASE_URL (optional).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { planInputSchema } from '../../src/shared/plans/schema.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { issueToken } from '../../src/server/auth/tokens.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { ensureReferenceData } from '../../src/server/db/reference-data.ts';
import {
  administrators,
  educationalBackgrounds,
  enrollments,
  ethnicGroups,
  examPlans,
  learners,
  occupations,
  organizations,
  politicalAffiliations,
  userSources,
} from '../../src/server/db/schema/index.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { createPlan, transitionPlan } from '../../src/server/plans/service.ts';
import type { AdminPrincipal } from '../../src/server/plugins/auth.ts';
import { demoPhoto } from '../../src/server/demo/images.ts';
import { openStorage } from '../../src/server/storage/service.ts';
import { saveUpload, uploadUrl } from '../../src/server/uploads/service.ts';
import type { AdministratorType } from '../../src/shared/api/constants.ts';
import { startServer } from './server.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1000);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 300);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** Client sockets: every request is issued at once and queues on the client beyond this many connections. */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const DAY = 24 * 3600_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });

function postJson(
  url: string,
  token: string,
  payload: unknown,
): Promise<{ status: number; body: { message?: string; code?: number } }> {
  const data = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: string; code?: number },
            });
          } catch (error) {
            reject(error as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function firstId(
  db: Database['db'],
  table:
    typeof ethnicGroups | typeof politicalAffiliations | typeof educationalBackgrounds | typeof userSources,
) {
  const [row] = await db.select({ id: table.id }).from(table).limit(1);
  return row!.id;
}

/** Demo data, the learners and the open plan, written before the server starts (PGlite is single-process). */
async function prepare(database: Database, dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
  const storage = openStorage(config.storage);
  const db = database.db;
  await migrate(db);
  await ensureReferenceData(db);
  await seedDemo(db, config);

  const [manager] = await db.select().from(administrators).where(eq(administrators.username, 'manager'));
  const actor: AdminPrincipal = {
    kind: 'administrators',
    tokenId: 0,
    id: manager!.id,
    username: manager!.username,
    realName: manager!.realName,
    administratorType: manager!.administratorType as AdministratorType,
    organizationId: manager!.organizationId,
    roleId: null,
  };
  const [occupation] = await db.select().from(occupations).where(eq(occupations.code, '6-31-01-03'));
  const [college] = await db.select().from(organizations).where(eq(organizations.code, '1001'));
  const values = planInputSchema.parse({
    title: '压测：电工四级集中报名',
    occupation_id: occupation!.id,
    level: 4,
    organization_id: college!.id,
    registration_starts_at: new Date(Date.now() - DAY).toISOString(),
    registration_ends_at: new Date(Date.now() + 7 * DAY).toISOString(),
    fee_fen: 28_000,
    capacity: CAPACITY,
    required_materials: ['photo'],
    form_fields: ['real_name', 'id_number', 'phone'],
    sessions: [
      {
        kind: 'theory',
        name: '理论知识考试',
        starts_at: new Date(Date.now() + 14 * DAY).toISOString(),
        ends_at: new Date(Date.now() + 14 * DAY + 5400_000).toISOString(),
      },
    ],
  });
  const plan = await db.transaction((tx) => createPlan(tx, actor, null, values));
  await db.transaction((tx) => transitionPlan(tx, actor, null, plan.id, 'publish'));

  const passwordHash = await hashPassword('Bench@2026x');
  const profile = {
    realName: '压测考生',
    sex: 'female',
    ethnicGroupId: await firstId(db, ethnicGroups),
    politicalAffiliationId: await firstId(db, politicalAffiliations),
    educationalBackgroundId: await firstId(db, educationalBackgrounds),
    userSourceId: await firstId(db, userSources),
    provinceCode: '32',
    cityCode: '3201',
    areaCode: '320106',
    address: '江苏省南京市鼓楼区压测路 1 号',
  };
  const photo = demoPhoto();
  const tokens: string[] = [];
  for (let start = 0; start < LEARNERS; start += 200) {
    const batch = Array.from({ length: Math.min(200, LEARNERS - start) }, (_, i) => {
      const n = start + i + 1;
      return {
        username: `bench${n}`,
        passwordHash,
        phone: `177${String(n).padStart(8, '0')}`,
        idCard: `BENCH${String(n).padStart(8, '0')}`,
        ...profile,
      };
    });
    const rows = await db.insert(learners).values(batch).returning({ id: learners.id });
    for (const row of rows) {
      const upload = await saveUpload(db, storage, {
        owner: { learnerId: row.id },
        kind: 'photo',
        fileName: 'photo.png',
        content: photo,
      });
      await db
        .update(learners)
        .set({ photo: uploadUrl(upload.id) })
        .where(eq(learners.id, row.id));
      tokens.push((await issueToken(db, 'learners', row.id)).access_token);
    }
  }
  return { planId: plan.id, tokens };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bench-enrol-'));
  console.log(
    `Preparing ${LEARNERS} learners and a ${CAPACITY}-seat plan (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})...`,
  );
  let database = DATABASE_URL ? await openPostgres(DATABASE_URL) : await openPglite({ dataDir });
  const { planId, tokens } = await prepare(database, dataDir);
  await database.close();

  const server = await startServer({ DATA_DIR: dataDir, DEMO: 'off', DATABASE_URL: DATABASE_URL ?? '' });
  try {
    // Warm-up: one request so the first measured ones do not pay for lazy initialisation.
    await fetch(`${server.url}/api/v1/skill-tests/skill-tests/list`);
    console.log(
      `Firing ${tokens.length} applications at once at ${server.url} (${SOCKETS} client sockets) ...`,
    );
    const started = performance.now();
    const results = await Promise.all(
      tokens.map(async (token) => {
        const t0 = performance.now();
        try {
          const { status, body } = await postJson(`${server.url}/api/v1/enrollments`, token, {
            plan_id: planId,
            form: {},
          });
          return { status, code: body.code, message: body.message, ms: performance.now() - t0 };
        } catch (error) {
          return { status: 0, code: undefined, message: String(error), ms: performance.now() - t0 };
        }
      }),
    );
    const wall = performance.now() - started;

    const accepted = results.filter((r) => r.status === 201).length;
    const full = results.filter((r) => r.status === 409 && r.code === 409001).length;
    const errors = results.filter((r) => r.status !== 201 && !(r.status === 409 && r.code === 409001));
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    console.log('');
    console.log(`accepted (201)            ${accepted}  (capacity ${CAPACITY})`);
    console.log(`refused 名额已满 (409001)  ${full}`);
    console.log(`errors                    ${errors.length}`);
    for (const e of errors.slice(0, 5)) console.log(`  ${e.status} ${e.code ?? ''} ${e.message ?? ''}`);
    console.log(`latency p50               ${percentile(latencies, 50).toFixed(0)} ms`);
    console.log(`latency p99               ${percentile(latencies, 99).toFixed(0)} ms`);
    console.log(`latency max               ${(latencies.at(-1) ?? 0).toFixed(0)} ms`);
    console.log(
      `burst wall time           ${wall.toFixed(0)} ms (${((tokens.length / wall) * 1000).toFixed(0)} req/s)`,
    );
    await server.stop();

    // The server is gone; read the counters it left behind.
    database = DATABASE_URL ? await openPostgres(DATABASE_URL) : await openPglite({ dataDir });
    const [plan] = await database.db.select().from(examPlans).where(eq(examPlans.id, planId));
    const rows = await database.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.planId, planId));
    await database.close();
    console.log(`database: enrolled_count ${plan!.enrolledCount}, enrolment rows ${rows.length}`);
    const ok =
      accepted === Math.min(CAPACITY, LEARNERS) &&
      plan!.enrolledCount === accepted &&
      rows.length === accepted &&
      errors.length === 0;
    console.log(ok ? 'OK: capacity held exactly, no errors' : 'FAILED: capacity or error check');
    process.exitCode = ok ? 0 : 1;
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
