import { describe, expect, it } from 'vitest';
import { maskPhone, validatePhone } from '../../../src/shared/auth/phone.ts';

describe('mainland mobile numbers', () => {
  it.each(['13800138000', '15912345678', '19987654321', '16600001111'])('accepts %s', (phone) => {
    expect(validatePhone(phone)).toBe(true);
  });

  it.each([
    ['12800138000', 'second digit 2'],
    ['10800138000', 'second digit 0'],
    ['1380013800', '10 digits'],
    ['138001380001', '12 digits'],
    ['+8613800138000', 'country code'],
    ['138 0013 8000', 'spaces'],
    ['23800138000', 'not starting with 1'],
    ['', 'empty'],
  ])('refuses %s (%s)', (phone) => {
    expect(validatePhone(phone)).toBe(false);
  });

  it('masks the middle four digits', () => {
    expect(maskPhone('13851234567')).toBe('138****4567');
  });
});
