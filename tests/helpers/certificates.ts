// Fixtures of the certification-chain API tests: the certification demo (seeded here when the shared demo
// does not include it yet), fresh plans with paid candidates built through the services, and small DB reads.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq, inArray } from 'drizzle-orm';
import { adminPrincipal, openFilledPlan, seedCertificationDemo } from '../../src/server/demo/exam-chain.ts';
import {
  examSites,
  learners,
  occupations,
  organizations,
  systemLogs,
} from '../../src/server/db/schema/index.ts';
import { SandboxGateway } from '../../src/server/payments/sandbox.ts';
import type { TestContext } from './api.ts';

export async function ensureCertificationDemo(ctx: TestContext) {
  const db = ctx.app.db;
  const [sites] = await db.select({ n: count() }).from(examSites);
  if ((sites?.n ?? 0) > 0) return;
  await seedCertificationDemo(db, {
    storage: ctx.app.storage,
    paymentSecret: ctx.app.config.paymentSecret,
  });
}

export async function learnerIdOf(ctx: TestContext, username: string) {
  const [row] = await ctx.app.db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.username, username));
  if (!row) throw new Error(`no learner ${username}`);
  return row.id;
}

export async function organizationIdOf(ctx: TestContext, code: '1001' | '1002') {
  const [row] = await ctx.app.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, code));
  return row!.id;
}

/** A new plan at registration_closed whose candidates (by username) are enrolled and paid. */
export async function paidPlan(
  ctx: TestContext,
  options: {
    college?: '1001' | '1002';
    usernames: string[];
    examDay: number;
    occupation?: string;
    level?: number;
    title?: string;
  },
) {
  const db = ctx.app.db;
  const manager = await adminPrincipal(db, 'manager');
  const [occupation] = await db
    .select({ id: occupations.id })
    .from(occupations)
    .where(eq(occupations.code, options.occupation ?? '4-12-01-01'));
  const learnerRows = await db
    .select({ id: learners.id, username: learners.username })
    .from(learners)
    .where(inArray(learners.username, options.usernames));
  const learnerIds = options.usernames.map((u) => learnerRows.find((r) => r.username === u)!.id);
  const result = await openFilledPlan(db, new SandboxGateway(ctx.app.config.paymentSecret), manager, {
    title: options.title ?? `测试计划 ${Math.random().toString(36).slice(2, 8)}`,
    occupationId: occupation!.id,
    level: options.level ?? 4,
    organizationId: await organizationIdOf(ctx, options.college ?? '1001'),
    examDay: options.examDay,
    learnerIds,
  });
  return { ...result, learnerIds };
}

/** Demo candidates candidate01..candidate10 (complete profiles, password Demo@2026). */
export const CANDIDATE_USERNAMES = Array.from(
  { length: 10 },
  (_, i) => `candidate${String(i + 1).padStart(2, '0')}`,
);

export async function logCount(ctx: TestContext, action: string, targetId?: string | number) {
  const [row] = await ctx.app.db
    .select({ n: count() })
    .from(systemLogs)
    .where(
      and(
        eq(systemLogs.action, action),
        targetId === undefined ? undefined : eq(systemLogs.targetId, String(targetId)),
      ),
    );
  return row?.n ?? 0;
}

const run = promisify(execFile);

/** The text of a PDF as pdftotext extracts it (poppler-utils). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(os.tmpdir(), `cert-test-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export const hasPdftotext = () => {
  try {
    return fs.existsSync('/usr/bin/pdftotext') || fs.existsSync('/usr/local/bin/pdftotext');
  } catch {
    return false;
  }
};
