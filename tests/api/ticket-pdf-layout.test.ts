// The printed admission ticket with every name as long as the database allows: the text pdftotext
// extracts (with its boxes) must hold each value in full, rows must not run into one another or into
// 考生须知, and nothing may leave the page's margins.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { PgVarchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admissionTickets,
  enrollments,
  examPlans,
  examRooms,
  examSessions,
  examSites,
  learners,
  occupations,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, hasPdftotext } from '../helpers/certificates.ts';

interface Word {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

interface Page {
  width: number;
  height: number;
}

interface TicketJson {
  id: number;
  enrollment_id: number;
  plan_id: number;
  ticket_no: string;
  id_number: string;
  level_label: string;
  pdf_url: string;
  sessions: {
    session_id: number;
    kind_label: string;
    time_label: string;
    room_id: number | null;
    seat_no: number | null;
  }[];
}

const MARGIN = 48;
/** pdftotext rounds glyph boxes; a hair of tolerance keeps the checks about layout, not rounding. */
const EPSILON = 0.5;

const run = promisify(execFile);
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** Words with their boxes in content-stream order (`-raw`), i.e. in the order the ticket draws them. */
async function pdfWords(pdf: Buffer): Promise<{ pages: Page[]; words: Word[] }> {
  const file = path.join(os.tmpdir(), `ticket-layout-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run('pdftotext', ['-raw', '-bbox', '-enc', 'UTF-8', file, '-']);
    const pages: Page[] = [];
    const words: Word[] = [];
    const pattern =
      /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    for (const m of stdout.matchAll(pattern)) {
      if (m[1]) pages.push({ width: Number(m[1]), height: Number(m[2]) });
      else
        words.push({
          page: pages.length - 1,
          xMin: Number(m[3]),
          yMin: Number(m[4]),
          xMax: Number(m[5]),
          yMax: Number(m[6]),
          text: decode(m[7] ?? ''),
        });
    }
    return { pages, words };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Splits the words from `start` into the expected rows of cells, cell by cell in drawing order. A cell
 * whose text is cut short, or runs into the next cell's, fails here with what was found instead.
 */
function readRows(words: Word[], start: number, rows: string[][]) {
  let index = start;
  const result: { cells: string[]; words: Word[] }[] = [];
  for (const cells of rows) {
    const rowWords: Word[] = [];
    for (const cell of cells) {
      const expected = squeeze(cell);
      let found = '';
      while (found.length < expected.length && index < words.length) {
        const word = words[index++]!;
        found += squeeze(word.text);
        rowWords.push(word);
      }
      expect(found, `cell "${cell}"`).toBe(expected);
    }
    result.push({ cells, words: rowWords });
  }
  return { rows: result, next: index };
}

const bounds = (words: Word[]) => ({
  top: Math.min(...words.map((w) => w.yMin)),
  bottom: Math.max(...words.map((w) => w.yMax)),
});

function expectRowsApart(rows: { cells: string[]; words: Word[] }[]) {
  for (let i = 1; i < rows.length; i++) {
    const above = rows[i - 1]!;
    const below = rows[i]!;
    if (above.words[0]!.page !== below.words[0]!.page) continue;
    expect(
      bounds(below.words).top,
      `row "${below.cells[0]}" starts inside row "${above.cells[0]}"`,
    ).toBeGreaterThanOrEqual(bounds(above.words).bottom - EPSILON);
  }
}

/** A text as long as the varchar `column` holds, made of `seed` repeated, so a cut-off shows anywhere. */
const longest = (seed: string, column: unknown) => {
  if (!(column instanceof PgVarchar) || !column.length) throw new Error('not a bounded varchar');
  const length = column.length;
  return seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
};

let ctx: TestContext;
let learnerToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  learnerToken = await login(ctx.app, 'learner', 'learners');
});
afterAll(() => ctx.close());

describe('the printed admission ticket', () => {
  it.skipIf(!hasPdftotext())(
    'prints the longest names the database holds in full, row under row, above 考生须知 and inside the margins',
    async () => {
      const db = ctx.app.db;
      const list = await request(ctx.app, {
        method: 'GET',
        url: '/api/v0/user/occupational-skill-tests/admissionDownload',
        token: learnerToken,
      });
      const ticket = (list.json() as { data: TicketJson[] }).data[0]!;
      expect(ticket.sessions.length).toBeGreaterThan(1);

      // Every printed name at its column's full length.
      const planTitle = longest('二〇二六年度滨海市职业技能等级认定考试计划', examPlans.title);
      const occupation = longest('电工（高低压电气设备安装维修）', occupations.name);
      const name = longest('欧阳司马诸葛慕容', learners.realName);
      const siteName = longest('滨海技师学院鉴定考点实训楼', examSites.name);
      const address = longest('滨海市新区学院路一号技能实训中心', examSites.address);
      const ticketNo = longest('2026010203', admissionTickets.ticketNo);
      const roomIds = [...new Set(ticket.sessions.map((s) => s.room_id!))];
      const roomNames = new Map(
        roomIds.map((id, i) => [id, longest(`${101 + i}标准化考场`, examRooms.name)]),
      );
      const sessionNames = new Map(
        ticket.sessions.map((s, i) => [
          s.session_id,
          longest(`第${i + 1}场${s.kind_label}`, examSessions.name),
        ]),
      );

      const [plan] = await db
        .select({ occupationId: examPlans.occupationId })
        .from(examPlans)
        .where(eq(examPlans.id, ticket.plan_id));
      await db.update(examPlans).set({ title: planTitle }).where(eq(examPlans.id, ticket.plan_id));
      await db.update(occupations).set({ name: occupation }).where(eq(occupations.id, plan!.occupationId));
      const [enrollment] = await db
        .select({ form: enrollments.form, learnerId: enrollments.learnerId })
        .from(enrollments)
        .where(eq(enrollments.id, ticket.enrollment_id));
      await db
        .update(enrollments)
        .set({ form: { ...enrollment!.form, real_name: name } })
        .where(eq(enrollments.id, ticket.enrollment_id));
      await db.update(learners).set({ realName: name }).where(eq(learners.id, enrollment!.learnerId));
      await db.update(admissionTickets).set({ ticketNo }).where(eq(admissionTickets.id, ticket.id));
      const rooms = await db
        .select({ siteId: examRooms.siteId })
        .from(examRooms)
        .where(inArray(examRooms.id, roomIds));
      const siteIds = [...new Set(rooms.map((r) => r.siteId))];
      expect(siteIds).toHaveLength(1);
      await db.update(examSites).set({ name: siteName, address }).where(eq(examSites.id, siteIds[0]!));
      for (const [id, roomName] of roomNames)
        await db.update(examRooms).set({ name: roomName }).where(eq(examRooms.id, id));
      for (const [id, sessionName] of sessionNames)
        await db.update(examSessions).set({ name: sessionName }).where(eq(examSessions.id, id));

      const res = await request(ctx.app, { method: 'GET', url: ticket.pdf_url, token: learnerToken });
      expect(res.statusCode).toBe(200);
      const { pages, words } = await pdfWords(res.rawPayload);

      // It still fits one page (the type may shrink, nothing is cut).
      expect(pages).toHaveLength(1);
      const page = pages[0]!;
      for (const word of words) {
        expect(word.xMin, word.text).toBeGreaterThanOrEqual(MARGIN - EPSILON);
        expect(word.xMax, word.text).toBeLessThanOrEqual(page.width - MARGIN + EPSILON);
        expect(word.yMin, word.text).toBeGreaterThanOrEqual(MARGIN - EPSILON);
        expect(word.yMax, word.text).toBeLessThanOrEqual(page.height - MARGIN + EPSILON);
      }
      const all = squeeze(words.map((w) => w.text).join(''));
      for (const value of [planTitle, occupation, name, siteName, address, ticketNo])
        expect(all).toContain(squeeze(value));

      // The candidate's details: each label beside its whole value, each row under the previous one.
      const indexOf = (text: string, from = 0) => {
        const at = words.findIndex((w, i) => i >= from && w.text === text);
        expect(at, `"${text}" on the ticket`).toBeGreaterThanOrEqual(0);
        return at;
      };
      const details = readRows(words, indexOf('准考证号'), [
        ['准考证号', ticketNo],
        ['姓名', name],
        ['身份证号', ticket.id_number],
        ['职业（工种）', occupation],
        ['等级', ticket.level_label],
        ['考点', siteName],
        ['考点地址', address],
      ]);
      expectRowsApart(details.rows);

      // The sessions table: header, then one row per session with the full room name.
      const heading = indexOf('考试安排');
      const detailWords = details.rows.flatMap((r) => r.words);
      expect(words[heading]!.yMin).toBeGreaterThanOrEqual(bounds(detailWords).bottom - EPSILON);
      const sessions = readRows(words, heading + 1, [
        ['科目', '场次', '时间', '考场', '座位号'],
        ...ticket.sessions.map((s) => [
          s.kind_label,
          sessionNames.get(s.session_id)!,
          s.time_label,
          `${siteName} ${roomNames.get(s.room_id!)!}`,
          String(s.seat_no),
        ]),
      ]);
      expectRowsApart(sessions.rows);

      // 考生须知 comes right after the table and below every word of it.
      const rules = words[sessions.next]!;
      expect(rules.text).toBe('考生须知');
      const tableWords = sessions.rows.flatMap((r) => r.words);
      expect(rules.yMin).toBeGreaterThanOrEqual(bounds(tableWords).bottom - EPSILON);
      for (const word of words.slice(sessions.next + 1))
        expect(word.yMin, word.text).toBeGreaterThanOrEqual(rules.yMax - EPSILON);
    },
  );
});
