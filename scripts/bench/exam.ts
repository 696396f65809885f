// npm run bench:exam - 500 candidates in one online theory exam, each saving an answer every 10 s for 5
// minutes of simulated time (issue 22), on the embedded database or on PostgreSQL (BENCH_DATABASE_URL).
//
// Set-up through the services the API uses: the demo data, BENCH_CANDIDATES (default 500) candidates with
// admission tickets on one plan, a bank of 60 questions, an approved fixed paper of 43 answerable questions
// (single choice, multiple choice, true/false, essay) bound to the plan's theory session as an open online
// exam. The real server then runs in its own process; every candidate starts the exam over HTTP (ticket
// number + ID number) and, like the exam page's sync loop, sends one saved answer at a time with an
// Idempotency-Key and the question's next version. Weak networks are simulated: 10 % of saves lose their
// answer and are replayed with the same key, and 5 % are sent again under a new key (a device that lost the
// key), so a duplicate application would show. 30 saves per candidate, one per simulated 10 s, each
// candidate's first at a random moment: 50 saves a second, the exam-day load. BENCH_EXAM_SPEEDUP (default 1)
// runs the simulated clock faster than the wall clock to look for the ceiling (5: 250 saves a second);
// BENCH_RUNS repeats the exam on the same candidates (a new exam each time) and prints the spread.
//
// Afterwards the database is read back: an answer is lost when the held version or content differs from
// the device's last one, and a duplicate is an application beyond the versions the device sent
// (`applied_count` counts applications). Prints those with the p50/p99 save latency, the achieved save
// rate and the CPU the server process (and, on PostgreSQL, the database server) used.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../src/server/db/client.ts';
import { admissionTickets, attemptAnswers, examAttempts } from '../../src/server/db/schema/index.ts';
import { answerablesOf, drawnPaperSchema, type DrawnPaper } from '../../src/shared/exams/drawn-paper.ts';
import { inBatches, prepareTicketedCandidates } from './candidates.ts';
import { openExamOn } from './exam-fixture.ts';
import { pad, startServer } from './server.ts';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 500);
const SPEEDUP = Number(process.env.BENCH_EXAM_SPEEDUP ?? 1);
const SIMULATED_SECONDS = Number(process.env.BENCH_EXAM_SECONDS ?? 300);
const SAVE_EVERY_SECONDS = 10;
const REPLAY_SAME_KEY = 0.1;
const RESEND_NEW_KEY = 0.05;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const RUNS = Number(process.env.BENCH_RUNS ?? 1);

interface Candidate {
  token: string;
  ticketNo: string;
  idNumber: string;
  attemptId?: number;
  /** Answerable questions of the drawn paper (a material question's sub-questions). */
  items?: { id: number; type: string; keys: string[] }[];
  /** The device's last version and answer per question. */
  sent: Map<number, { version: number; choices: string[]; text: string }>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every postgres process on the machine (PostgreSQL runs one process per connection). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += cpuSeconds(Number(entry));
    } catch {
      // the process ended
    }
  }
  return total;
}

function answerItems(paper: DrawnPaper) {
  return paper.questions.flatMap((q) =>
    answerablesOf(q).map((item) => ({
      id: item.question_id,
      type: item.type,
      keys: item.options.map((o) => o.key),
    })),
  );
}

async function main() {
  const results: RunResult[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bench-exam-'));
  console.log(
    `Preparing the demo data, ${CANDIDATES} ticketed candidates and an open online exam (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})...`,
  );
  const started = Date.now();
  const database = DATABASE_URL
    ? await openPostgres(DATABASE_URL)
    : await openPglite({ dataDir: path.join(dataDir, 'data') });
  const fixture = await prepareTicketedCandidates(database, path.join(dataDir, 'data'), {
    count: CANDIDATES,
    prefix: 'exambench',
    phonePrefix: '175',
    planTitle: '压测：电工四级理论考试',
    examDay: 2,
  });
  const tickets = await database.db
    .select({ enrollmentId: admissionTickets.enrollmentId, ticketNo: admissionTickets.ticketNo })
    .from(admissionTickets)
    .where(inArray(admissionTickets.enrollmentId, fixture.enrollmentIds));
  const ticketOf = new Map(tickets.map((t) => [t.enrollmentId, t.ticketNo]));
  const identities = fixture.learners.map((learner, i) => ({
    token: fixture.tokens[i]!,
    ticketNo: ticketOf.get(fixture.enrollmentIds[i]!)!,
    idNumber: learner.idCard,
  }));
  await database.close();
  console.log(`  prepared in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    for (let run = 1; run <= RUNS; run++) {
      // Each run is a new exam on the same plan, so every candidate starts a fresh attempt.
      const db = DATABASE_URL
        ? await openPostgres(DATABASE_URL)
        : await openPglite({ dataDir: path.join(dataDir, 'data') });
      const examId = await openExamOn(db.db, fixture.planId, fixture.manager.id, `第 ${run} 轮`);
      await db.close();
      const candidates: Candidate[] = identities.map((identity) => ({ ...identity, sent: new Map() }));
      results.push(await runOnce(run, dataDir, examId, candidates));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (results.length > 1) printSpread(results);
  if (results.some((r) => r.lost > 0 || r.duplicates > 0)) process.exitCode = 1;
}

async function runOnce(
  run: number,
  dataDir: string,
  examId: number,
  candidates: Candidate[],
): Promise<RunResult> {
  const server = await startServer({
    DATA_DIR: path.join(dataDir, 'data'),
    DEMO: 'off',
    DATABASE_URL: DATABASE_URL ?? '',
  });
  const base = server.url;
  const send = async (token: string, method: string, url: string, body: unknown, key?: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - t0 };
  };

  const latencies: number[] = [];
  const startLatencies: number[] = [];
  let errors = 0;
  let conflicts = 0;
  const errorSamples = new Set<string>();
  try {
    console.log(`Server at ${base}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
    // ---- every candidate starts the exam (identity check + draw)
    await inBatches(candidates, 50, async (c) => {
      const res = await send(c.token, 'POST', `/v1/learner/exams/${examId}/start`, {
        ticket_no: c.ticketNo,
        id_number: c.idNumber,
      });
      startLatencies.push(res.ms);
      if (res.status !== 200) throw new Error(`start answered ${res.status}: ${res.text.slice(0, 300)}`);
      const attempt = JSON.parse(res.text) as { id: number; paper: unknown };
      c.attemptId = attempt.id;
      c.items = answerItems(drawnPaperSchema.parse(attempt.paper));
    });
    console.log(`  ${candidates.length} attempts started`);

    // ---- the simulated exam: one save per candidate every SAVE_EVERY_SECONDS / SPEEDUP
    const saves = Math.floor(SIMULATED_SECONDS / SAVE_EVERY_SECONDS);
    const intervalMs = (SAVE_EVERY_SECONDS * 1000) / SPEEDUP;
    const cpu0 = cpuSeconds(server.pid);
    const pg0 = DATABASE_URL ? postgresCpuSeconds() : 0;
    const wall0 = performance.now();
    let savesSent = 0;
    const device = async (c: Candidate, n: number) => {
      await new Promise((r) => setTimeout(r, Math.random() * intervalMs));
      const simulatedStart = Date.now();
      for (let k = 0; k < saves; k++) {
        const due = wall0 + k * intervalMs + (n % 97) * (intervalMs / 97);
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const items = c.items!;
        // Mostly the next question; every fourth save changes an earlier answer (a newer version).
        const answered = c.sent.size;
        const item =
          k % 4 === 3 && answered > 0 ? items[(k * 7) % answered]! : items[answered % items.length]!;
        const previous = c.sent.get(item.id);
        const version = (previous?.version ?? 0) + 1;
        const choices =
          item.type === 'essay'
            ? []
            : item.type === 'choice'
              ? item.keys.filter((_, i) => (i + version) % 2 === 0)
              : [item.keys[(version + n) % item.keys.length]!];
        const text = item.type === 'essay' ? `第 ${version} 稿：停电、验电、挂接地线。考生 ${n}` : '';
        c.sent.set(item.id, { version, choices, text });
        const recordedAt = new Date(simulatedStart + k * SAVE_EVERY_SECONDS * 1000).toISOString();
        const body = {
          device_now: new Date().toISOString(),
          answers: [{ question_id: item.id, answer: { choices, text }, version, recorded_at: recordedAt }],
        };
        const key = `bench-${c.attemptId}-${item.id}-${version}`;
        const url = `/v1/learner/attempts/${c.attemptId}/answers`;
        const attempts: Promise<void>[] = [];
        const one = async (idempotencyKey: string, measured: boolean) => {
          // A device retries a failed send until the server answers (the page's sync loop).
          for (let tries = 0; tries < 20; tries++) {
            const res = await send(c.token, 'PUT', url, body, idempotencyKey);
            if (measured && tries === 0) latencies.push(res.ms);
            savesSent++;
            if (res.status === 200) return;
            if (res.status === 409) conflicts++;
            else {
              errors++;
              if (errorSamples.size < 5) errorSamples.add(`${res.status} ${res.text.slice(0, 200)}`);
            }
            await new Promise((r) => setTimeout(r, 200 * (tries + 1)));
          }
        };
        attempts.push(one(key, true));
        // The answer to the first send was "lost": the device replays the same key, at once.
        if (Math.random() < REPLAY_SAME_KEY) attempts.push(one(key, false));
        // A device that lost the key sends the same version again under a new one.
        if (Math.random() < RESEND_NEW_KEY) attempts.push(one(`${key}-again`, false));
        await Promise.all(attempts);
      }
    };
    await Promise.all(candidates.map((c, n) => device(c, n)));
    const wall = (performance.now() - wall0) / 1000;
    const cpu = cpuSeconds(server.pid) - cpu0;
    const pgCpu = DATABASE_URL ? postgresCpuSeconds() - pg0 : 0;

    // ---- read back
    await server.stop();
    const check = DATABASE_URL
      ? await openPostgres(DATABASE_URL)
      : await openPglite({ dataDir: path.join(dataDir, 'data') });
    const attemptIds = candidates.map((c) => c.attemptId!);
    const rows = await check.db
      .select({
        attemptId: attemptAnswers.attemptId,
        questionId: attemptAnswers.questionId,
        version: attemptAnswers.version,
        answer: attemptAnswers.answer,
        appliedCount: attemptAnswers.appliedCount,
      })
      .from(attemptAnswers)
      .innerJoin(examAttempts, eq(examAttempts.id, attemptAnswers.attemptId))
      .where(inArray(attemptAnswers.attemptId, attemptIds));
    await check.close();
    const held = new Map(rows.map((r) => [`${r.attemptId}:${r.questionId}`, r]));
    let lost = 0;
    let duplicates = 0;
    let expected = 0;
    for (const c of candidates) {
      for (const [questionId, last] of c.sent) {
        expected++;
        const row = held.get(`${c.attemptId}:${questionId}`);
        const same =
          row &&
          row.version === last.version &&
          row.answer.text === last.text &&
          JSON.stringify([...row.answer.choices].sort()) === JSON.stringify([...last.choices].sort());
        if (!same) lost++;
        // Versions 1..last were each sent in order: each may apply once.
        if (row) duplicates += Math.max(0, row.appliedCount - last.version);
      }
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const starts = [...startLatencies].sort((a, b) => a - b);
    const widths = [44, 14];
    const line = (label: string, value: string) =>
      console.log(`${pad(label, widths[0]!)} ${pad(value, widths[1]!, true)}`);
    console.log(
      `\nRun ${run} of ${RUNS}, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${CANDIDATES} candidates, ${saves} saves each, ${SPEEDUP}x speed`,
    );
    console.log(widths.map((w) => '-'.repeat(w)).join(' '));
    line('answers lost (must be 0)', String(lost));
    line('duplicates applied (must be 0)', String(duplicates));
    line('questions answered (device = server)', `${expected - lost} / ${expected}`);
    line('saves sent (replays included)', String(savesSent));
    line('save rate achieved', `${(savesSent / wall).toFixed(0)} /s`);
    line('save latency p50', `${percentile(sorted, 50).toFixed(1)} ms`);
    line('save latency p95', `${percentile(sorted, 95).toFixed(1)} ms`);
    line('save latency p99', `${percentile(sorted, 99).toFixed(1)} ms`);
    line('save latency max', `${(sorted.at(-1) ?? 0).toFixed(1)} ms`);
    line('save answers 409 (replay in flight)', String(conflicts));
    line('save errors (other non-200)', String(errors));
    line(
      'start latency p50 / p99',
      `${percentile(starts, 50).toFixed(0)} / ${percentile(starts, 99).toFixed(0)} ms`,
    );
    line('server CPU (one core = 100 %)', `${((cpu / wall) * 100).toFixed(0)} %`);
    if (DATABASE_URL) line('PostgreSQL CPU (all its processes)', `${((pgCpu / wall) * 100).toFixed(0)} %`);
    line('simulation wall time', `${wall.toFixed(0)} s`);
    for (const sample of errorSamples) console.log(`  error sample: ${sample}`);
    if ((os.loadavg()[0] ?? 0) > os.cpus().length)
      console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} at the end: the machine was busy)`);
    return {
      lost,
      duplicates,
      rate: savesSent / wall,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      cpu: (cpu / wall) * 100,
      pgCpu: (pgCpu / wall) * 100,
    };
  } finally {
    await server.stop();
  }
}

interface RunResult {
  lost: number;
  duplicates: number;
  rate: number;
  p50: number;
  p99: number;
  cpu: number;
  pgCpu: number;
}

/** Over several runs: each figure's lowest and highest value. */
function printSpread(results: RunResult[]) {
  const span = (pick: (r: RunResult) => number, digits = 0) => {
    const values = results.map(pick);
    return `${Math.min(...values).toFixed(digits)} – ${Math.max(...values).toFixed(digits)}`;
  };
  console.log(`\nOver ${results.length} runs (lowest – highest):`);
  console.log(`  answers lost ${span((r) => r.lost)}, duplicates applied ${span((r) => r.duplicates)}`);
  console.log(
    `  save rate ${span((r) => r.rate)} /s, p50 ${span((r) => r.p50, 1)} ms, p99 ${span((r) => r.p99, 1)} ms`,
  );
  console.log(
    `  server CPU ${span((r) => r.cpu)} %${DATABASE_URL ? `, PostgreSQL CPU ${span((r) => r.pgCpu)} %` : ''}`,
  );
}

await main();
