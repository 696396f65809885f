// Lighthouse's simulated CPU slowdown is relative to the machine it runs on. Its default, 4×, turns a
// high-end desktop (benchmark index about 1,500-2,000) into a mid-tier phone; on a slower host the same
// 4× emulates a slower phone than intended, and Lighthouse's CLI warns below an index of 1,000. Its
// throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") advises a multiplier matched to
// the host's benchmark index and links Lighthouse's calculator, whose anchors this follows: index 150 is
// 1×, 800 is 2×, 1,300 is 3×, then one more per 233 (1,533 is 4×, 2,000 is 6×), linear in between.

/** Lighthouse's default CPU slowdown (mobile preset). */
export const DEFAULT_CPU_SLOWDOWN = 4;
/** Below this benchmark index Lighthouse's CLI warns that the host is slower than it expects. */
export const SLOW_HOST_BENCHMARK_INDEX = 1000;

const ANCHORS: readonly (readonly [index: number, slowdown: number])[] = [
  [150, 1],
  [800, 2],
  [1300, 3],
];
const INDEX_PER_STEP_ABOVE = 233;

/** The CPU slowdown that emulates Lighthouse's mid-tier phone on a host of this benchmark index. */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= ANCHORS[0]![0]) return 1;
  const [lastIndex, lastSlowdown] = ANCHORS[ANCHORS.length - 1]!;
  if (benchmarkIndex >= lastIndex) return lastSlowdown + (benchmarkIndex - lastIndex) / INDEX_PER_STEP_ABOVE;
  const upper = ANCHORS.findIndex(([index]) => index > benchmarkIndex);
  const [fromIndex, fromSlowdown] = ANCHORS[upper - 1]!;
  const [toIndex, toSlowdown] = ANCHORS[upper]!;
  return fromSlowdown + ((benchmarkIndex - fromIndex) / (toIndex - fromIndex)) * (toSlowdown - fromSlowdown);
}
