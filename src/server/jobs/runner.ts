// The job runner of one app process: from the app's start to its close it polls background_jobs about once
// a second and runs what is due (jobs/service.ts). Every process runs one; the claim lets only one of them
// take each job. Its timers never keep a process alive, and closing the app waits for the job in hand.
import type { FastifyInstance } from 'fastify';
import { purgeOldJobs, runDueJobs } from './service.ts';

export const JOB_POLL_MS = 1_000;
/** Old jobs are purged about this often, by whichever process gets there. */
const PURGE_EVERY_MS = 3_600_000;

export function startJobRunner(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastPurge = Date.now();

  const tick = async () => {
    try {
      await runDueJobs(app);
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await purgeOldJobs(app.db);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'job runner: poll failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    // A little jitter keeps several processes from polling in step.
    timer = setTimeout(
      () => {
        running = tick().finally(() => {
          running = undefined;
          schedule();
        });
      },
      JOB_POLL_MS * (0.75 + Math.random() * 0.5),
    );
    timer.unref();
  };

  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
