// Demo test papers on the 茶艺师 demo bank (demo/questions.ts): one approved random paper, ready to be bound
// to a plan's online exam (demo online exams find it by name), and one fixed paper left as a draft. Built
// through the papers service, so the totals and the bank's counts are checked as the back office does.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { QUESTION_TYPES } from '../../shared/exams/question-count.ts';
import { paperInputSchema } from '../../shared/papers/schema.ts';
import type { Db } from '../db/client.ts';
import { questionBanks, questions, testPapers } from '../db/schema/index.ts';
import { approvePaper, createPaper } from '../papers/service.ts';
import { adminPrincipal } from './exam-chain.ts';
import { DEMO_TEA_BANK } from './questions.ts';

export const DEMO_RANDOM_PAPER = '茶艺师（中级）理论考试卷 A';
export const DEMO_FIXED_PAPER = '茶艺师（中级）练习卷（固定选题）';

/** Wanted per type; a smaller demo bank gives what it has. */
const WANTED = { single_choice: 10, choice: 5, determine: 10, essay: 2, material: 1 } as const;
const SCORES = { single_choice: 2, choice: 4, determine: 1, essay: 10, material: null } as const;

export async function seedPaperDemo(db: Db): Promise<void> {
  const [bank] = await db.select().from(questionBanks).where(eq(questionBanks.name, DEMO_TEA_BANK));
  if (!bank) return;
  const [existing] = await db
    .select({ id: testPapers.id })
    .from(testPapers)
    .where(eq(testPapers.name, DEMO_RANDOM_PAPER));
  if (existing) return;
  const top = await db
    .select({ id: questions.id, type: questions.type })
    .from(questions)
    .where(and(eq(questions.bankId, bank.id), isNull(questions.parentId), eq(questions.enabled, true)))
    .orderBy(asc(questions.id));
  const available = (type: string) => top.filter((q) => q.type === type).length;
  const counts = Object.fromEntries(QUESTION_TYPES.map((t) => [t, Math.min(WANTED[t], available(t))]));
  const founder = await adminPrincipal(db, 'founder');
  await db.transaction(async (tx) => {
    const random = await createPaper(
      tx,
      founder,
      null,
      paperInputSchema.parse({
        name: DEMO_RANDOM_PAPER,
        bank_id: bank.id,
        mode: 'random',
        duration_minutes: 90,
        pass_score: 0,
        type_scores: SCORES,
        counts,
      }),
    );
    // Pass lines at 60 % of the total, as the plans' theory pass line.
    await tx
      .update(testPapers)
      .set({ passScore: Math.round(random.total_score * 0.6) })
      .where(eq(testPapers.id, random.id));
    await approvePaper(tx, founder, null, random.id);

    const picks = QUESTION_TYPES.flatMap((t) =>
      top
        .filter((q) => q.type === t)
        .slice(0, 2)
        .map((q) => q.id),
    );
    if (picks.length === 0) return;
    const fixed = await createPaper(
      tx,
      founder,
      null,
      paperInputSchema.parse({
        name: DEMO_FIXED_PAPER,
        bank_id: bank.id,
        mode: 'fixed',
        duration_minutes: 30,
        pass_score: 0,
        shuffle_options: false,
        question_ids: picks,
      }),
    );
    await tx
      .update(testPapers)
      .set({ passScore: Math.round(fixed.total_score * 0.6) })
      .where(eq(testPapers.id, fixed.id));
  });
}
