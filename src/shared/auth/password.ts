// Password rules shared by the sign-up form, the admin account forms and the server (which has the
// final word). Only printable ASCII is allowed so that an input method never changes what was typed.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
/** How many of the four character classes (lower, upper, digit, symbol) a password needs. */
export const PASSWORD_MIN_CLASSES = 3;

const CLASS_PATTERNS = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/] as const;

export function passwordCharacterClasses(password: string): number {
  return CLASS_PATTERNS.filter((pattern) => pattern.test(password)).length;
}

/**
 * Strength for a meter, 0 (empty or very weak) to 4 (strong). Accepted passwords score at least 2;
 * length and the fourth character class raise the score.
 */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (!password) return 0;
  const classes = passwordCharacterClasses(password);
  if (password.length < PASSWORD_MIN_LENGTH) return classes >= 3 ? 1 : 0;
  if (classes < PASSWORD_MIN_CLASSES) return 1;
  let score = 2;
  if (classes === 4) score++;
  if (password.length >= 12) score++;
  return Math.min(score, 4) as 2 | 3 | 4;
}

/** The first broken rule as a Chinese message, or null when the password is acceptable. */
export function validatePassword(password: string, username?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return `密码长度应为 ${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} 位`;
  }
  if (!/^[\x21-\x7e]+$/.test(password)) return '密码只能包含字母、数字和英文符号，不能包含空格';
  if (passwordCharacterClasses(password) < PASSWORD_MIN_CLASSES) {
    return '密码需包含大写字母、小写字母、数字、符号中的至少三类';
  }
  const name = username?.trim().toLowerCase();
  if (name && name.length >= 3 && password.toLowerCase().includes(name)) return '密码不能包含用户名';
  return null;
}
