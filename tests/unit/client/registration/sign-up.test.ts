import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '../../../../src/shared/auth/id-card.ts';
import { registerSchema } from '../../../../src/shared/auth/schema.ts';
import { secondsLeft } from '../../../../src/client/features/auth/use-countdown.ts';
import {
  idCardErrorWhileTyping,
  keyOfSharedMessage,
  passwordError,
  validateSignUp,
} from '../../../../src/client/features/auth/sign-up-validation.ts';

const first17 = '11010119900307123';
const validId = first17 + idCardCheckChar(first17);
const wrongCheck = first17 + (idCardCheckChar(first17) === '0' ? '1' : '0');

describe('sign-up checks', () => {
  const good = {
    username: 'cand_01',
    password: 'Exam@2026pass',
    confirm: 'Exam@2026pass',
    phone: '13912345678',
    code: '123456',
    idCard: validId,
    captcha: '',
  };

  it('accepts a complete, valid form', () => {
    expect(validateSignUp(good, registerSchema)).toEqual({});
  });

  it('names each broken rule with a message key', () => {
    expect(
      validateSignUp(
        {
          ...good,
          username: '1abc',
          password: 'short',
          phone: '12345',
          code: '12',
          idCard: wrongCheck,
        },
        registerSchema,
      ),
    ).toEqual({
      username: 'key:usernameFormat',
      password: 'key:passwordLength',
      phone: 'key:phoneFormat',
      code: 'key:codeFormat',
      idCard: 'key:idCardChecksum',
    });
    expect(validateSignUp({ ...good, confirm: 'Other@2026pass' }, registerSchema)).toEqual({
      confirm: 'key:confirmMismatch',
    });
  });

  it('uses the shared password rules', () => {
    expect(passwordError('alllowercase1', 'cand_01')).toBe('key:passwordClasses');
    expect(passwordError('Cand_01@xyz', 'cand_01')).toBe('key:passwordUsername');
    expect(passwordError('Exam@2026pass', 'cand_01')).toBeNull();
  });

  it('judges an ID number as it is typed only once it has 18 characters', () => {
    expect(idCardErrorWhileTyping('1101011990')).toBeNull();
    expect(idCardErrorWhileTyping(wrongCheck)).toBe('key:idCardChecksum');
    expect(idCardErrorWhileTyping(`99${validId.slice(2)}`)).toBe('key:idCardRegion');
    expect(idCardErrorWhileTyping(validId.toLowerCase())).toBeNull();
  });

  it('keeps an unknown server message as it is', () => {
    expect(keyOfSharedMessage('该手机号已注册')).toBe('该手机号已注册');
  });
});

describe('SMS resend countdown', () => {
  it('counts whole seconds down to zero from the end time', () => {
    expect(secondsLeft(null, 1000)).toBe(0);
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_500)).toBe(60);
    expect(secondsLeft(61_000, 60_001)).toBe(1);
    expect(secondsLeft(61_000, 70_000)).toBe(0);
  });
});
