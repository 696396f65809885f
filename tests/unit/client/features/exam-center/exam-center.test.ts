// Exam centre: the bind form sends China-time windows and grace in seconds and is checked by the shared
// schema; the paper picker keeps approved papers of the plan's occupation and level; blind scoring starts
// at the first unscored answer, a save moves on to the next unscored one, keys do what the page says,
// typed scores follow the server's rule; the live monitor's counts.
import { describe, expect, it } from 'vitest';
import { onlineExamInputSchema, onlineExamUpdateSchema } from '../../../../../src/shared/exams/schema.ts';
import type { OnlineExamSession, PaperView } from '../../../../../src/client/features/exam-center/api.ts';
import {
  examCreateRequest,
  examFormFrom,
  examRequest,
  papersFor,
} from '../../../../../src/client/features/exam-center/exam-form.ts';
import {
  checkScore,
  firstToScore,
  markingKey,
  markingPath,
  nextAfterSave,
} from '../../../../../src/client/features/exam-center/marking.ts';
import { monitorCounts } from '../../../../../src/client/features/exam-center/monitor.ts';
import { readAnswerFile } from '../../../../../src/client/features/exam-center/components/AnswerFileModal.tsx';
import { isoToPickerValue } from '../../../../../src/client/lib/utils/iso-time.ts';

const session: OnlineExamSession = {
  session_id: 7,
  plan_id: 3,
  plan_code: 'P-1',
  plan_title: '计划',
  plan_state: 'tickets_issued',
  occupation_name: '电工',
  level: 4,
  session_name: '理论知识考试',
  starts_at: '2026-06-20T01:00:00.000Z',
  ends_at: '2026-06-20T02:30:00.000Z',
  exam: null,
};

describe('the bind form', () => {
  it('defaults the window to the session in China time and sends it back as the same instants', () => {
    const values = examFormFrom(session);
    expect(values.opens_at).toBe('2026-06-20 09:00:00');
    expect(values.closes_at).toBe('2026-06-20 10:30:00');
    expect(values.grace_minutes).toBe(5);
    const body = examCreateRequest({ ...values, paper_id: '12', duration_minutes: 90 }, 7);
    expect(body).toEqual({
      session_id: 7,
      paper_id: 12,
      opens_at: '2026-06-20T01:00:00.000Z',
      closes_at: '2026-06-20T02:30:00.000Z',
      duration_minutes: 90,
      grace_seconds: 300,
    });
    expect(onlineExamInputSchema.safeParse(body).success).toBe(true);
  });

  it('refuses what the server refuses: no paper, a window that ends before it opens, grace over an hour', () => {
    const values = { ...examFormFrom(session), duration_minutes: '' };
    const result = onlineExamInputSchema.safeParse(
      examCreateRequest({ ...values, closes_at: '2026-06-20 08:00:00', grace_minutes: 61 }, 7),
    );
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['paper_id', 'duration_minutes', 'grace_seconds']));
    const update = onlineExamUpdateSchema.safeParse(
      examRequest({ ...values, paper_id: '1', duration_minutes: 60, closes_at: '2026-06-20 08:00:00' }),
    );
    expect(update.error!.issues.map((i) => i.path.join('.'))).toContain('closes_at');
  });

  it('edits a bound exam with its own values', () => {
    const bound = {
      ...session,
      exam: {
        id: 1,
        session_id: 7,
        plan_id: 3,
        paper_id: 12,
        paper_name: '卷',
        opens_at: '2026-06-20T00:30:00.000Z',
        closes_at: '2026-06-20T03:00:00.000Z',
        duration_minutes: 60,
        grace_seconds: 120,
        state: 'scheduled' as const,
        opened_at: null,
        closed_at: null,
        candidates: 0,
        started: 0,
        submitted: 0,
        absent: 0,
      },
    };
    expect(examFormFrom(bound)).toEqual({
      paper_id: '12',
      opens_at: isoToPickerValue('2026-06-20T00:30:00.000Z'),
      closes_at: '2026-06-20 11:00:00',
      duration_minutes: 60,
      grace_minutes: 2,
    });
  });

  it('offers only approved papers of the plan occupation and level', () => {
    const paper = (id: number, occupation: string, level: number, state: 'approved' | 'draft') =>
      ({ id, occupation_name: occupation, level, state }) as PaperView;
    const papers = [
      paper(1, '电工', 4, 'approved'),
      paper(2, '电工', 3, 'approved'),
      paper(3, '焊工', 4, 'approved'),
      paper(4, '电工', 4, 'draft'),
    ];
    expect(papersFor(papers, session).map((p) => p.id)).toEqual([1]);
  });
});

describe('blind scoring moves', () => {
  const items = (...scored: boolean[]) => scored.map((s) => ({ scored: s }));
  it('starts at the first unscored answer', () => {
    expect(firstToScore(items(true, false, false))).toBe(1);
    expect(firstToScore(items(true, true))).toBe(0);
    expect(firstToScore([])).toBe(-1);
  });
  it('goes on to the next unscored answer after a save, wrapping round', () => {
    expect(nextAfterSave(items(false, true, true, false), 0)).toBe(3);
    expect(nextAfterSave(items(false, true, true, true), 3)).toBe(0);
    expect(nextAfterSave(items(true, true, true), 1)).toBe(2);
    expect(nextAfterSave(items(true, true, true), 2)).toBe(2);
  });
  it('maps keys: J/K move outside the comment, Enter saves (Ctrl+Enter in the comment)', () => {
    const key = (k: string, ctrlKey = false) => ({ key: k, ctrlKey, metaKey: false });
    expect(markingKey(key('j'), false)).toBe('next');
    expect(markingKey(key('K'), false)).toBe('previous');
    expect(markingKey(key('j'), true)).toBeNull();
    expect(markingKey(key('Enter'), false)).toBe('save');
    expect(markingKey(key('Enter'), true)).toBeNull();
    expect(markingKey(key('Enter', true), true)).toBe('save');
    expect(markingKey(key('5'), false)).toBeNull();
  });
  it('takes scores 0..max in steps of 0.5 only', () => {
    expect(checkScore('7.5', 10)).toEqual({ ok: true, score: 7.5 });
    expect(checkScore(0, 10)).toEqual({ ok: true, score: 0 });
    expect(checkScore('', 10)).toEqual({ ok: false, reason: 'empty' });
    expect(checkScore(10.5, 10)).toEqual({ ok: false, reason: 'range' });
    expect(checkScore(-1, 10)).toEqual({ ok: false, reason: 'range' });
    expect(checkScore(3.3, 10)).toEqual({ ok: false, reason: 'step' });
    expect(markingPath(9)).toBe('/manage/examinationCenter/exam/testpaper/9');
  });
});

describe('the monitor and the answer file', () => {
  it('counts answering, submitted (or closed) and not started candidates', () => {
    expect(
      monitorCounts([
        { state: 'open' },
        { state: 'submitted' },
        { state: 'closed' },
        { state: 'not_started' },
      ]),
    ).toEqual({ candidates: 4, answering: 1, submitted: 2, notStarted: 1 });
  });
  it('reads an answer file as JSON, or null', () => {
    expect(readAnswerFile('{"format":"exam-answers/1"}')).toEqual({ format: 'exam-answers/1' });
    expect(readAnswerFile('not json')).toBeNull();
  });
});
