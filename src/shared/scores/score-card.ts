// What a learner's score card says, decided once: the result, the marks in their order, the exam and
// certificate days in China time, and which certificate part shows. The scores page's cards
// (features/scores/components/score-card-list.tsx) draw these facts and nothing else, both in the page and
// in the first paint the server sends (client/app/first-paint), which renders the same component.
// Type imports only: the page's chunk stays free of the schemas.
import type { LearnerScore } from './schema.ts';
import { chinaWallIso } from '../api/china-time.ts';
import { scoreResultKey, type ScoreResultKey } from './score-messages.ts';

export type ScoreMarkKey = 'theory' | 'practical' | 'total';

export interface ScoreCardFacts {
  result: ScoreResultKey;
  /** The exam's day in China time ('2026-11-10'), or null when the plan has no exam date. */
  examDay: string | null;
  marks: { key: ScoreMarkKey; value: number | null }[];
  passLines: { theory: number; practical: number };
  certificate: { number: string; issuedDay: string; revoked: boolean } | null;
  /** A passed score whose certificate is not issued yet says so. */
  awaitingCertificate: boolean;
}

/** '2026-11-10T16:30:00.000Z' -> '2026-11-11': the day in China time, as every page shows days. */
export const chinaDay = (iso: string) => chinaWallIso(new Date(iso)).slice(0, 10);

type ScoreCardInput = Pick<
  LearnerScore,
  | 'absent'
  | 'cheating'
  | 'passed'
  | 'exam_date'
  | 'theory'
  | 'practical'
  | 'total'
  | 'pass_theory'
  | 'pass_practical'
  | 'certificate'
>;

export function scoreCardFacts(score: ScoreCardInput): ScoreCardFacts {
  const result = scoreResultKey(score);
  const { certificate } = score;
  return {
    result,
    examDay: score.exam_date ? chinaDay(score.exam_date) : null,
    marks: [
      { key: 'theory', value: score.theory },
      { key: 'practical', value: score.practical },
      { key: 'total', value: score.total },
    ],
    passLines: { theory: score.pass_theory, practical: score.pass_practical },
    certificate: certificate
      ? {
          number: certificate.number,
          issuedDay: chinaDay(certificate.issued_at),
          revoked: certificate.revoked,
        }
      : null,
    awaitingCertificate: !certificate && result === 'passed',
  };
}
