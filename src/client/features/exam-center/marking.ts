// Blind scoring's moves and checks (unit tested): where the queue starts, where a save goes next, what a
// key does, and whether a typed score is one the server takes (0..max in steps of 0.5).
import { SCORE_STEP } from '../../../shared/marking/schema.ts';

export const markingPath = (paperId: number) => `/manage/examinationCenter/exam/testpaper/${paperId}`;

interface QueueItem {
  scored: boolean;
}

/** The first answer without a score, else the first answer (-1 for an empty queue). */
export function firstToScore(items: readonly QueueItem[]): number {
  if (!items.length) return -1;
  const index = items.findIndex((i) => !i.scored);
  return index === -1 ? 0 : index;
}

/**
 * After saving the answer at `index`: the next answer without a score (after it, then from the start);
 * when every answer is scored, the one after it (or the last).
 */
export function nextAfterSave(items: readonly QueueItem[], index: number): number {
  for (let step = 1; step < items.length; step += 1) {
    const candidate = (index + step) % items.length;
    if (!items[candidate]!.scored) return candidate;
  }
  return Math.min(index + 1, items.length - 1);
}

export type ScoreCheck = { ok: true; score: number } | { ok: false; reason: 'empty' | 'range' | 'step' };

export function checkScore(value: number | string, max: number): ScoreCheck {
  if (value === '' || value === null) return { ok: false, reason: 'empty' };
  const score = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(score)) return { ok: false, reason: 'empty' };
  if (score < 0 || score > max) return { ok: false, reason: 'range' };
  if (!Number.isInteger(score / SCORE_STEP)) return { ok: false, reason: 'step' };
  return { ok: true, score };
}

export type MarkingKey = 'next' | 'previous' | 'save' | null;

/**
 * J / K move to the next / previous answer (not while typing a comment); Enter saves and goes on (in the
 * comment box: Ctrl+Enter, a plain Enter is a new line).
 */
export function markingKey(
  event: { key: string; ctrlKey: boolean; metaKey: boolean },
  inTextArea: boolean,
): MarkingKey {
  if (event.key === 'Enter') return !inTextArea || event.ctrlKey || event.metaKey ? 'save' : null;
  if (inTextArea) return null;
  if (event.key === 'j' || event.key === 'J') return 'next';
  if (event.key === 'k' || event.key === 'K') return 'previous';
  return null;
}
