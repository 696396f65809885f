// Reading a candidate file: the link's ids, which chain steps are reached, the photo to show and what a
// score correction changed. Kept apart from the page so the rules are unit tested.
import type { CandidateFile, ScoreSnapshot } from './api.ts';

export const FILE_SECTIONS = [
  'registration',
  'materials',
  'review',
  'payment',
  'ticket',
  'score',
  'certificate',
] as const;
export type FileSection = (typeof FILE_SECTIONS)[number];

/** `?learnerId=1&planId=2` -> the two ids, or null when either is missing or not a positive integer. */
export function parseFileParams(search: string): { learnerId: number; planId: number } | null {
  const params = new URLSearchParams(search);
  const id = (name: string) => {
    const raw = params.get(name)?.trim() ?? '';
    return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  };
  const learnerId = id('learnerId');
  const planId = id('planId');
  return learnerId && planId ? { learnerId, planId } : null;
}

/** Which steps of the chain the candidate has reached (a section without data says "not yet"). */
export function reachedSections(file: CandidateFile): Record<FileSection, boolean> {
  return {
    registration: true,
    materials: file.registration.materials.length > 0,
    review: file.review.state !== 'pending',
    payment: file.payment.paid_at !== null || file.payment.orders.length > 0,
    ticket: file.ticket !== null,
    score: file.score !== null,
    certificate: file.certificate !== null,
  };
}

/** Index of the last reached step, for the timeline's progress line. */
export function lastReachedIndex(file: CandidateFile): number {
  const reached = reachedSections(file);
  let last = 0;
  FILE_SECTIONS.forEach((section, index) => {
    if (reached[section]) last = index;
  });
  return last;
}

/** The candidate's photo: the ticket's, else the registration material, else the profile's. */
export function candidatePhotoUrl(file: CandidateFile): string | null {
  const material = file.registration.materials.find((m) => m.key === 'photo');
  return file.ticket?.photo_url || material?.upload.url || file.registration.learner_profile.photo || null;
}

/** Uploaded files are served against the Authorization header only (fetched as a blob). */
export const isPrivateUpload = (url: string) => /^\/api\/v1\/uploads\//.test(url);

const SNAPSHOT_FIELDS = ['theory', 'practical', 'total', 'absent', 'cheating', 'passed'] as const;
export type SnapshotField = (typeof SNAPSHOT_FIELDS)[number];

export interface SnapshotChange {
  field: SnapshotField;
  /** undefined: the score had no marks before (the first entry). */
  before: ScoreSnapshot[SnapshotField] | undefined;
  after: ScoreSnapshot[SnapshotField];
}

/** The fields a score correction changed, in a fixed order (none before = the first entry). */
export function correctionChanges(before: ScoreSnapshot | null, after: ScoreSnapshot): SnapshotChange[] {
  return SNAPSHOT_FIELDS.filter((field) => (before?.[field] ?? null) !== (after[field] ?? null)).map(
    (field) => ({ field, before: before?.[field], after: after[field] }),
  );
}
