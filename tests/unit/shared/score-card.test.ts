// @vitest-environment node
// What a score card says, decided once for the scores page and the first paint the server sends.
import { describe, expect, it } from 'vitest';
import { chinaDay, scoreCardFacts } from '../../../src/shared/scores/score-card.ts';
import type { LearnerScore } from '../../../src/shared/scores/schema.ts';

const score = (overrides: Partial<LearnerScore> = {}): LearnerScore => ({
  enrollment_id: 1,
  plan_id: 2,
  plan_code: 'P2',
  plan_title: '2026 年电工职业技能等级认定',
  occupation: '电工',
  level: 4,
  level_label: '四级',
  exam_date: '2026-11-10T16:30:00.000Z',
  pass_theory: 60,
  pass_practical: 60,
  theory: 82,
  practical: 75,
  total: 78,
  absent: false,
  cheating: false,
  passed: true,
  result: '合格',
  entered_at: '2026-11-12T02:00:00.000Z',
  published_at: '2026-11-13T02:00:00.000Z',
  certificate: null,
  ...overrides,
});

describe('scoreCardFacts', () => {
  it('gives the marks in the card’s order, the pass lines and the exam day in China time', () => {
    const facts = scoreCardFacts(score());
    expect(facts.result).toBe('passed');
    expect(facts.marks).toEqual([
      { key: 'theory', value: 82 },
      { key: 'practical', value: 75 },
      { key: 'total', value: 78 },
    ]);
    expect(facts.passLines).toEqual({ theory: 60, practical: 60 });
    // 16:30 UTC is past midnight in China.
    expect(facts.examDay).toBe('2026-11-11');
    expect(scoreCardFacts(score({ exam_date: null })).examDay).toBeNull();
  });

  it('says a passed score awaits its certificate, and nothing about one for another result', () => {
    expect(scoreCardFacts(score()).awaitingCertificate).toBe(true);
    const failed = scoreCardFacts(score({ passed: false, theory: 40 }));
    expect(failed.result).toBe('failed');
    expect(failed.awaitingCertificate).toBe(false);
    // Absent and cheating come before the marks.
    expect(scoreCardFacts(score({ absent: true })).result).toBe('absent');
    expect(scoreCardFacts(score({ cheating: true, absent: false })).result).toBe('cheating');
  });

  it('gives an issued certificate its number, China day and revocation', () => {
    const certificate = {
      id: 9,
      number: 'ZS-2026-000123',
      issued_at: '2026-11-20T17:00:00.000Z',
      revoked: true,
      verify_path: '/verify/certificate/abc',
      pdf_url: '/api/v1/uploads/x.pdf',
    };
    const facts = scoreCardFacts(score({ certificate }));
    expect(facts.certificate).toEqual({ number: 'ZS-2026-000123', issuedDay: '2026-11-21', revoked: true });
    expect(facts.awaitingCertificate).toBe(false);
  });

  it('reads days on China’s clock whatever the zone of the machine', () => {
    expect(chinaDay('2026-12-31T15:59:59.000Z')).toBe('2026-12-31');
    expect(chinaDay('2026-12-31T16:00:00.000Z')).toBe('2027-01-01');
  });
});
