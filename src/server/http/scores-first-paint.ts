// The scores page (/userCenter/achievementQuery) painted with the HTML the server sends, from the first
// page of scores it already writes into that page (learner-first-answers.ts): on a weak network a
// candidate sees their results as soon as the HTML arrives, before any script, and the largest thing on
// the first screen (a plan title) is there at once (issue 4: first paint). The markup follows the page's
// own (src/client/features/scores/pages/AchievementQueryPage.tsx inside UserCenterLayout) and index.html
// gives it the page's sizes, so each card is where the page draws it; the page's first render replaces it.
// Written in Chinese only: another language's page is sent without it and paints as before.
import type { ListResponse } from '../../shared/api/errors.ts';
import type { LearnerScore } from '../../shared/scores/schema.ts';
import { SCORE_MESSAGES_ZH, scoreResultKey } from '../../shared/scores/score-messages.ts';
import { chinaDateTime } from '../lib/dates.ts';
import { escapeHtml } from './html.ts';

const words = SCORE_MESSAGES_ZH;

/** '2026-11-10': the day in China time, as the page shows it (shared/api/china-time.ts). */
const day = (iso: string) => escapeHtml(chinaDateTime(new Date(iso)).slice(0, 10));
const text = (value: string | number | null) => (value === null ? '—' : escapeHtml(String(value)));

function mark(label: string, value: number | null): string {
  return `<div><p class="app-shell-dim">${label}</p><p class="app-shell-mark">${text(value)}</p></div>`;
}

function certificatePart(score: LearnerScore): string {
  const { certificate } = score;
  if (!certificate) {
    return scoreResultKey(score) === 'passed' ? `<p class="app-shell-none">${words.noCertificate}</p>` : '';
  }
  const revoked = certificate.revoked
    ? `<span class="app-shell-badge" data-result="failed">${words.revoked}</span>`
    : '';
  return (
    `<div class="app-shell-cert"><div><p class="app-shell-dim">${words.certificateNo}</p>` +
    `<p class="app-shell-cert-no">${text(certificate.number)}</p>` +
    `<p class="app-shell-dim">${words.certificateIssued} ${day(certificate.issued_at)}</p></div>${revoked}</div>`
  );
}

function card(score: LearnerScore): string {
  const key = scoreResultKey(score);
  const date = score.exam_date ? ` · ${words.examDate} ${day(score.exam_date)}` : '';
  const passLines = words.passLines
    .replace('{{theory}}', text(score.pass_theory))
    .replace('{{practical}}', text(score.pass_practical));
  return (
    `<div class="app-shell-card"><div class="app-shell-card-head"><div>` +
    `<p class="app-shell-card-title">${text(score.plan_title)}</p>` +
    `<p class="app-shell-dim">${text(score.occupation)} · ${text(score.level_label)}${date}</p></div>` +
    `<span class="app-shell-badge" data-result="${key}">${words[key]}</span></div>` +
    `<div class="app-shell-marks">${mark(words.theory, score.theory)}` +
    `${mark(words.practical, score.practical)}${mark(words.total, score.total)}</div>` +
    `<p class="app-shell-dim">${passLines}</p><hr>${certificatePart(score)}</div>`
  );
}

/** The page's heading and its cards (or its empty state) for the first page of scores; '' for no answer. */
export function scoresFirstPaint(answer: unknown): string {
  const scores = (answer as Partial<ListResponse<LearnerScore>> | undefined)?.data;
  if (!Array.isArray(scores)) return '';
  const content =
    scores.length > 0
      ? `<div class="app-shell-cards">${scores.map(card).join('')}</div>`
      : `<p class="app-shell-empty">${words.empty}</p>`;
  return `<div class="app-shell-uc"><div><h1>${words.title}</h1>${content}</div></div>`;
}
