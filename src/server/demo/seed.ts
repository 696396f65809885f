// The demo dataset of PRODUCT.md §5, created through the same services the API uses.
import { count } from 'drizzle-orm';
import { seedAccountsDemo } from '../accounts/demo.ts';
import type { Db } from '../db/client.ts';
import { administrators } from '../db/schema/index.ts';
import { openStorage, type StorageSettings } from '../storage/service.ts';
import { seedCertificationDemo } from './exam-chain.ts';
import { seedRegistrationDemo } from './plans.ts';
import { seedPaperDemo } from './papers.ts';
import { seedQuestionDemo } from './questions.ts';
import { seedVideoDemo } from './videos.ts';
import { seedCourseDemo } from './courses.ts';
import { seedLearningDemo } from './learning.ts';
import { seedTrainingDemo } from './training.ts';
import { seedClassMembersDemo } from './class-members.ts';
import { seedAttendanceDemo } from './attendance.ts';
import { seedMyTrainingDemo } from './my-training.ts';
import { seedArticleDemo } from './articles.ts';
import { seedContentDemo } from './content.ts';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_ACCOUNTS = [
  { username: 'founder', role: 'founder (创始人管理员)' },
  { username: 'manager', role: 'manager (管理员)' },
  { username: 'college', role: 'college (院校管理员)' },
  { username: 'learner', role: 'learner (学员，资料完整)' },
  { username: 'learner2', role: 'learner (第二位学员)' },
] as const;

/** A database without any administrator has never been set up (neither demo nor admin:create). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(administrators);
  return (row?.n ?? 0) === 0;
}

/** Where demo files go and the sandbox gateway's signing secret (the running config's values). */
export interface DemoOptions {
  storage: StorageSettings;
  paymentSecret: string;
  /** The video library's folder (DATA_DIR/videos) and, when not on PATH, ffprobe and ffmpeg. */
  videoDir: string;
  mediaTools?: { ffprobe: string; ffmpeg: string };
}

export async function seedDemo(db: Db, options: DemoOptions): Promise<void> {
  const withStorage = { storage: openStorage(options.storage), paymentSecret: options.paymentSecret };
  // Accounts and organisations first: every other area's demo data refers to them.
  await seedAccountsDemo(db, DEMO_PASSWORD);
  await seedRegistrationDemo(db, withStorage);
  // Rooms, staff, tickets, scores and certificates for plans past their exam.
  await seedCertificationDemo(db, withStorage);
  await seedQuestionDemo(db);
  await seedPaperDemo(db);
  await seedVideoDemo(db, { ...withStorage, videoDir: options.videoDir, mediaTools: options.mediaTools });
  await seedCourseDemo(db, withStorage);
  await seedLearningDemo(db, withStorage);
  await seedTrainingDemo(db);
  await seedClassMembersDemo(db, DEMO_PASSWORD);
  await seedAttendanceDemo(db);
  await seedMyTrainingDemo(db);
  await seedArticleDemo(db, withStorage);
  await seedContentDemo(db, withStorage);
}
