// The live monitor's counts, from its per-candidate rows (unit tested).
import type { ExamMonitorRow } from './api.ts';

export interface MonitorCounts {
  candidates: number;
  /** Started and still answering. */
  answering: number;
  /** Submitted by the candidate or closed at the deadline. */
  submitted: number;
  notStarted: number;
}

export function monitorCounts(rows: readonly Pick<ExamMonitorRow, 'state'>[]): MonitorCounts {
  const counts = { candidates: rows.length, answering: 0, submitted: 0, notStarted: 0 };
  for (const row of rows) {
    if (row.state === 'open') counts.answering += 1;
    else if (row.state === 'not_started') counts.notStarted += 1;
    else counts.submitted += 1;
  }
  return counts;
}
