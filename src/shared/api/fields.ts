// Field schemas several areas' requests share: a required text with its label in the messages, the list
// pages' keyword filter and a query-string boolean.
import { z } from './zod.ts';

export const requiredText = (label: string, min: number, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, min <= 1 ? `请填写${label}` : `${label}至少 ${min} 个字符`)
    .max(max, `${label}不能超过 ${max} 个字符`);

export const keyword = z.string().trim().max(100).optional();

/** `true`/`1` and `false`/`0` in a query string. */
export const queryFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);
