// Reading a candidate file: the link's ids, which steps of the chain are reached, the photo chosen and what a
// score correction changed.
import { describe, expect, it } from 'vitest';
import type { CandidateFile } from '../../../../../src/client/features/candidate-files/api.ts';
import {
  candidatePhotoUrl,
  correctionChanges,
  isPrivateUpload,
  lastReachedIndex,
  parseFileParams,
  reachedSections,
} from '../../../../../src/client/features/candidate-files/candidate-file.ts';
import { candidateFileFixture } from './fixture.ts';

describe('candidate file', () => {
  it('reads both ids from the link and refuses a missing or malformed one', () => {
    expect(parseFileParams('?learnerId=12&planId=3')).toEqual({ learnerId: 12, planId: 3 });
    expect(parseFileParams('learnerId=12&planId=3')).toEqual({ learnerId: 12, planId: 3 });
    expect(parseFileParams('?learnerId=12')).toBeNull();
    expect(parseFileParams('?learnerId=0&planId=3')).toBeNull();
    expect(parseFileParams('?learnerId=1.5&planId=3')).toBeNull();
    expect(parseFileParams('?learnerId=abc&planId=3')).toBeNull();
  });

  it('marks the steps a freshly registered candidate has not reached', () => {
    const fresh: CandidateFile = {
      ...candidateFileFixture(),
      review: { state: 'pending', reason: null, reviewed_at: null, reviewed_by: null },
      payment: { paid_at: null, orders: [] },
      ticket: null,
      score: null,
      score_corrections: [],
      certificate: null,
    };
    expect(reachedSections(fresh)).toEqual({
      registration: true,
      materials: true,
      review: false,
      payment: false,
      ticket: false,
      score: false,
      certificate: false,
    });
    expect(lastReachedIndex(fresh)).toBe(1);
  });

  it('reaches the certificate step for a certified candidate', () => {
    const file = candidateFileFixture();
    expect(Object.values(reachedSections(file)).every(Boolean)).toBe(true);
    expect(lastReachedIndex(file)).toBe(6);
  });

  it('shows the ticket photo first, else the registration photo, else the profile photo', () => {
    const file = candidateFileFixture();
    expect(candidatePhotoUrl(file)).toBe('/api/v1/uploads/ticket-photo');
    expect(candidatePhotoUrl({ ...file, ticket: null })).toBe(file.registration.materials[0]!.upload.url);
    expect(
      candidatePhotoUrl({
        ...file,
        ticket: null,
        registration: { ...file.registration, materials: [] },
      }),
    ).toBe('https://cdn.example/photo.jpg');
    expect(isPrivateUpload('/api/v1/uploads/abc')).toBe(true);
    expect(isPrivateUpload('https://cdn.example/photo.jpg')).toBe(false);
  });

  it('lists only the fields a score correction changed', () => {
    expect(
      correctionChanges(
        { theory: 58, practical: 72, total: 65, absent: false, cheating: false, passed: false },
        { theory: 62, practical: 72, total: 67, absent: false, cheating: false, passed: true },
      ),
    ).toEqual([
      { field: 'theory', before: 58, after: 62 },
      { field: 'total', before: 65, after: 67 },
      { field: 'passed', before: false, after: true },
    ]);
    expect(
      correctionChanges(null, {
        theory: 80,
        practical: null,
        total: null,
        absent: false,
        cheating: false,
        passed: false,
      }),
    ).toEqual([
      { field: 'theory', before: undefined, after: 80 },
      { field: 'absent', before: undefined, after: false },
      { field: 'cheating', before: undefined, after: false },
      { field: 'passed', before: undefined, after: false },
    ]);
  });
});
