import { describe, expect, it } from 'vitest';
import '../../../src/shared/api/zod-locale.ts';
import { loginSchema, registerSchema } from '../../../src/shared/auth/schema.ts';

const validRegister = {
  username: '  wangfang  ',
  password: 'Secure#2026',
  code: '123456',
  key: 'sms-key',
  captcha: '',
  id_card: '44030419900307211x',
  phone: '13700001111',
  user_type: 'learners',
};

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  [...new Set(result.error?.issues.map((i) => String(i.path[0])) ?? [])].sort();

describe('auth schemas', () => {
  it('trims the username before login (spec §5) and defaults the captcha fields', () => {
    const parsed = loginSchema.parse({ username: '  learner ', password: ' pw ', user_type: 'learners' });
    expect(parsed).toMatchObject({ username: 'learner', password: ' pw ', captcha: '', key: '' });
  });

  it('trims the username and normalises the ID card before register', () => {
    const parsed = registerSchema.parse(validRegister);
    expect(parsed.username).toBe('wangfang');
    expect(parsed.id_card).toBe('44030419900307211X');
  });

  it('reports every broken field of a sign-up at once', () => {
    const result = registerSchema.safeParse({
      username: '1abc',
      password: 'weak',
      code: '12345',
      key: '',
      id_card: '440304199003072110',
      phone: '12345678901',
      user_type: 'administrators',
    });
    expect(fieldsOf(result)).toEqual([
      'code',
      'id_card',
      'key',
      'password',
      'phone',
      'user_type',
      'username',
    ]);
  });

  it('refuses a password containing the username even when other fields are wrong', () => {
    const result = registerSchema.safeParse({ ...validRegister, password: 'Wangfang#1', phone: 'x' });
    expect(fieldsOf(result)).toEqual(['password', 'phone']);
    expect(result.error?.issues.find((i) => i.path[0] === 'password')?.message).toBe('密码不能包含用户名');
  });

  it('does not throw on a body that is not an object', () => {
    expect(registerSchema.safeParse('nonsense').success).toBe(false);
    expect(registerSchema.safeParse(null).success).toBe(false);
    expect(loginSchema.safeParse([]).success).toBe(false);
  });
});
