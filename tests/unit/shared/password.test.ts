import { describe, expect, it } from 'vitest';
import { passwordStrength, validatePassword } from '../../../src/shared/auth/password.ts';

describe('password rules', () => {
  it.each(['Demo@2026', 'abcDEF12', 'abc123!@#', 'ABC123!@#x', 'Zz9~Zz9~Zz9~Zz9~Zz9~Zz9~Zz9~Zz9~'])(
    'accepts %s',
    (pw) => {
      expect(validatePassword(pw)).toBeNull();
    },
  );

  it.each([
    ['Ab1!xyz', '密码长度应为 8-32 位'],
    ['Ab1!' + 'x'.repeat(29), '密码长度应为 8-32 位'],
    ['abcdefgh', '密码需包含大写字母、小写字母、数字、符号中的至少三类'],
    ['abcdefg1', '密码需包含大写字母、小写字母、数字、符号中的至少三类'],
    ['12345678!', '密码需包含大写字母、小写字母、数字、符号中的至少三类'],
    ['Abc 123 !', '密码只能包含字母、数字和英文符号，不能包含空格'],
    ['Abc123密码!', '密码只能包含字母、数字和英文符号，不能包含空格'],
  ])('refuses %s', (pw, message) => {
    expect(validatePassword(pw)).toBe(message);
  });

  it('refuses a password that contains the username, ignoring case', () => {
    expect(validatePassword('Zhangwei@2026', 'zhangwei')).toBe('密码不能包含用户名');
    expect(validatePassword('Demo@2026', 'zhangwei')).toBeNull();
  });

  it('scores strength from 0 to 4 for the meter', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(0);
    expect(passwordStrength('Ab1!')).toBe(1);
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('abcDEF12')).toBe(2);
    expect(passwordStrength('Demo@2026')).toBe(3);
    expect(passwordStrength('abcDEF123456')).toBe(3);
    expect(passwordStrength('Demo@2026-long')).toBe(4);
  });

  it('gives every accepted password at least 2 and every refused one at most 1', () => {
    for (const pw of ['Demo@2026', 'abcDEF12', 'aaaaaaaa', 'Ab1!', 'abcdefg1']) {
      expect(passwordStrength(pw) >= 2).toBe(validatePassword(pw) === null);
    }
  });
});
