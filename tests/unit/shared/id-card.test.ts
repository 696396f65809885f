import { describe, expect, it } from 'vitest';
import {
  idCardCheckChar,
  idCardProblem,
  parseIdCard,
  validateIdCard,
} from '../../../src/shared/auth/id-card.ts';

const TODAY = new Date(2026, 0, 15);

describe('GB 11643 ID-card numbers', () => {
  it.each([
    ['11010519491231002X', '1949-12-31', 'female'], // the standard's own example, check character X
    ['320106199506181232', '1995-06-18', 'male'],
    ['510107198808155248', '1988-08-15', 'female'],
    ['44030419900307211x', '1990-03-07', 'male'], // lower-case x is accepted
  ])('accepts %s and reads birth date and sex', (id, birthDate, sex) => {
    expect(validateIdCard(id, TODAY)).toBe(true);
    expect(parseIdCard(id, TODAY)).toMatchObject({ birthDate, sex, regionCode: id.slice(0, 6) });
  });

  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('32010619950618123')).toBe('2');
  });

  it.each([
    ['110105194912310021', '身份证号码校验位不正确，请核对'], // wrong check digit
    ['320106199506181233', '身份证号码校验位不正确，请核对'],
    ['11010519491231002', '身份证号码应为 18 位（最后一位可为 X）'], // 17 characters
    ['1101051949123100211', '身份证号码应为 18 位（最后一位可为 X）'],
    ['11010519491231002Y', '身份证号码应为 18 位（最后一位可为 X）'],
    ['X10105194912310021', '身份证号码应为 18 位（最后一位可为 X）'],
    ['', '请输入身份证号码'],
  ])('refuses %s', (id, message) => {
    expect(validateIdCard(id, TODAY)).toBe(false);
    expect(idCardProblem(id, TODAY)).toBe(message);
  });

  const withCheck = (first17: string) => first17 + idCardCheckChar(first17);

  it('refuses an unknown province prefix even with a correct check digit', () => {
    const id = withCheck('99010519900101001');
    expect(validateIdCard(id, TODAY)).toBe(false);
    expect(idCardProblem(id, TODAY)).toBe('身份证号码的地区码无效');
  });

  it.each([
    ['February 30th', '11010519900230001'],
    ['month 13', '11010519901301001'],
    ['day 00', '11010519900100001'],
    ['before 1900', '11010518991231001'],
    ['in the future', '11010520260116001'],
  ])('refuses a birth date %s even with a correct check digit', (_label, first17) => {
    const id = withCheck(first17);
    expect(validateIdCard(id, TODAY)).toBe(false);
    expect(idCardProblem(id, TODAY)).toBe('身份证号码中的出生日期无效');
  });

  it('accepts 29 February in a leap year and a birth date of today', () => {
    expect(validateIdCard(withCheck('11010520000229001'), TODAY)).toBe(true);
    expect(validateIdCard(withCheck('11010520260115001'), TODAY)).toBe(true);
    expect(validateIdCard(withCheck('11010519000229001'), TODAY)).toBe(false); // 1900 was not a leap year
  });
});
