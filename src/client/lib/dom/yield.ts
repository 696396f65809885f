// Gives the browser a turn (input, paint) between two pieces of start-up work, so a slow phone runs
// several medium tasks instead of one long one. scheduler.yield() where the browser has it (the rest of
// the work keeps its place in line), a zero-delay timeout elsewhere.
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
