import { describe, expect, it } from 'vitest';
import { numberFormatter, toThousands } from '../../../../../src/client/lib/utils/number.ts';

describe('numberFormatter: k M G T P E (spec §9)', () => {
  it('abbreviates with each unit', () => {
    expect(numberFormatter(10000)).toBe('10k');
    expect(numberFormatter(1000)).toBe('1k');
    expect(numberFormatter(2e6)).toBe('2M');
    expect(numberFormatter(3e9)).toBe('3G');
    expect(numberFormatter(4e12)).toBe('4T');
    expect(numberFormatter(5e15)).toBe('5P');
    expect(numberFormatter(6e18)).toBe('6E');
  });

  it('keeps the requested digits without trailing zeros', () => {
    expect(numberFormatter(1500, 1)).toBe('1.5k');
    expect(numberFormatter(1234567, 2)).toBe('1.23M');
    expect(numberFormatter(2000, 2)).toBe('2k');
    expect(numberFormatter(1250, 3)).toBe('1.25k');
  });

  it('leaves numbers below 1000 alone', () => {
    expect(numberFormatter(999)).toBe('999');
    expect(numberFormatter(0)).toBe('0');
  });
});

describe('toThousands', () => {
  it('groups digits', () => {
    expect(toThousands(10000)).toBe('10,000');
    expect(toThousands(1234567.89)).toBe('1,234,567.89');
    expect(toThousands(12)).toBe('12');
  });
});
