// npm run bench:pglite-worker - does running PGlite in a worker thread raise HTTP throughput on this
// machine? A self-contained measurement (no app code): a small fastify server over a PGlite database with a
// `learners` table of 10,000 rows, started as a child process so autocannon (in this process) keeps its own
// thread. Two server set-ups:
//   main   - PGlite in the server's own thread (as src/server/db/client.ts does today);
//   worker - PGlite inside a node:worker_threads Worker; queries go over a MessagePort with a small
//            request/response protocol (ids; params and rows structured-cloned). Transactions are held open
//            by the worker while the main thread sends its statements (begin / query / commit messages).
// Routes of both: /noop (baseline), /one (one primary-key lookup), /three (three lookups in sequence, a
// typical cache miss), /tx (a transaction: begin, select ... for update, update, commit) and, on the worker,
// /batch (the three lookups in ONE worker round). A mixed run hammers /three with the connections while a
// few more connections measure /noop: how much the database work stalls the event loop.
// Each set-up is measured BENCH_RUNS times (default 3); the table shows the mean and the spread (min-max).
// Env: BENCH_DURATION (s per route, default 6), BENCH_CONNECTIONS (default 50), BENCH_RUNS (default 3).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, Worker, isMainThread, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { freePort } from './server.ts';

const ROWS = 10_000;
const SELECT_ONE = 'select id, name, id_card, phone, organization_id, created_at from learners where id = $1';
const SELECT_ANY =
  'select id, name, id_card, phone, organization_id, created_at from learners where id = any($1::integer[])';
const LOCK_ONE = 'select id, visits from learners where id = $1 for update';
const BUMP_ONE = 'update learners set visits = visits + 1 where id = $1';

type Params = (string | number | number[] | null)[];
interface Statement {
  sql: string;
  params: Params;
}
type Row = Record<string, unknown>;

// ---- the protocol between the server's thread and the database worker ----
type DbRequest =
  | { id: number; kind: 'query'; sql: string; params: Params; txId?: number }
  | { id: number; kind: 'batch'; statements: Statement[] }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'commit' | 'rollback'; txId: number };
type DbResponse =
  | { id: number; ok: true; rows?: Row[]; batches?: Row[][]; txId?: number }
  | { id: number; ok: false; error: string };

/** What a route sees of the database, whichever thread runs it. */
interface BenchDb {
  query(sql: string, params: Params): Promise<Row[]>;
  /** Several statements in one round (one message to the worker); in the main thread simply in sequence. */
  batch(statements: Statement[]): Promise<Row[][]>;
  transaction<T>(fn: (tx: { query(sql: string, params: Params): Promise<Row[]> }) => Promise<T>): Promise<T>;
}

async function openSeeded(): Promise<PGlite> {
  const pg = await PGlite.create();
  await pg.exec(`
    create table learners (
      id integer primary key,
      name text not null,
      id_card text not null,
      phone text not null,
      organization_id integer not null,
      visits integer not null default 0,
      created_at timestamptz not null default now()
    );
    insert into learners (id, name, id_card, phone, organization_id)
      select g, 'learner ' || g, lpad(g::text, 18, '0'), '138' || lpad(g::text, 8, '0'), g % 50
      from generate_series(1, ${ROWS}) g;
    analyze learners;
  `);
  return pg;
}

function mainThreadDb(pg: PGlite): BenchDb {
  return {
    query: async (sql, params) => (await pg.query<Row>(sql, params)).rows,
    batch: async (statements) => {
      const out: Row[][] = [];
      for (const s of statements) out.push((await pg.query<Row>(s.sql, s.params)).rows);
      return out;
    },
    transaction: (fn) =>
      pg.transaction((tx) => fn({ query: async (sql, params) => (await tx.query<Row>(sql, params)).rows })),
  };
}

/** The main thread's side: a proxy that posts requests to the worker and resolves them by id. */
async function workerDb(): Promise<{ db: BenchDb; worker: Worker }> {
  const { port1, port2 } = new MessageChannel();
  // Node 20 does not apply the parent's `--import tsx` to a worker's TypeScript entry: the worker registers
  // tsx itself, then imports this file.
  const entry = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: true, workerData: { port: port2 }, transferList: [port2] });
  let next = 1;
  const pending = new Map<
    number,
    { resolve: (r: DbResponse & { ok: true }) => void; reject: (e: Error) => void }
  >();
  port1.on('message', (msg: DbResponse) => {
    const waiter = pending.get(msg.id);
    if (!waiter) return;
    pending.delete(msg.id);
    if (msg.ok) waiter.resolve(msg);
    else waiter.reject(new Error(msg.error));
  });
  // Distributive so each request kind keeps its own fields.
  type Outgoing = DbRequest extends infer R ? (R extends DbRequest ? Omit<R, 'id'> : never) : never;
  const send = (req: Outgoing) =>
    new Promise<DbResponse & { ok: true }>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      port1.postMessage({ ...req, id });
    });
  await new Promise<void>((resolve, reject) => {
    port1.once('message', () => resolve()); // the worker says ready (id 0) once seeded
    worker.once('error', reject);
  });
  const db: BenchDb = {
    query: async (sql, params) => (await send({ kind: 'query', sql, params })).rows ?? [],
    batch: async (statements) => (await send({ kind: 'batch', statements })).batches ?? [],
    transaction: async (fn) => {
      const { txId } = await send({ kind: 'begin' });
      if (txId === undefined) throw new Error('no transaction id');
      try {
        const result = await fn({
          query: async (sql, params) => (await send({ kind: 'query', sql, params, txId })).rows ?? [],
        });
        await send({ kind: 'commit', txId });
        return result;
      } catch (error) {
        await send({ kind: 'rollback', txId });
        throw error;
      }
    },
  };
  return { db, worker };
}

/** The worker's side: owns the PGlite instance and answers requests from the port. */
async function runDbWorker(port: MessagePort) {
  const pg = await openSeeded();
  // An open transaction waits here for the main thread's next statement.
  const open = new Map<
    number,
    { tx: Transaction; queue: ((req: DbRequest) => void)[]; inbox: DbRequest[] }
  >();
  let nextTx = 1;
  const reply = (msg: DbResponse) => port.postMessage(msg);
  const fail = (id: number, error: unknown) =>
    reply({ id, ok: false, error: error instanceof Error ? error.message : String(error) });

  const nextFor = (txId: number) =>
    new Promise<DbRequest>((resolve) => {
      const state = open.get(txId);
      if (!state) throw new Error(`no transaction ${txId}`);
      const queued = state.inbox.shift();
      if (queued) resolve(queued);
      else state.queue.push(resolve);
    });

  const begin = (id: number) => {
    const txId = nextTx++;
    pg.transaction(async (tx) => {
      open.set(txId, { tx, queue: [], inbox: [] });
      reply({ id, ok: true, txId });
      for (;;) {
        const req = await nextFor(txId);
        if (req.kind === 'commit') {
          open.delete(txId);
          reply({ id: req.id, ok: true });
          return;
        }
        if (req.kind === 'rollback') {
          open.delete(txId);
          await tx.rollback();
          reply({ id: req.id, ok: true });
          return;
        }
        if (req.kind === 'query') {
          try {
            reply({ id: req.id, ok: true, rows: (await tx.query<Row>(req.sql, req.params)).rows });
          } catch (error) {
            fail(req.id, error); // the main thread rolls back
          }
        }
      }
    }).catch((error: unknown) => fail(id, error));
  };

  port.on('message', (req: DbRequest) => {
    const txId = 'txId' in req ? req.txId : undefined;
    if (txId !== undefined) {
      const state = open.get(txId);
      if (!state) return fail(req.id, `no transaction ${txId}`);
      const waiter = state.queue.shift();
      if (waiter) waiter(req);
      else state.inbox.push(req);
      return;
    }
    if (req.kind === 'begin') return begin(req.id);
    if (req.kind === 'query') {
      pg.query<Row>(req.sql, req.params).then(
        (r) => reply({ id: req.id, ok: true, rows: r.rows }),
        (e: unknown) => fail(req.id, e),
      );
      return;
    }
    if (req.kind === 'batch') {
      (async () => {
        const batches: Row[][] = [];
        for (const s of req.statements) batches.push((await pg.query<Row>(s.sql, s.params)).rows);
        return batches;
      })().then(
        (batches) => reply({ id: req.id, ok: true, batches }),
        (e: unknown) => fail(req.id, e),
      );
    }
  });
  reply({ id: 0, ok: true });
}

// ---- the child process: a fastify server over one of the set-ups ----
async function serve(mode: 'main' | 'worker', port: number) {
  const { default: Fastify } = await import('fastify');
  const db = mode === 'main' ? mainThreadDb(await openSeeded()) : (await workerDb()).db;
  const randomId = () => 1 + Math.floor(Math.random() * ROWS);
  const app = Fastify({ logger: false });
  app.get('/noop', async () => ({ ok: true }));
  app.get('/one', async () => (await db.query(SELECT_ONE, [randomId()]))[0]);
  app.get('/three', async () => {
    const a = await db.query(SELECT_ONE, [randomId()]);
    const b = await db.query(SELECT_ONE, [randomId()]);
    const c = await db.query(SELECT_ONE, [randomId()]);
    return { a: a[0], b: b[0], c: c[0] };
  });
  app.get('/batch', async () => {
    const [a, b, c] = await db.batch([1, 2, 3].map(() => ({ sql: SELECT_ONE, params: [randomId()] })));
    return { a: a?.[0], b: b?.[0], c: c?.[0] };
  });
  // The three lookups as ONE statement (one call into PGlite): batching at the SQL level.
  app.get('/any', async () => {
    const [a, b, c] = await db.query(SELECT_ANY, [[randomId(), randomId(), randomId()]]);
    return { a, b, c };
  });
  app.get('/tx', async () =>
    db.transaction(async (tx) => {
      const id = randomId();
      const [row] = await tx.query(LOCK_ONE, [id]);
      await tx.query(BUMP_ONE, [id]);
      return { id, visits: Number(row?.visits ?? 0) + 1 };
    }),
  );
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

// ---- the parent: starts each set-up, runs autocannon, prints the table ----
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROBE_CONNECTIONS = 5;

interface Measure {
  key: string;
  label: string;
  path: string;
  /** Hammer this path with the connections while the probe connections measure `path`. */
  under?: string;
}

const SETUPS: { mode: 'main' | 'worker'; measures: Measure[] }[] = [
  {
    mode: 'main',
    measures: [
      { key: 'noop', label: 'no-op route (baseline)', path: '/noop' },
      { key: 'main one', label: 'main thread: 1 lookup', path: '/one' },
      { key: 'main three', label: 'main thread: 3 lookups', path: '/three' },
      { key: 'main any', label: 'main thread: 3 lookups in 1 statement', path: '/any' },
      { key: 'main tx', label: 'main thread: transaction (4 stmts)', path: '/tx' },
      { key: 'main stall', label: 'main thread: no-op while /three loaded', path: '/noop', under: '/three' },
    ],
  },
  {
    mode: 'worker',
    measures: [
      { key: 'worker noop', label: 'worker set-up: no-op route', path: '/noop' },
      { key: 'worker one', label: 'worker: 1 lookup', path: '/one' },
      { key: 'worker three', label: 'worker: 3 lookups (3 rounds)', path: '/three' },
      { key: 'worker batch', label: 'worker: 3 lookups batched (1 round)', path: '/batch' },
      { key: 'worker any', label: 'worker: 3 lookups in 1 statement', path: '/any' },
      { key: 'worker tx', label: 'worker: transaction (4 stmts, 5 rounds)', path: '/tx' },
      { key: 'worker stall', label: 'worker: no-op while /three loaded', path: '/noop', under: '/three' },
    ],
  },
];

async function startChild(mode: 'main' | 'worker') {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', mode, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${mode} server did not start`)), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Sample {
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string, m: Measure): Promise<Sample> {
  const { default: autocannon } = await import('autocannon');
  const target = `${url}${m.path}`;
  const probe = await fetch(target);
  if (!probe.ok) throw new Error(`${target} answered ${probe.status}: ${await probe.text()}`);
  await probe.arrayBuffer();
  if (m.under) {
    const loadUrl = `${url}${m.under}`;
    await autocannon({ url: loadUrl, connections: CONNECTIONS, duration: 1 });
    const [, result] = await Promise.all([
      autocannon({ url: loadUrl, connections: CONNECTIONS, duration: DURATION }),
      autocannon({ url: target, connections: PROBE_CONNECTIONS, duration: DURATION }),
    ]);
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    };
  }
  await autocannon({ url: target, connections: CONNECTIONS, duration: 1 }); // warm-up
  const result = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const fmt = (values: number[], digits = 0) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const min = Math.min(...values);
  const max = Math.max(...values);
  return `${mean.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
};

/** The database's own ceiling (no HTTP): lookups in a loop, and a message round trip to a worker. */
async function ceilings() {
  const pg = await openSeeded();
  const lookups = 5000;
  for (let i = 1; i <= 500; i++) await pg.query(SELECT_ONE, [i]); // warm-up
  let start = performance.now();
  for (let i = 1; i <= lookups; i++) await pg.query(SELECT_ONE, [1 + ((i * 7919) % ROWS)]);
  const perLookup = (performance.now() - start) / lookups;
  start = performance.now();
  for (let i = 1; i <= lookups; i++) await pg.query('select 1');
  const perSelect1 = (performance.now() - start) / lookups;
  await pg.close();

  const { port1, port2 } = new MessageChannel();
  port2.on('message', (msg: { id: number; rows: Row[] }) => port2.postMessage(msg));
  const rows = [{ id: 1, name: 'learner 1', id_card: '000000000000000001', created_at: new Date() }];
  const echo = (id: number) =>
    new Promise<void>((resolve) => {
      port1.once('message', () => resolve());
      port1.postMessage({ id, rows });
    });
  for (let i = 0; i < 500; i++) await echo(i);
  const rounds = 5000;
  start = performance.now();
  for (let i = 0; i < rounds; i++) await echo(i);
  const perRound = (performance.now() - start) / rounds;
  port1.close();
  console.log(
    `PGlite alone (one thread, no HTTP): ${(perLookup * 1000).toFixed(0)} µs per primary-key lookup` +
      ` (${(1000 / perLookup).toFixed(0)}/s), ${(perSelect1 * 1000).toFixed(0)} µs per \`select 1\`; a MessagePort round trip carrying one row: ${(perRound * 1000).toFixed(0)} µs` +
      ` (same thread, the structured-clone and message cost without the thread hop)\n`,
  );
}

async function bench() {
  const loads = [os.loadavg()[0] ?? 0];
  console.log(
    `PGlite main thread vs worker thread: ${ROWS} rows, ${CONNECTIONS} connections, ${DURATION} s per route, ${RUNS} runs`,
  );
  console.log(`Machine: ${os.cpus().length} cores, load average ${loads[0]!.toFixed(2)} at start`);
  await ceilings();
  const samples = new Map<string, { label: string; runs: Sample[]; noop: number[] }>();
  for (let run = 1; run <= RUNS; run++) {
    // The no-op baseline of a run: its no-op route, measured on each server.
    const noops: number[] = [];
    const runSamples: { m: Measure; s: Sample }[] = [];
    // Alternate which set-up goes first, so warm-up and drift of the machine do not favour one.
    for (const setup of run % 2 === 1 ? SETUPS : [...SETUPS].reverse()) {
      const server = await startChild(setup.mode);
      try {
        for (const m of setup.measures) {
          const s = await measure(server.url, m);
          if (m.path === '/noop' && !m.under) noops.push(s.rps);
          runSamples.push({ m, s });
          console.log(
            `  run ${run} ${m.label}: ${s.rps.toFixed(0)} req/s, p99 ${s.p99} ms${s.errors ? `, ${s.errors} errors` : ''}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
    const noop = noops.reduce((a, b) => a + b, 0) / noops.length;
    for (const { m, s } of runSamples) {
      const entry = samples.get(m.key) ?? { label: m.label, runs: [], noop: [] };
      entry.runs.push(s);
      entry.noop.push(noop);
      samples.set(m.key, entry);
    }
    loads.push(os.loadavg()[0] ?? 0);
  }

  const widths = [42, 22, 18, 18, 7];
  const header = [
    'set-up / route',
    'req/s mean (min–max)',
    'p99 ms (min–max)',
    'vs no-op (min–max)',
    'errors',
  ];
  const pad = (v: string, i: number) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!));
  console.log('\n' + header.map(pad).join(' '));
  console.log(widths.map((w) => '-'.repeat(w)).join(' '));
  for (const entry of samples.values()) {
    const ratios = entry.runs.map((s, i) => (s.rps / entry.noop[i]!) * 100);
    const cells = [
      entry.label,
      fmt(entry.runs.map((s) => s.rps)),
      fmt(entry.runs.map((s) => s.p99)),
      fmt(ratios).replace(/(\d+) \((\d+)–(\d+)\)/, '$1% ($2–$3%)'),
      String(entry.runs.reduce((a, s) => a + s.errors, 0)),
    ];
    console.log(cells.map(pad).join(' '));
  }
  console.log(
    `\nThe no-op baseline of each run is the mean of the no-op route on both servers. "No-op while /three` +
      ` loaded": ${PROBE_CONNECTIONS} connections on /noop while ${CONNECTIONS} hammer /three.`,
  );
  console.log(
    `Load average (1 min) at start and after each run: ${loads.map((l) => l.toFixed(2)).join(', ')}`,
  );
}

if (!isMainThread) {
  const data = workerData as { port: MessagePort };
  await runDbWorker(data.port);
} else if (process.argv[2] === '--serve') {
  const mode = process.argv[3] === 'worker' ? 'worker' : 'main';
  await serve(mode, Number(process.argv[4]));
} else {
  await bench();
}
