// @vitest-environment node
// The scores page as the server paints it (src/client/app/first-paint/scores.tsx): the page's own content
// component from the first answer, in the page's language and size, every value written as text.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../../../src/client/app/first-paint/scores.tsx';
import { language } from '../../../../../src/client/lib/state/preferences.ts';
import type { ListResponse } from '../../../../../src/shared/api/errors.ts';
import type { LearnerScore } from '../../../../../src/shared/scores/schema.ts';

const evil = '</p><script>alert(1)</script><img src=x onerror=alert(2)>';

const score = (overrides: Partial<LearnerScore> = {}): LearnerScore => ({
  enrollment_id: 1,
  plan_id: 2,
  plan_code: 'P2',
  plan_title: '2026 年电工职业技能等级认定',
  occupation: '电工',
  level: 5,
  level_label: '五级',
  exam_date: '2026-10-07T16:30:00.000Z',
  pass_theory: 60,
  pass_practical: 60,
  theory: 86,
  practical: null,
  total: null,
  absent: false,
  cheating: false,
  passed: true,
  result: '合格',
  entered_at: '2026-10-12T02:00:00.000Z',
  published_at: '2026-10-13T02:00:00.000Z',
  certificate: null,
  ...overrides,
});

const list = (data: LearnerScore[]): ListResponse<LearnerScore> => ({
  data,
  meta: { total: data.length, page: 1, limit: 20 },
});

const zh = { lang: 'zh', size: 'medium' } as const;
const saved = language.value;
afterEach(() => {
  language.value = saved;
});

describe('the scores page painted for the server', () => {
  it('draws the page’s heading and a card per score, marked as the paint', async () => {
    const html = await render(list([score(), score({ enrollment_id: 3, plan_code: 'P3' })]), zh);
    expect(html).toContain('data-first-paint="scores"');
    expect(html).toContain('成绩查询</h1>');
    expect(html.match(/data-testid="score-card"/g)).toHaveLength(2);
    // China time: the exam on the 8th; a missing mark is a dash.
    expect(html).toContain('电工 · 五级 · 考试日期 2026-10-08');
    expect(html).toMatch(/data-testid="score-practical">—</);
    expect(html).toContain('data-result="passed"');
    // The theme's variables come with it, and the frame turns into the web layout's where the user
    // centre does (769 px), two cards a row from Mantine's md.
    expect(html).toContain('--mantine-color-brand-6');
    expect(html).toContain('@media(min-width: 48.0625em)');
    expect(html).toContain('@media(min-width: 62em)');
  });

  it('writes a plan title or certificate number with markup in it as text', async () => {
    const html = await render(
      list([
        score({
          plan_title: evil,
          occupation: '电工<b>',
          certificate: {
            id: 1,
            number: evil,
            issued_at: '2026-10-28T02:00:00.000Z',
            revoked: true,
            pdf_url: '/api/v1/uploads/x.pdf',
            verify_path: '/verify/certificate/x',
          },
        }),
      ]),
      zh,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('发证日期 2026-10-28');
    expect(html).toContain('data-testid="certificate-revoked"');
  });

  it('draws the empty state for no scores, and nothing for an answer that is no list of scores', async () => {
    const empty = await render(list([]), zh);
    expect(empty).toContain('data-testid="scores-empty"');
    expect(empty).toContain('暂无已公布的成绩');
    expect(await render(undefined, zh)).toBe('');
    expect(await render({ message: 'x' }, zh)).toBe('');
    expect(await render({ data: [] }, zh)).toBe('');
  });

  it('speaks the page’s language and scales with its size', async () => {
    const english = await render(list([score()]), { lang: 'en', size: 'medium' });
    expect(english).not.toContain('成绩查询');
    expect(english).toMatch(/<h1[^>]*>[A-Za-z ]+<\/h1>/);
    const mini = await render(list([score()]), { lang: 'zh', size: 'mini' });
    expect(mini).toContain('--mantine-scale: 0.8');
  });
});
