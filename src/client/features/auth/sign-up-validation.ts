// The sign-up form's checks as you type, with the shared rules (src/shared/auth/*) the server applies.
// Errors are i18n keys under registration.signUp.errors; a shared rule's Chinese message is mapped to
// its key so every language gets its own text.
import { parseIdCard, idCardProblem, type IdCardInfo } from '../../../shared/auth/id-card.ts';
import { validatePassword } from '../../../shared/auth/password.ts';
import { validatePhone } from '../../../shared/auth/phone.ts';
import { SMS_CODE_PATTERN, USERNAME_PATTERN } from '../../../shared/auth/schema.ts';

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
  ['密码长度', 'passwordLength'],
  ['不能包含空格', 'passwordChars'],
  ['至少三类', 'passwordClasses'],
  ['不能包含用户名', 'passwordUsername'],
  ['应为 18 位', 'idCardFormat'],
  ['地区码', 'idCardRegion'],
  ['出生日期', 'idCardBirth'],
  ['校验位', 'idCardChecksum'],
];

/** 'key:passwordLength' style markers become translated text in the page; other text stays as is. */
export function keyOfSharedMessage(message: string): string {
  const found = SHARED_MESSAGE_KEYS.find(([fragment]) => message.includes(fragment));
  return found ? `key:${found[1]}` : message;
}

export function usernameError(username: string): string | null {
  const value = username.trim();
  if (!value) return 'key:usernameRequired';
  return USERNAME_PATTERN.test(value) ? null : 'key:usernameFormat';
}

export function passwordError(password: string, username: string): string | null {
  if (!password) return 'key:passwordRequired';
  const message = validatePassword(password, username);
  return message ? keyOfSharedMessage(message) : null;
}

export function phoneError(phone: string): string | null {
  if (!phone.trim()) return 'key:phoneRequired';
  return validatePhone(phone.trim()) ? null : 'key:phoneFormat';
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

/** Every error of the form before it is sent (the SMS key is checked by the page). */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  const username = usernameError(values.username);
  if (username) errors.username = username;
  const password = passwordError(values.password, values.username.trim());
  if (password) errors.password = password;
  if (!password && values.confirm !== values.password) errors.confirm = 'key:confirmMismatch';
  const phone = phoneError(values.phone);
  if (phone) errors.phone = phone;
  if (!SMS_CODE_PATTERN.test(values.code.trim())) errors.code = 'key:codeFormat';
  const idCard = idCardError(values.idCard);
  if (idCard) errors.idCard = idCard;
  return errors;
}

/** Server field names (422 `errors`) -> form fields. */
export const SERVER_FIELDS: Record<string, SignUpField> = {
  username: 'username',
  password: 'password',
  phone: 'phone',
  code: 'code',
  key: 'code',
  id_card: 'idCard',
  captcha: 'captcha',
};
