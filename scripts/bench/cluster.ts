// npm run bench:cluster - the hot reads with one and with three app processes on PostgreSQL (issue 21).
// Prepares a PostgreSQL database (a throwaway server, or BENCH_DATABASE_URL) with the demo data and
// BENCH_LEARNERS (default 200) candidates through the whole chain, as bench:scores does; starts the
// cluster of scripts/cluster/run.ts (three app processes, the round-robin proxy as a process of its own)
// and runs autocannon (50 connections) on the hot reads and the no-op GET /api/health, first against ONE
// app process directly, then through a proxy in front of that one process alone (what the proxy costs),
// then through the proxy in front of all THREE. Prints req/s, p99 and the 3-vs-1 ratio per route.
// Env: BENCH_DURATION (seconds per route, default 6), BENCH_CONNECTIONS (default 50), BENCH_LEARNERS,
// BENCH_DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { issueToken } from '../../src/server/auth/tokens.ts';
import { openPostgres } from '../../src/server/db/client.ts';
import { administrators } from '../../src/server/db/schema/index.ts';
import { startPostgres, type StartedPostgres } from '../cluster/postgres.ts';
import { freePort, waitForPort } from '../cluster/ports.ts';
import { ManagedProcess, startCluster } from '../cluster/run.ts';
import { benchRequest, drain, prepare } from './scores.ts';
import { pad } from './server.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Route {
  label: string;
  path: string;
  /** Each request as the next of the distinct learners, as the founder, or anonymous. */
  auth: 'learners' | 'founder' | 'none';
}

const ROUTES: Route[] = [
  { label: 'GET /api/health (no-op)', path: '/api/health', auth: 'none' },
  {
    label: 'GET user/info (distinct learners)',
    path: '/api/v1/user/info?apiType=learners',
    auth: 'learners',
  },
  { label: 'GET user/menus (founder)', path: '/api/v1/user/menus', auth: 'founder' },
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
];

interface Measured {
  rps: number;
  p99: number;
  errors: number;
}

async function measure(base: string, route: Route, tokens: string[], founder: string): Promise<Measured> {
  await drain(base);
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
  if (route.auth === 'founder') headers.authorization = `Bearer ${founder}`;
  const request = benchRequest(route.path, headers, route.auth === 'learners' ? tokens : undefined);
  const probe = await fetch(`${base}${route.path}`, {
    headers: route.auth === 'learners' ? { ...headers, authorization: `Bearer ${tokens[0]}` } : headers,
  });
  await probe.arrayBuffer();
  if (!probe.ok) throw new Error(`${route.label} answered ${probe.status} at ${base}`);
  const warmUp = { url: base, connections: CONNECTIONS, duration: 1, requests: [request] };
  await autocannon(warmUp);
  await drain(base);
  const result = await autocannon({ ...warmUp, duration: DURATION });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  const given = process.env.BENCH_DATABASE_URL;
  let postgres: StartedPostgres | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bench-cluster-'));
  try {
    if (!given) {
      console.log('Starting a throwaway PostgreSQL server...');
      postgres = await startPostgres();
    }
    const databaseUrl = given ?? postgres!.url;
    console.log('Preparing the demo data and the candidates through the chain (PostgreSQL)...');
    const started = Date.now();
    const database = await openPostgres(databaseUrl);
    const { tokens } = await prepare(database, path.join(dataDir, 'data'));
    const [founder] = await database.db
      .select({ id: administrators.id })
      .from(administrators)
      .where(eq(administrators.username, 'founder'));
    const founderToken = (await issueToken(database.db, 'administrators', founder!.id)).access_token;
    await database.close();
    console.log(`  prepared in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const cluster = await startCluster({
      databaseUrl,
      processes: 3,
      storage: false,
      demo: false,
      proxyProcess: true,
      env: { NODE_ENV: 'test', DATA_DIR: path.join(dataDir, 'data') },
    });
    const results = new Map<string, { one: Measured; proxied: Measured; three: Measured }>();
    try {
      const load = os.loadavg()[0] ?? 0;
      console.log(
        `Cluster up: ${CONNECTIONS} connections, ${DURATION} s per route, ${tokens.length} learner tokens`,
      );
      console.log(`Machine: ${os.cpus().length} cores, load average ${load.toFixed(1)} at start`);
      const one = new Map<string, Measured>();
      for (const route of ROUTES) {
        one.set(route.label, await measure(cluster.backends[0]!.url, route, tokens, founderToken));
        process.stdout.write(`  1 process, direct:  measured ${route.label}\n`);
      }
      const soloPort = await freePort();
      const solo = new ManagedProcess(
        'proxy to process 1',
        process.execPath,
        ['--import', 'tsx', 'scripts/cluster/proxy.ts', String(soloPort), String(cluster.backends[0]!.port)],
        process.env,
        undefined,
      );
      solo.start();
      const proxied = new Map<string, Measured>();
      try {
        await waitForPort(soloPort, 30_000);
        for (const route of ROUTES) {
          proxied.set(
            route.label,
            await measure(`http://127.0.0.1:${soloPort}`, route, tokens, founderToken),
          );
          process.stdout.write(`  1 process, proxy:   measured ${route.label}\n`);
        }
      } finally {
        await solo.stop(2000);
      }
      for (const route of ROUTES) {
        const three = await measure(cluster.url, route, tokens, founderToken);
        results.set(route.label, { one: one.get(route.label)!, proxied: proxied.get(route.label)!, three });
        process.stdout.write(`  3 processes, proxy: measured ${route.label}\n`);
      }
    } finally {
      await cluster.stop();
    }

    const widths = [42, 9, 7, 9, 7, 9, 7, 7, 7];
    console.log(
      '\n' +
        ['route', '1: req/s', 'p99 ms', '1p: req/s', 'p99 ms', '3p: req/s', 'p99 ms', '3p vs 1', 'errors']
          .map((h, i) => pad(h, widths[i]!, i > 0))
          .join(' '),
    );
    console.log(widths.map((w) => '-'.repeat(w)).join(' '));
    for (const [label, { one, proxied, three }] of results) {
      const cells = [
        label,
        one.rps.toFixed(0),
        one.p99.toFixed(0),
        proxied.rps.toFixed(0),
        proxied.p99.toFixed(0),
        three.rps.toFixed(0),
        three.p99.toFixed(0),
        `${(three.rps / one.rps).toFixed(2)}x`,
        String(one.errors + proxied.errors + three.errors),
      ];
      console.log(cells.map((c, i) => pad(c, widths[i]!, i > 0)).join(' '));
    }
    const cores = os.cpus().length;
    console.log(
      `\n1: one app process, measured directly. 1p: the same process behind the proxy (the proxy's cost).` +
        `\n3p: three app processes behind the round-robin proxy.` +
        `\nAll of it shares this machine's ${cores} cores: the three app processes, the proxy, PostgreSQL and` +
        ` the load generator.${cores <= 2 ? ' On 2 cores three processes cannot run three times as fast; the ratio shows what the scale-out path costs or gains here, not what three machines would give.' : ''}`,
    );
    const loadEnd = os.loadavg()[0] ?? 0;
    if (loadEnd > cores)
      console.log(
        `Note: load average ${loadEnd.toFixed(1)} at the end: other work was competing for the CPU.`,
      );
    if ([...results.values()].some((r) => r.one.errors + r.proxied.errors + r.three.errors > 0))
      process.exitCode = 1;
  } finally {
    postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
