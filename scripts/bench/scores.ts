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
import { issueCertificates } from '../../src/server/certificates/service.ts';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';
import { enterScore, publishScores } from '../../src/server/scores/service.ts';
import { prepareTicketedCandidates } from './candidates.ts';
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

/** Also used by scripts/bench/cluster.ts. */
export async function prepare(database: Database, dataDir: string) {
  const { manager, planId, enrollmentIds, tokens, managerToken } = await prepareTicketedCandidates(
    database,
    dataDir,
    {
      count: LEARNERS,
      prefix: 'scorebench',
      phonePrefix: '176',
      planTitle: '压测：电工四级成绩查询',
      examDay: -3,
    },
  );
  const db = database.db;
  for (const [i, enrollmentId] of enrollmentIds.entries()) {
    const theory = 40 + ((i * 37) % 60);
    const practical = 45 + ((i * 53) % 55);
    await db.transaction((tx) =>
      enterScore(tx, manager, null, enrollmentId, { theory, practical, absent: false, cheating: false }),
    );
  }
  await db.transaction((tx) => publishScores(tx, manager, null, planId));
  await db.transaction((tx) => issueCertificates(tx, manager, null, planId, { letter: 'Y' }));
  process.stdout.write(`  scores and certificates written\n`);
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
