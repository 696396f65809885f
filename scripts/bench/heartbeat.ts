// npm run bench:heartbeat - BENCH_LEARNERS (default 2,000) learners watching a lesson, each sending a
// heartbeat every 10 s for BENCH_DURATION_S (default 120) seconds (issue 23), on the embedded database or on
// PostgreSQL (BENCH_DATABASE_URL).
//
// Set-up through the services the API uses (the demo data and the learners of bench/candidates.ts), then a
// free published course with one long video lesson that every learner has (rows written directly: the file
// itself is never streamed here). The real server runs in its own process; every learner opens the lesson
// (POST /v1/lessons/:id/play, which opens the playback session) and then, like the lesson page, sends a
// heartbeat every 10 s with the position 10 s further on, through the outbox: with an Idempotency-Key, and
// 5 % of heartbeats are replayed under the same key (an answer lost on a weak network); the heartbeat route
// answers those by its own (session, sequence) rule, without idempotency rows.
//
// Prints the p50/p99 heartbeat latency, the heartbeats per second sustained, errors, and the database
// writes per heartbeat (INSERT/UPDATE/DELETE statements the server sent during the heartbeats, counted in
// its process by count-writes.ts: the learning tables, and the idempotency keys apart). Afterwards the
// database is read back: no session may credit more than the wall-clock time it was open plus one
// allowance, and a learner's credited seconds should be close to the seconds watched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { issueToken } from '../../src/server/auth/tokens.ts';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';
import {
  courseChapters,
  courseLearners,
  courseLessons,
  courses,
  lessonProgress,
  lessonSessions,
  videos,
} from '../../src/server/db/schema/index.ts';
import { HEARTBEAT_MAX_CREDIT_SECONDS, HEARTBEAT_SECONDS } from '../../src/shared/learning/schema.ts';
import { inBatches, prepareLearners } from './candidates.ts';
import { pad, startServer } from './server.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 120);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const REPLAY_SAME_KEY = 0.05;
const LEARNING_TABLES = ['lesson_sessions', 'lesson_progress'];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

const openDb = (dataDir: string): Promise<Database> =>
  DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite({ dataDir: path.join(dataDir, 'data') });

/** A free published course with one video lesson longer than the run, held by every learner. */
async function courseForAll(db: Database['db'], learnerIds: number[]) {
  const duration = DURATION_S + 600;
  const [video] = await db
    .insert(videos)
    .values({
      title: '压测视频',
      storageKey: `bench/heartbeat-${Date.now()}.mp4`,
      size: 1,
      mime: 'video/mp4',
      durationSeconds: duration,
      width: 480,
      height: 270,
      videoCodec: 'h264',
    })
    .returning({ id: videos.id });
  const [course] = await db
    .insert(courses)
    .values({ title: '压测课程', state: 'published', publishedAt: new Date() })
    .returning({ id: courses.id });
  const [chapter] = await db
    .insert(courseChapters)
    .values({ courseId: course!.id, title: '第一章' })
    .returning({ id: courseChapters.id });
  const [lesson] = await db
    .insert(courseLessons)
    .values({
      courseId: course!.id,
      chapterId: chapter!.id,
      title: '压测课时',
      kind: 'video',
      videoId: video!.id,
      durationSeconds: duration,
    })
    .returning({ id: courseLessons.id });
  for (let i = 0; i < learnerIds.length; i += 500) {
    await db
      .insert(courseLearners)
      .values(
        learnerIds
          .slice(i, i + 500)
          .map((learnerId) => ({ courseId: course!.id, learnerId, source: 'free' })),
      );
  }
  return lesson!.id;
}

/** The server's write counts so far (count-writes.ts dumps them on SIGUSR2 and at exit). */
async function writeCounts(pid: number, file: string): Promise<Record<string, number>> {
  const before = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 50));
    if (fs.existsSync(file) && fs.statSync(file).mtimeMs !== before) break;
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
}

const delta = (after: Record<string, number>, before: Record<string, number>, tables: string[]) =>
  tables.reduce((sum, table) => sum + (after[table] ?? 0) - (before[table] ?? 0), 0);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bench-heartbeat-'));
  const writesFile = path.join(dataDir, 'writes.json');
  const engine = DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`Preparing the demo data, ${LEARNERS} learners and a course they all have (${engine})...`);
  const started = Date.now();
  const database = await openDb(dataDir);
  const { learners } = await prepareLearners(database, path.join(dataDir, 'data'), {
    count: LEARNERS,
    prefix: 'hbbench',
    phonePrefix: '173',
  });
  const lessonId = await courseForAll(
    database.db,
    learners.map((l) => l.id),
  );
  const tokens = await inBatches(
    learners,
    20,
    async (learner) => (await issueToken(database.db, 'learners', learner.id)).access_token,
  );
  await database.close();
  console.log(`  prepared in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const server = await startServer(
    {
      DATA_DIR: path.join(dataDir, 'data'),
      DEMO: 'off',
      DATABASE_URL: DATABASE_URL ?? '',
      BENCH_WRITES_FILE: writesFile,
    },
    { preload: [path.resolve('scripts/bench/count-writes.ts')] },
  );
  const send = async (token: string, url: string, body: unknown, key?: string) => {
    const t0 = performance.now();
    try {
      const res = await fetch(`${server.url}/api${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      const replayed = res.headers.get('idempotent-replayed') === 'true';
      return { status: res.status, text, replayed, ms: performance.now() - t0 };
    } catch (error) {
      // No answer (a connection refused or timed out on a saturated server): an error, sent again.
      const cause =
        error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      return { status: 0, text: cause, replayed: false, ms: performance.now() - t0 };
    }
  };

  const sessions: string[] = [];
  const latencies: number[] = [];
  let applied = 0;
  let replays = 0;
  let conflicts = 0;
  let errors = 0;
  let creditedByAnswers = 0;
  const errorSamples = new Set<string>();
  try {
    console.log(
      `Server at ${server.url}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const playLatencies: number[] = [];
    await inBatches(tokens, 50, async (token, i) => {
      const res = await send(token, `/v1/lessons/${lessonId}/play`, {});
      playLatencies.push(res.ms);
      if (res.status !== 200) throw new Error(`play answered ${res.status}: ${res.text.slice(0, 300)}`);
      sessions[i] = (JSON.parse(res.text) as { session_id: string }).session_id;
    });
    console.log(`  ${sessions.length} playback sessions opened`);

    const before = await writeCounts(server.pid, writesFile);
    const beats = Math.floor(DURATION_S / HEARTBEAT_SECONDS);
    const intervalMs = HEARTBEAT_SECONDS * 1000;
    const wall0 = performance.now();
    const device = async (token: string, sessionId: string, n: number) => {
      const offset = (n % 100) * (intervalMs / 100);
      for (let seq = 1; seq <= beats; seq++) {
        const due = wall0 + offset + seq * intervalMs;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        // As the lesson page makes it: recorded when due on the server's clock (this machine's), no
        // device_now; a heartbeat held back by a slow answer to the one before is sent late, as the outbox
        // sends a queued one, with the time it was due.
        const body = {
          session_id: sessionId,
          seq,
          position: seq * HEARTBEAT_SECONDS,
          recorded_at: new Date(Date.now() - (performance.now() - due)).toISOString(),
          playing: true,
        };
        const key = `hb-${sessionId}-${seq}`;
        const one = async (measured: boolean) => {
          for (let tries = 0; tries < 10; tries++) {
            const res = await send(token, `/v1/learner/lessons/${lessonId}/heartbeats`, body, key);
            if (measured && tries === 0) latencies.push(res.ms);
            if (res.status === 200) {
              // A replay under the key gets the first answer again: it applied nothing itself.
              const answer = JSON.parse(res.text) as { duplicate: boolean; credited_seconds: number };
              if (!res.replayed && !answer.duplicate) {
                applied++;
                creditedByAnswers += answer.credited_seconds;
              }
              return;
            }
            if (res.status === 409) conflicts++;
            else {
              errors++;
              if (errorSamples.size < 5) errorSamples.add(`${res.status} ${res.text.slice(0, 200)}`);
            }
            await new Promise((r) => setTimeout(r, 200 * (tries + 1)));
          }
        };
        const sends = [one(true)];
        if (Math.random() < REPLAY_SAME_KEY) {
          replays++;
          sends.push(one(false));
        }
        await Promise.all(sends);
      }
    };
    await Promise.all(tokens.map((token, n) => device(token, sessions[n]!, n)));
    const wall = (performance.now() - wall0) / 1000;
    const after = await writeCounts(server.pid, writesFile);
    await server.stop();

    // ---- read back
    const check = await openDb(dataDir);
    const sessionRows = await check.db
      .select()
      .from(lessonSessions)
      .where(inArray(lessonSessions.id, sessions));
    const progressRows = await check.db
      .select({ credited: lessonProgress.creditedSeconds })
      .from(lessonProgress)
      .where(
        inArray(
          lessonProgress.learnerId,
          learners.map((l) => l.id),
        ),
      );
    await check.close();
    let overCredited = 0;
    let sessionCredit = 0;
    for (const row of sessionRows) {
      sessionCredit += row.creditedSeconds;
      const open = ((row.lastHeartbeatAt ?? row.startedAt).getTime() - row.startedAt.getTime()) / 1000;
      if (row.creditedSeconds > open + HEARTBEAT_MAX_CREDIT_SECONDS + 1e-6) overCredited++;
    }
    const progressCredit = progressRows.reduce((sum, row) => sum + row.credited, 0);
    const watched = LEARNERS * beats * HEARTBEAT_SECONDS;

    const learningWrites = delta(after, before, LEARNING_TABLES);
    const keyWrites = delta(after, before, ['idempotency_keys']);
    const allWrites = delta(after, before, Object.keys(after));
    const sorted = [...latencies].sort((a, b) => a - b);
    const plays = [...playLatencies].sort((a, b) => a - b);
    const widths = [48, 16];
    const line = (label: string, value: string) =>
      console.log(`${pad(label, widths[0]!)} ${pad(value, widths[1]!, true)}`);
    console.log(
      `\n${engine}: ${LEARNERS} learners, one heartbeat each every ${HEARTBEAT_SECONDS} s for ${DURATION_S} s (${beats} each)`,
    );
    console.log(widths.map((w) => '-'.repeat(w)).join(' '));
    line('heartbeats applied', `${applied} / ${LEARNERS * beats}`);
    line('replays sent under the same key', String(replays));
    line('heartbeats per second offered', `${(LEARNERS / HEARTBEAT_SECONDS).toFixed(1)} /s`);
    line('heartbeats per second sustained', `${(applied / wall).toFixed(1)} /s`);
    line('heartbeat latency p50', `${percentile(sorted, 50).toFixed(1)} ms`);
    line('heartbeat latency p99', `${percentile(sorted, 99).toFixed(1)} ms`);
    line('heartbeat latency max', `${(sorted.at(-1) ?? 0).toFixed(1)} ms`);
    line('answers 409 (replay in flight)', String(conflicts));
    line('errors (other non-200)', String(errors));
    line('writes per heartbeat, learning tables', (learningWrites / Math.max(1, applied)).toFixed(2));
    line('writes per heartbeat, idempotency keys', (keyWrites / Math.max(1, applied)).toFixed(2));
    line('writes per heartbeat, all tables', (allWrites / Math.max(1, applied)).toFixed(2));
    line(
      'play latency p50 / p99',
      `${percentile(plays, 50).toFixed(0)} / ${percentile(plays, 99).toFixed(0)} ms`,
    );
    line('seconds watched (devices)', String(watched));
    line('seconds credited (sessions)', sessionCredit.toFixed(0));
    line('seconds credited (lesson progress)', progressCredit.toFixed(0));
    line('seconds credited (heartbeat answers)', creditedByAnswers.toFixed(0));
    line('sessions credited beyond wall time (must be 0)', String(overCredited));
    line('simulation wall time', `${wall.toFixed(0)} s`);
    const others = Object.keys(after)
      .filter((table) => ![...LEARNING_TABLES, 'idempotency_keys'].includes(table))
      .map((table) => `${table} ${delta(after, before, [table])}`)
      .filter((entry) => !entry.endsWith(' 0'));
    if (others.length) console.log(`  other writes during the heartbeats: ${others.join(', ')}`);
    for (const sample of errorSamples) console.log(`  error sample: ${sample}`);
    if ((os.loadavg()[0] ?? 0) > os.cpus().length)
      console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} at the end: the machine was busy)`);
    if (overCredited > 0 || progressCredit > watched + LEARNERS * HEARTBEAT_MAX_CREDIT_SECONDS)
      process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
