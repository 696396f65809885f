// Background jobs in the database (background_jobs): work done after an answer, such as a retried payment
// notify, that must survive the process that queued it and run once even with several app processes.
// A job is queued inside the caller's transaction (it exists exactly when the write does), claimed by one
// process at a time with a lease (a process that dies mid-job leaves a lease that lapses, then another
// process takes the job over), retried with back-off, and left with its last error after max_attempts.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { backgroundJobs } from '../db/schema/index.ts';

/** How long a claimed job stays its runner's; a handler must finish well within it. */
export const JOB_LEASE_MS = 120_000;
const DEFAULT_MAX_ATTEMPTS = 5;
/** Wait after the 1st, 2nd, ... failed attempt; the last delay repeats. */
const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000] as const;
const MAX_ERROR_LENGTH = 2000;

export interface JobRun {
  id: number;
  /** 1 on the first attempt. */
  attempt: number;
}

export interface JobKind<T> {
  kind: string;
  payload: z.ZodType<T>;
  /** Throws to fail the attempt (retried after the next back-off delay). */
  run(app: FastifyInstance, payload: T, job: JobRun): Promise<void>;
  retryDelaysMs: readonly number[];
  maxAttempts: number;
}

/** The handlers of this process, by kind: a process claims only the kinds it can run. */
const handlers = new Map<string, JobKind<unknown>>();

/**
 * Declares a kind of job and registers its handler in this process; the feature that owns the kind calls it
 * once, at module level, and queues with the answer: `enqueueJob(tx, myJob, payload)`.
 */
export function defineJob<T>(spec: {
  kind: string;
  payload: z.ZodType<T>;
  run: JobKind<T>['run'];
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
}): JobKind<T> {
  if (handlers.has(spec.kind)) throw new Error(`job kind ${spec.kind} is defined twice`);
  const job: JobKind<T> = {
    kind: spec.kind,
    payload: spec.payload,
    run: spec.run,
    retryDelaysMs: spec.retryDelaysMs?.length ? spec.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS,
    maxAttempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
  handlers.set(job.kind, {
    ...job,
    run: (app, payload, run) => job.run(app, job.payload.parse(payload), run),
  });
  return job;
}

/** The kinds this process can run. */
export const registeredJobKinds = (): string[] => [...handlers.keys()];

const afterMs = (ms: number) =>
  sql`now() + ${Math.max(0, Math.round(ms))}::double precision * interval '1 millisecond'`;

/**
 * Queues a job; call it with the transaction of the write it belongs to, so that both land or neither.
 * `delayMs` counts by the database's clock (the same for every process); `runAt` is an instant.
 */
export async function enqueueJob<T>(
  db: DbOrTx,
  job: JobKind<T>,
  payload: T,
  options: { delayMs?: number; runAt?: Date; maxAttempts?: number } = {},
): Promise<number> {
  const [row] = await db
    .insert(backgroundJobs)
    .values({
      kind: job.kind,
      payload: job.payload.parse(payload),
      runAt: options.runAt ?? afterMs(options.delayMs ?? 0),
      maxAttempts: options.maxAttempts ?? job.maxAttempts,
    })
    .returning({ id: backgroundJobs.id });
  return row!.id;
}

/**
 * Marks a queued job done because its work was done another way (a first attempt made inline); a job a
 * runner holds right now is left to it (the work must be safe to repeat).
 */
export async function markJobDone(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(backgroundJobs)
    .set({ doneAt: sql`now()`, lockedUntil: null })
    .where(
      and(
        eq(backgroundJobs.id, id),
        isNull(backgroundJobs.doneAt),
        or(isNull(backgroundJobs.lockedUntil), lt(backgroundJobs.lockedUntil, sql`now()`)),
      ),
    );
}

/** Claims the next due job of the given kinds for one lease; one statement, safe between processes. */
async function claimDueJob(db: DbOrTx, kinds: string[]) {
  const due = db
    .select({ id: backgroundJobs.id })
    .from(backgroundJobs)
    .where(
      and(
        isNull(backgroundJobs.doneAt),
        lte(backgroundJobs.runAt, sql`now()`),
        or(isNull(backgroundJobs.lockedUntil), lt(backgroundJobs.lockedUntil, sql`now()`)),
        lt(backgroundJobs.attempts, backgroundJobs.maxAttempts),
        inArray(backgroundJobs.kind, kinds),
      ),
    )
    .orderBy(asc(backgroundJobs.runAt), asc(backgroundJobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(backgroundJobs)
    .set({ lockedUntil: afterMs(JOB_LEASE_MS), attempts: sql`${backgroundJobs.attempts} + 1` })
    .where(eq(backgroundJobs.id, sql`(${due})`))
    .returning();
  return job;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message || error.name : String(error)).slice(0, MAX_ERROR_LENGTH);

/** Runs one claimed job and records the outcome, unless another runner took it over meanwhile. */
async function runClaimed(app: FastifyInstance, job: NonNullable<Awaited<ReturnType<typeof claimDueJob>>>) {
  const handler = handlers.get(job.kind);
  const stillOurs = and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.attempts, job.attempts));
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler.run(app, job.payload, { id: job.id, attempt: job.attempts });
  } catch (error) {
    const delays = handler?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const delay = delays[Math.min(job.attempts, delays.length) - 1] ?? 0;
    const last = job.attempts >= job.maxAttempts;
    app.log.warn(
      { err: error, job: { id: job.id, kind: job.kind, attempt: job.attempts } },
      last ? 'job failed for the last time' : 'job failed, retried later',
    );
    await app.db
      .update(backgroundJobs)
      .set({ lastError: errorText(error), lockedUntil: null, ...(last ? {} : { runAt: afterMs(delay) }) })
      .where(stillOurs);
    return;
  }
  await app.db
    .update(backgroundJobs)
    .set({ doneAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(stillOurs);
}

/**
 * Runs the jobs that are due now, one after another, until none is left or `limit` ran; answers how many
 * ran (failed attempts included). The runner calls it every second; tests call it instead of waiting.
 */
export async function runDueJobs(app: FastifyInstance, { limit = 20 } = {}): Promise<number> {
  const kinds = registeredJobKinds();
  if (kinds.length === 0) return 0;
  let ran = 0;
  while (ran < limit) {
    const job = await claimDueJob(app.db, kinds);
    if (!job) break;
    await runClaimed(app, job);
    ran++;
  }
  return ran;
}

/** Deletes jobs done a week ago, and those that gave up a month ago (kept that long to be looked into). */
export async function purgeOldJobs(db: DbOrTx): Promise<void> {
  await db
    .delete(backgroundJobs)
    .where(
      or(
        lt(backgroundJobs.doneAt, sql`now() - interval '7 days'`),
        and(
          isNull(backgroundJobs.doneAt),
          sql`${backgroundJobs.attempts} >= ${backgroundJobs.maxAttempts}`,
          lt(backgroundJobs.createdAt, sql`now() - interval '30 days'`),
        ),
      ),
    );
}
