// Learner sign-up (spec §5 register): the SMS code proves the phone; the account is created by the
// accounts service under the same rules as every other learner, and the new learner is signed in.
//
// The code is checked before anything is said about existing accounts, so sign-up cannot be used to
// look up who is registered (OWASP: account enumeration). Once the phone is proven, saying that it has
// an account tells its holder nothing new; a taken username or ID number gets one answer for both, so a
// probe with a fresh phone cannot tell which of them (if it is the ID number) has an account.
import type { z } from 'zod';
import type { registerSchema } from '../../shared/auth/schema.ts';
import { createLearner, learnerDuplicates, type NewLearner } from '../accounts/service.ts';
import type { Db } from '../db/client.ts';
import { AppError, fieldError, validationFailed } from '../errors.ts';
import { useSmsCode, verifySmsCode } from './sms.ts';
import { issueToken } from './tokens.ts';

export const PHONE_TAKEN = '该手机号已注册，请直接登录';
export const IDENTITY_TAKEN = '用户名或身份证号码已被使用：请更换用户名；如已有账号，请直接登录';

const UNIQUE_FIELDS = ['username', 'phone', 'id_card'];

function duplicateAnswer(fields: string[]): AppError {
  if (fields.includes('phone')) return fieldError('phone', PHONE_TAKEN);
  return validationFailed({ username: [IDENTITY_TAKEN], id_card: [IDENTITY_TAKEN] });
}

export async function registerLearner(db: Db, input: z.output<typeof registerSchema>, ip: string) {
  const learner: NewLearner = {
    username: input.username,
    password: input.password,
    phone: input.phone,
    idCard: input.id_card,
  };
  const smsCodeId = await verifySmsCode(db, { key: input.key, phone: input.phone, code: input.code });
  const duplicates = Object.keys(await learnerDuplicates(db, learner));
  if (duplicates.length) throw duplicateAnswer(duplicates);
  try {
    return await db.transaction(async (tx) => {
      await useSmsCode(tx, smsCodeId);
      const created = await createLearner(tx, learner);
      return issueToken(tx, 'learners', created.id, ip);
    });
  } catch (error) {
    // The schema already checked every format, so a field error on these fields here is another
    // sign-up taking the same value between the check above and the insert.
    const fields = error instanceof AppError ? Object.keys(error.errors ?? {}) : [];
    if (fields.some((field) => UNIQUE_FIELDS.includes(field))) throw duplicateAnswer(fields);
    throw error;
  }
}
