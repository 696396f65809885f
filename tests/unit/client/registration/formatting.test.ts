import { describe, expect, it } from 'vitest';
import { formatFen } from '../../../../src/client/lib/utils/money.ts';
import { isoDateTime } from '../../../../src/client/lib/utils/iso-time.ts';
import { applyHref } from '../../../../src/client/features/portal/apply-link.ts';
import { nextStepHref } from '../../../../src/client/features/enrollments/enrollment-state.ts';

describe('fees in fen shown as yuan', () => {
  it.each([
    [28000, '¥280.00'],
    [0, '¥0.00'],
    [5, '¥0.05'],
    [199, '¥1.99'],
    [123456789, '¥1,234,567.89'],
    [-1500, '-¥15.00'],
  ])('%i fen -> %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  it('can leave the currency sign out', () => {
    expect(formatFen(45000, { symbol: false })).toBe('450.00');
  });
});

describe('server times', () => {
  it('shows an ISO time in China time, whatever zone the device is in, and nothing for none', () => {
    expect(isoDateTime('2026-12-11T10:00:00.000Z')).toBe('2026-12-11 18:00');
    expect(isoDateTime('2026-12-31T16:30:00.000Z', '{y}-{m}-{d} {h}:{i}:{s}')).toBe('2027-01-01 00:30:00');
    expect(isoDateTime(null)).toBe('');
    expect(isoDateTime('not a time')).toBe('');
  });
});

describe('where apply and next steps lead', () => {
  it('sends a visitor to the login page with the way back, a learner straight to the application', () => {
    expect(applyHref(7, true)).toBe('/userCenter/myEnrollInfo?plan_id=7');
    expect(applyHref(7, false)).toBe(
      `/login?redirect=${encodeURIComponent('/userCenter/myEnrollInfo?plan_id=7')}`,
    );
  });

  it('opens the application to pay or resubmit, the ticket and score pages later, nothing while waiting', () => {
    expect(nextStepHref('pay', 3)).toBe('/userCenter/myEnrollInfo?id=3');
    expect(nextStepHref('resubmit', 3)).toBe('/userCenter/myEnrollInfo?id=3');
    expect(nextStepHref('download_ticket', 3)).toBe('/userCenter/admissionDown');
    expect(nextStepHref('view_score', 3)).toBe('/userCenter/achievementQuery');
    expect(nextStepHref('wait_review', 3)).toBeNull();
  });
});
