// The scoring step's rules (the import's row report is the kit's, tested there): the score form checked
// with the shared schema (plus the correction reason after publication), and what the plan's state allows.
import { describe, expect, it } from 'vitest';
import {
  resultBreakdown,
  scoreFormInput,
  scoreFormValues,
  scoringAvailability,
  type ScoreFormValues,
} from '../../../../../src/client/features/scores/components/score-logic.ts';
import { defaultInstitution } from '../../../../../src/client/features/scores/components/IssueCertificates.tsx';

const form = (values: Partial<ScoreFormValues>): ScoreFormValues => ({ ...scoreFormValues(null), ...values });
const before = { published: false, reasonMessage: 'REASON' };
const after = { published: true, reasonMessage: 'REASON' };

describe('score form', () => {
  it('sends both marks as numbers', () => {
    const result = scoreFormInput(form({ theory: 85.5, practical: '72' }), before);
    expect(result).toEqual({
      ok: true,
      input: { theory: 85.5, practical: 72, absent: false, cheating: false },
    });
  });

  it('requires both marks unless the candidate was absent or cheated', () => {
    const result = scoreFormInput(form({ theory: 80 }), before);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(['practical']);
    expect(scoreFormInput(form({ absent: true }), before)).toMatchObject({
      ok: true,
      input: { theory: null, practical: null, absent: true },
    });
  });

  it('refuses marks outside 0..100, more than one decimal, and absent together with cheating', () => {
    const range = scoreFormInput(form({ theory: 101, practical: 60 }), before);
    expect(range.ok || range.errors.theory).toMatch(/0-100/);
    const decimals = scoreFormInput(form({ theory: 60.25, practical: 60 }), before);
    expect(decimals.ok || decimals.errors.theory).toMatch(/一位小数/);
    const both = scoreFormInput(form({ absent: true, cheating: true }), before);
    expect(both.ok || both.errors.cheating).toBeTruthy();
  });

  it('after publication a correction needs a reason of at least 2 characters', () => {
    const missing = scoreFormInput(form({ theory: 60, practical: 60, reason: ' x ' }), after);
    expect(missing).toEqual({ ok: false, errors: { reason: 'REASON' } });
    expect(scoreFormInput(form({ theory: 60, practical: 60, reason: ' 登分错误 ' }), after)).toMatchObject({
      ok: true,
      input: { reason: '登分错误' },
    });
  });

  it('starts from the current score', () => {
    expect(
      scoreFormValues({ theory: 70, practical: null, absent: false, cheating: true, total: null } as never),
    ).toEqual({ theory: 70, practical: '', absent: false, cheating: true, reason: '' });
  });
});

const counts = (candidates: number, entered: number, passed = 0, absent = 0, cheating = 0) => ({
  candidates,
  entered,
  passed,
  absent,
  cheating,
});

describe('what the plan state allows', () => {
  const past = [{ ends_at: '2020-01-01T00:00:00Z' }];
  const future = [{ ends_at: '2999-01-01T00:00:00Z' }];

  it('entry and import while tickets are issued or the exam is held', () => {
    const open = scoringAvailability('exam_held', counts(3, 1), past);
    expect(open.edit).toBeNull();
    expect(open.import).toBeNull();
    expect(open.publish).toBe('scores.blocked.missingScores');
    expect(open.certificates).toBe('scores.blocked.notPublished');
  });

  it('publication once every candidate has a score and the exam is over', () => {
    expect(scoringAvailability('exam_held', counts(3, 3, 2), past).publish).toBeNull();
    expect(scoringAvailability('tickets_issued', counts(3, 3, 2), past).publish).toBeNull();
    expect(scoringAvailability('tickets_issued', counts(3, 3, 2), future).publish).toBe(
      'scores.blocked.examNotOver',
    );
    expect(scoringAvailability('exam_held', counts(0, 0), past).publish).toBe('scores.blocked.noCandidates');
  });

  it('after publication: corrections only, no import, certificates when someone passed', () => {
    const published = scoringAvailability('scores_published', counts(3, 3, 2), past);
    expect(published).toEqual({
      edit: null,
      import: 'scores.blocked.published',
      publish: 'scores.blocked.alreadyPublished',
      certificates: null,
    });
    expect(scoringAvailability('certificates_issued', counts(3, 3, 0), past).certificates).toBe(
      'scores.blocked.noPassers',
    );
  });

  it('nothing before tickets are issued', () => {
    const early = scoringAvailability('registration_closed', counts(0, 0), []);
    expect(early.edit).toBe('scores.blocked.notTicketed');
    expect(early.import).toBe('scores.blocked.notTicketed');
  });
});

describe('summary and issuer', () => {
  it('splits candidates into passed, failed, absent, cheating and missing', () => {
    expect(resultBreakdown(counts(10, 8, 4, 1, 1))).toEqual([
      { key: 'passed', count: 4 },
      { key: 'failed', count: 2 },
      { key: 'absent', count: 1 },
      { key: 'cheating', count: 1 },
      { key: 'missing', count: 2 },
    ]);
  });

  it("preselects the college's institution, else the only one", () => {
    const a = { id: 1, name: 'A', code: '3201', organization_id: 5, organization_name: 'X', enabled: true };
    const b = {
      id: 2,
      name: 'B',
      code: '3207',
      organization_id: null,
      organization_name: null,
      enabled: true,
    };
    expect(defaultInstitution([a, b], 5)).toBe(a);
    expect(defaultInstitution([a, b], 9)).toBeNull();
    expect(defaultInstitution([b], 9)).toBe(b);
  });
});
