// The demo dataset of PRODUCT.md §5, created through the same services the API uses.
import type { Db } from '../db/client.ts';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_ACCOUNTS = [
  { username: 'founder', role: 'founder (创始人管理员)' },
  { username: 'manager', role: 'manager (管理员)' },
  { username: 'college', role: 'college (院校管理员)' },
  { username: 'learner', role: 'learner (学员，资料完整)' },
  { username: 'learner2', role: 'learner (第二位学员)' },
] as const;

export async function isDatabaseEmpty(_db: Db): Promise<boolean> {
  return true;
}

export async function seedDemo(_db: Db): Promise<void> {}
