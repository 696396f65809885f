// The sign-up form's checks: the shared register schema (src/shared/auth/schema.ts), the server's own
// first check, run on the body the form would send. Errors are i18n keys under
// registration.signUp.errors; a shared rule's Chinese message is mapped to its key so every language
// gets its own text.
import type { FormErrors } from '@mantine/form';
import { parseIdCard, idCardProblem, type IdCardInfo } from '../../../shared/auth/id-card.ts';
import { validatePassword } from '../../../shared/auth/password.ts';
// Types only: the page loads the schema after its first paint, so its first load carries no zod.
import type { RegisterInput, registerSchema } from '../../../shared/auth/schema.ts';
import { schemaErrors, type FieldMap, type SchemaCheckOptions } from '../../lib/forms/form-errors.ts';

export interface SignUpValues {
  username: string;
  password: string;
  confirm: string;
  phone: string;
  code: string;
  idCard: string;
  captcha: string;
}

export type SignUpField = keyof SignUpValues;
export type SignUpErrors = Partial<Record<SignUpField, string>>;

/** Shared rule messages (zh) -> message keys. Unknown messages are shown as they are. */
const SHARED_MESSAGE_KEYS: [fragment: string, key: string][] = [
  ['请输入用户名', 'usernameRequired'],
  ['用户名须以字母开头', 'usernameFormat'],
  ['请输入密码', 'passwordRequired'],
  ['密码长度', 'passwordLength'],
  ['不能包含空格', 'passwordChars'],
  ['至少三类', 'passwordClasses'],
  ['不能包含用户名', 'passwordUsername'],
  ['应为 18 位', 'idCardFormat'],
  ['地区码', 'idCardRegion'],
  ['出生日期', 'idCardBirth'],
  ['校验位', 'idCardChecksum'],
  ['请输入身份证号码', 'idCardRequired'],
  ['请输入手机号', 'phoneRequired'],
  ['手机号格式不正确', 'phoneFormat'],
  ['短信验证码为 6 位数字', 'codeFormat'],
  // The SMS key arrives with the send-code answer: without it the code was never asked for.
  ['请输入短信验证码标识', 'codeNotSent'],
];

/** 'key:passwordLength' style markers become translated text in the page; other text stays as is. */
export function keyOfSharedMessage(message: string): string {
  const found = SHARED_MESSAGE_KEYS.find(([fragment]) => message.includes(fragment));
  return found ? `key:${found[1]}` : message;
}

export function passwordError(password: string, username: string): string | null {
  if (!password) return 'key:passwordRequired';
  const message = validatePassword(password, username);
  return message ? keyOfSharedMessage(message) : null;
}

export function idCardError(idCard: string): string | null {
  if (!idCard.trim()) return 'key:idCardRequired';
  const message = idCardProblem(idCard);
  return message ? keyOfSharedMessage(message) : null;
}

/** The checks while typing: an ID number is judged once it has 18 characters. */
export function idCardErrorWhileTyping(idCard: string): string | null {
  return idCard.trim().length < 18 ? null : idCardError(idCard);
}

export function idCardInfo(idCard: string): IdCardInfo | null {
  return parseIdCard(idCard);
}

/** Register fields (the body, and a 422 answer) shown under another input: the SMS key is the code's. */
export const SERVER_FIELDS: FieldMap = {
  username: 'username',
  password: 'password',
  phone: 'phone',
  code: 'code',
  key: 'code',
  id_card: 'idCard',
  captcha: 'captcha',
};

/** The body of POST /v1/authorizations/register; `smsKey` is the send-code answer's key ('' before it). */
export function signUpInput(values: SignUpValues, smsKey: string): RegisterInput {
  return {
    username: values.username.trim(),
    password: values.password,
    code: values.code.trim(),
    key: smsKey,
    captcha: values.captcha.trim(),
    id_card: values.idCard.trim().toUpperCase(),
    phone: values.phone.trim(),
    user_type: 'learners',
  };
}

/** The register schema's check of the form, its messages as key markers. */
export const signUpChecks = (smsKey: string): SchemaCheckOptions<SignUpValues> => ({
  toInput: (values) => signUpInput(values, smsKey),
  fields: SERVER_FIELDS,
  message: keyOfSharedMessage,
});

/** What only the form asks: the password typed twice alike (once the password itself is fine). */
export function confirmError(values: SignUpValues, errors: FormErrors): SignUpErrors {
  return !errors.password && values.confirm !== values.password ? { confirm: 'key:confirmMismatch' } : {};
}

/**
 * Every error of the form before it is sent, but for the SMS key: the page checks that with the key it
 * holds (an unsent code), so here the check runs as if the code had been sent. `schema` is the shared
 * register schema, handed in as the page gets it (loaded), not imported here.
 */
export function validateSignUp(values: SignUpValues, schema: typeof registerSchema): SignUpErrors {
  const errors = schemaErrors(schema, values, signUpChecks('sent'));
  return { ...confirmError(values, errors), ...(errors as SignUpErrors) };
}
