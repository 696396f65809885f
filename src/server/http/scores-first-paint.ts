// The scores page (/userCenter/achievementQuery) painted with the HTML the server sends, from the first
// page of scores it already writes into that page for the page's own first render (learner-first-answers.ts):
// on a weak network a candidate sees their results as soon as the HTML arrives, before any script, and the
// largest thing on the first screen (a plan title) is there at once (issue 4: first paint; measured on
// Lighthouse's mobile profile, the largest paint comes about a second sooner than when the page draws it).
// What each card says is the page's own (shared/scores/score-card.ts, the same words); this draws it in the
// page's places, with index.html giving the page's sizes, which the browser test of the scores page
// measures against the page's drawn cards (tests/e2e/certification.spec.ts). The page's first render
// replaces it. Written in Chinese only: another language's page is sent without it and paints as before.
import type { ListResponse } from '../../shared/api/errors.ts';
import { scoreCardFacts, type ScoreCardFacts } from '../../shared/scores/score-card.ts';
import type { LearnerScore } from '../../shared/scores/schema.ts';
import { SCORE_MESSAGES_ZH } from '../../shared/scores/score-messages.ts';
import { escapeHtml } from './html.ts';

const words = SCORE_MESSAGES_ZH;

const text = (value: string | number | null) => (value === null ? '—' : escapeHtml(String(value)));

function certificatePart({ certificate, awaitingCertificate }: ScoreCardFacts): string {
  if (!certificate) return awaitingCertificate ? `<p class="app-shell-none">${words.noCertificate}</p>` : '';
  const revoked = certificate.revoked
    ? `<span class="app-shell-badge" data-result="failed">${words.revoked}</span>`
    : '';
  return (
    `<div class="app-shell-cert"><div><p class="app-shell-dim">${words.certificateNo}</p>` +
    `<p class="app-shell-cert-no">${text(certificate.number)}</p>` +
    `<p class="app-shell-dim">${words.certificateIssued} ${text(certificate.issuedDay)}</p></div>${revoked}</div>`
  );
}

function card(score: LearnerScore): string {
  const facts = scoreCardFacts(score);
  const date = facts.examDay ? ` · ${words.examDate} ${text(facts.examDay)}` : '';
  const marks = facts.marks
    .map(
      ({ key, value }) =>
        `<div><p class="app-shell-dim">${words[key]}</p><p class="app-shell-mark">${text(value)}</p></div>`,
    )
    .join('');
  const passLines = words.passLines
    .replace('{{theory}}', text(facts.passLines.theory))
    .replace('{{practical}}', text(facts.passLines.practical));
  return (
    `<div class="app-shell-card"><div class="app-shell-card-head"><div>` +
    `<p class="app-shell-card-title">${text(score.plan_title)}</p>` +
    `<p class="app-shell-dim">${text(score.occupation)} · ${text(score.level_label)}${date}</p></div>` +
    `<span class="app-shell-badge" data-result="${facts.result}">${words[facts.result]}</span></div>` +
    `<div class="app-shell-marks">${marks}</div>` +
    `<p class="app-shell-dim">${passLines}</p><hr>${certificatePart(facts)}</div>`
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
