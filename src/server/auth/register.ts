// Learner sign-up (spec §5 register): the SMS code proves the phone; the account is created by the
// accounts service under the same rules as every other learner, and the new learner is signed in.
import type { z } from 'zod';
import type { registerSchema } from '../../shared/auth/schema.ts';
import { checkNewLearner, createLearner, type NewLearner } from '../accounts/service.ts';
import type { Db } from '../db/client.ts';
import { useSmsCode, verifySmsCode } from './sms.ts';
import { issueToken } from './tokens.ts';

export async function registerLearner(db: Db, input: z.output<typeof registerSchema>, ip: string) {
  const learner: NewLearner = {
    username: input.username,
    password: input.password,
    phone: input.phone,
    idCard: input.id_card,
  };
  // Field problems first, so fixing a taken username does not cost an SMS attempt.
  await checkNewLearner(db, learner);
  const smsCodeId = await verifySmsCode(db, { key: input.key, phone: input.phone, code: input.code });
  return db.transaction(async (tx) => {
    await useSmsCode(tx, smsCodeId);
    const created = await createLearner(tx, learner);
    return issueToken(tx, 'learners', created.id, ip);
  });
}
