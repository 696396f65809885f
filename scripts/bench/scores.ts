// npm run bench:scores - the learner's score query and ticket list under load (issue 6).
// Prepares a fresh embedded database (or BENCH_DATABASE_URL, a PostgreSQL server) with the demo data and
// BENCH_LEARNERS (default 200) more candidates who go through the whole chain by the services the API
// uses: enrolment and payment, seats, tickets, scores, publication, certificates. Then it starts the real
// server on that database and runs autocannon (50 connections) against the score query and the ticket
// list, each request as the next of the distinct learners, and against GET /api/health (the no-op
// baseline, first and last). Prints req/s, p99 latency, errors and the ratio to the baseline.
// Env: BENCH_LEARNERS, BENCH_DURATION (seconds per route, default 8), BENCH_CONNECTIONS (default 50),
// BENCH_DATA_DIR (keep the prepared data there and reuse it on the next run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { eq } from 'drizzle-orm';
import { createLearner } from '../../src/server/accounts/service.ts';
import { autoAssignSeats, issueTickets } from '../../src/server/tickets/service.ts';
import { issueToken } from '../../src/server/auth/tokens.ts';
import { issueCertificates } from '../../src/server/certificates/service.ts';
import { adminPrincipal, openFilledPlan } from '../../src/server/demo/exam-chain.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';
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
import { seedDemo } from '../../src/server/demo/seed.ts';
import { createRoom, createSite } from '../../src/server/rooms/service.ts';
import { updateProfile } from '../../src/server/profile/service.ts';
import { SandboxGateway } from '../../src/server/payments/sandbox.ts';
import { demoPhoto } from '../../src/server/demo/images.ts';
import { enterScore, publishScores } from '../../src/server/scores/service.ts';
import { openStorage } from '../../src/server/storage/service.ts';
import { saveUpload } from '../../src/server/uploads/service.ts';
import { idCardCheckChar } from '../../src/shared/auth/id-card.ts';
import { pad, startServer } from './server.ts';

// autocannon's `requests` option (per-request setup), which scripts/bench/autocannon.d.ts leaves out.
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: Request) => Request;
  }
}

/**
 * One autocannon GET of `path`; with `learners`, each request signs in as the next of them in turn, so the
 * load spreads over distinct accounts. Also used by scripts/bench/cluster.ts.
 */
export function benchRequest(path: string, headers: Record<string, string>, learners?: readonly string[]) {
  let next = 0;
  return {
    method: 'GET',
    path,
    headers,
    setupRequest: (req: CannonRequest) =>
      learners
        ? { ...req, headers: { ...headers, authorization: `Bearer ${learners[next++ % learners.length]!}` } }
        : req,
  };
}

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ROOM_SEATS = 60;

async function firstId(
  db: Database['db'],
  table:
    typeof ethnicGroups | typeof politicalAffiliations | typeof educationalBackgrounds | typeof userSources,
) {
  const [row] = await db.select({ id: table.id }).from(table).limit(1);
  return row!.id;
}

/** Runs `task` over `items` with at most `width` at a time (password hashing uses the thread pool). */
async function inBatches<T, R>(
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

/** Also used by scripts/bench/cluster.ts. */
export async function prepare(database: Database, dataDir: string) {
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
  const learnerIds = await inBatches(
    Array.from({ length: LEARNERS }, (_, i) => i + 1),
    4,
    async (n) => {
      const first17 = `320106199${n % 10}0101${String(n * 2 + 1)
        .padStart(3, '0')
        .slice(-3)}`;
      const learner = await createLearner(db, {
        username: `scorebench${n}`,
        password: 'Bench@2026x',
        phone: `176${String(n).padStart(8, '0')}`,
        idCard: `${first17}${idCardCheckChar(first17)}`,
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
      return learner.id;
    },
  );
  process.stdout.write(`  ${LEARNERS} learners created\n`);

  const [occupation] = await db.select().from(occupations).where(eq(occupations.code, '6-31-01-03'));
  const [college] = await db.select().from(organizations).where(eq(organizations.code, '1001'));
  const { planId, enrollmentIds } = await openFilledPlan(
    db,
    new SandboxGateway(config.paymentSecret),
    manager,
    {
      title: '压测：电工四级成绩查询',
      occupationId: occupation!.id,
      level: 4,
      organizationId: college!.id,
      examDay: -3,
      learnerIds,
    },
  );
  process.stdout.write(`  enrolled and paid\n`);

  const site = await db.transaction((tx) =>
    createSite(tx, manager, null, { name: '压测考点', address: '江苏省南京市鼓楼区压测路 1 号' }),
  );
  const roomIds: number[] = [];
  for (let i = 0; i < Math.ceil(LEARNERS / ROOM_SEATS); i++) {
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
  for (const [i, enrollmentId] of enrollmentIds.entries()) {
    const theory = 40 + ((i * 37) % 60);
    const practical = 45 + ((i * 53) % 55);
    await db.transaction((tx) =>
      enterScore(tx, manager, null, enrollmentId, { theory, practical, absent: false, cheating: false }),
    );
  }
  await db.transaction((tx) => publishScores(tx, manager, null, planId));
  await db.transaction((tx) => issueCertificates(tx, manager, null, planId, { letter: 'Y' }));
  process.stdout.write(`  seats, tickets, scores and certificates written\n`);

  const tokens = await inBatches(
    learnerIds,
    20,
    async (id) => (await issueToken(db, 'learners', id)).access_token,
  );
  const managerToken = (await issueToken(db, 'administrators', manager.id)).access_token;
  return { planId, tokens, managerToken };
}

interface Route {
  label: string;
  path: string;
  /** Each request as the next learner (distinct tokens), or one fixed token. */
  auth: 'learners' | 'manager' | 'none';
}

/** Waits until the server answers the no-op quickly again, so one route's backlog is not billed to the next. */
export async function drain(base: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    if (performance.now() - t0 < 250) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  // BENCH_DATA_DIR keeps the prepared data (and its tokens) for later runs; otherwise a temporary directory.
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bench-scores-'));
  const prepared = path.join(dataDir, 'prepared.json');
  let fixture: { planId: number; tokens: string[]; managerToken: string };
  if (keep && fs.existsSync(prepared)) {
    fixture = JSON.parse(fs.readFileSync(prepared, 'utf8')) as typeof fixture;
    console.log(`Reusing the data prepared in ${dataDir}`);
  } else {
    console.log(
      `Preparing the demo data and ${LEARNERS} candidates through the chain (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})...`,
    );
    const started = Date.now();
    fs.mkdirSync(dataDir, { recursive: true });
    const database = DATABASE_URL
      ? await openPostgres(DATABASE_URL)
      : await openPglite({ dataDir: path.join(dataDir, 'data') });
    fixture = await prepare(database, path.join(dataDir, 'data'));
    await database.close();
    if (keep) fs.writeFileSync(prepared, JSON.stringify(fixture));
    console.log(`  prepared in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const { planId, tokens, managerToken } = fixture;

  const server = await startServer({
    DATA_DIR: path.join(dataDir, 'data'),
    DEMO: 'off',
    DATABASE_URL: DATABASE_URL ?? '',
  });
  const routes: Route[] = [
    { label: 'GET /api/health (no-op baseline)', path: '/api/health', auth: 'none' },
    {
      label: 'GET examScores (distinct learners)',
      path: '/api/v0/user/occupational-skill-tests/examScores',
      auth: 'learners',
    },
    {
      label: 'GET admissionDownload (distinct learners)',
      path: '/api/v0/user/occupational-skill-tests/admissionDownload',
      auth: 'learners',
    },
    {
      label: `GET /api/v1/admin/plans/${planId}/scores (manager)`,
      path: `/api/v1/admin/plans/${planId}/scores`,
      auth: 'manager',
    },
    { label: 'GET /api/health (no-op, again)', path: '/api/health', auth: 'none' },
  ];
  try {
    const load = os.loadavg()[0] ?? 0;
    console.log(
      `Server at ${server.url}; ${CONNECTIONS} connections, ${DURATION} s per route, ${tokens.length} learner tokens`,
    );
    console.log(`Machine: ${os.cpus().length} cores, load average ${load.toFixed(1)} at start\n`);
    const rows: { label: string; rps: number; p99: number; errors: number; status: string }[] = [];
    for (const route of routes) {
      await drain(server.url);
      const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
      if (route.auth === 'manager') headers.authorization = `Bearer ${managerToken}`;
      const request = benchRequest(route.path, headers, route.auth === 'learners' ? tokens : undefined);
      const probeHeaders =
        route.auth === 'learners' ? { ...headers, authorization: `Bearer ${tokens[0]}` } : headers;
      const probe = await fetch(`${server.url}${route.path}`, { headers: probeHeaders });
      const probeBody = (await probe.json()) as { data?: unknown[] };
      if (route.auth === 'learners' && !probeBody.data?.length)
        console.warn(`  warning: ${route.label} answered no rows for a learner`);
      const warmUp = { url: server.url, connections: CONNECTIONS, duration: 1, requests: [request] };
      await autocannon(warmUp);
      await drain(server.url);
      const measured = { ...warmUp, duration: DURATION };
      const result = await autocannon(measured);
      rows.push({
        label: route.label,
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        status: String(probe.status),
      });
      process.stdout.write(`  measured ${route.label}\n`);
    }
    const baselineRuns = rows.filter((r) => r.label.startsWith('GET /api/health')).map((r) => r.rps);
    const baseline = baselineRuns.reduce((a, b) => a + b, 0) / baselineRuns.length;
    const widths = [48, 10, 10, 8, 9, 7];
    console.log(
      '\n' +
        ['route', 'req/s', 'p99 ms', 'errors', 'vs no-op', 'status']
          .map((h, i) => pad(h, widths[i]!, i > 0))
          .join(' '),
    );
    console.log(widths.map((w) => '-'.repeat(w)).join(' '));
    for (const row of rows) {
      const cells = [
        row.label,
        row.rps.toFixed(0),
        row.p99.toFixed(0),
        String(row.errors),
        `${((row.rps / baseline) * 100).toFixed(0)}%`,
        row.status,
      ];
      console.log(cells.map((c, i) => pad(c, widths[i]!, i > 0)).join(' '));
    }
    const loadEnd = os.loadavg()[0] ?? 0;
    if (loadEnd > os.cpus().length)
      console.log(
        `\nNote: load average ${loadEnd.toFixed(1)} at the end: other work was competing for the CPU.`,
      );
    if (rows.some((r) => r.errors > 0 || r.status !== '200')) process.exitCode = 1;
  } finally {
    await server.stop();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run as the command (not when cluster.ts imports prepare()).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
