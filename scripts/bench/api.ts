// npm run bench:api - HTTP throughput of the API under load.
// Starts the real server on a free port over a fresh embedded database with the demo data (or over
// BENCH_DATABASE_URL, an empty PostgreSQL database, which it fills with the demo data), logs in as
// founder (administrator) and learner, then runs autocannon (50 connections) against each route and
// prints req/s, p99 latency, errors and the ratio to GET /api/health, the no-op baseline served by the
// same process. Env: BENCH_DURATION (seconds per route, default 6), BENCH_CONNECTIONS (default 50).
import os from 'node:os';
import autocannon from 'autocannon';
import { pad, startServer } from './server.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PASSWORD = 'Demo@2026';

interface Route {
  label: string;
  path: string;
  token?: 'founder' | 'learner';
}

const BASELINE: Route = { label: 'GET /api/health (no-op baseline)', path: '/api/health' };

// The baseline runs first and again last; the ratio uses the mean of both, so a machine that gets
// busier or quieter during the run skews the ratios less.
const ROUTES: Route[] = [
  BASELINE,
  { label: 'GET /api/v0/ethnic-groups', path: '/api/v0/ethnic-groups' },
  { label: 'GET /api/v1/skill-tests/region/province', path: '/api/v1/skill-tests/region/province' },
  { label: 'GET /api/v1/user/info (learner)', path: '/api/v1/user/info?apiType=learners', token: 'learner' },
  { label: 'GET /api/v1/user/menus (founder)', path: '/api/v1/user/menus', token: 'founder' },
  { ...BASELINE, label: 'GET /api/health (no-op, again)' },
];

async function login(base: string, username: string, userType: 'learners' | 'administrators') {
  const res = await fetch(`${base}/api/v1/authorizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, user_type: userType, captcha: '', key: '' }),
  });
  if (!res.ok) {
    console.warn(`login ${username} failed: ${res.status} ${await res.text()}`);
    return undefined;
  }
  const body = (await res.json()) as { access_token?: string; token_type?: string };
  return body.access_token ? `${body.token_type ?? 'Bearer'} ${body.access_token}` : undefined;
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  console.log(
    `Starting the server (${databaseUrl ? 'PostgreSQL' : 'fresh embedded database'} with demo data)...`,
  );
  const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    const tokens = {
      founder: await login(server.url, 'founder', 'administrators'),
      learner: await login(server.url, 'learner', 'learners'),
    };
    const load = os.loadavg()[0] ?? 0;
    console.log(`Server at ${server.url}; ${CONNECTIONS} connections, ${DURATION} s per route`);
    console.log(`Machine: ${os.cpus().length} cores, load average ${load.toFixed(1)} at start\n`);

    const rows: { label: string; rps: number; p99: number; errors: number; status: string }[] = [];
    for (const route of ROUTES) {
      const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
      if (route.token) {
        const token = tokens[route.token];
        if (!token) {
          rows.push({
            label: route.label,
            rps: NaN,
            p99: NaN,
            errors: NaN,
            status: `no ${route.token} token`,
          });
          continue;
        }
        headers.authorization = token;
      }
      const url = `${server.url}${route.path}`;
      const probe = await fetch(url, { headers });
      await probe.arrayBuffer();
      // A short warm-up so JIT and caches settle before the measured run.
      await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
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
    const widths = [44, 10, 10, 8, 8, 7];
    const header = ['route', 'req/s', 'p99 ms', 'errors', 'vs no-op', 'status'];
    console.log('\n' + header.map((h, i) => pad(h, widths[i]!, i > 0)).join(' '));
    console.log(widths.map((w) => '-'.repeat(w)).join(' '));
    for (const row of rows) {
      const ratio = Number.isFinite(row.rps) ? `${((row.rps / baseline) * 100).toFixed(0)}%` : '-';
      const cells = [
        row.label,
        Number.isFinite(row.rps) ? row.rps.toFixed(0) : '-',
        Number.isFinite(row.p99) ? row.p99.toFixed(0) : '-',
        Number.isFinite(row.errors) ? String(row.errors) : '-',
        ratio,
        row.status,
      ];
      console.log(cells.map((c, i) => pad(c, widths[i]!, i > 0)).join(' '));
    }
    const loadEnd = os.loadavg()[0] ?? 0;
    if (loadEnd > os.cpus().length) {
      console.log(
        `\nNote: load average ${loadEnd.toFixed(1)} at the end: other work was competing for the CPU.`,
      );
    }
    const failing = rows.filter((r) => r.status !== '200');
    if (failing.length > 0) {
      console.log(
        `\nNote: ${failing.length} route(s) did not answer 200 (see status); their figures measure an error path.`,
      );
    }
  } finally {
    await server.stop();
  }
}

await main();
