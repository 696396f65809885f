// Resident identity card numbers of GB 11643-1999: 6-digit region code (GB/T 2260), 8-digit birth
// date, 3-digit sequence (odd = male, even = female) and an ISO 7064 MOD 11-2 check character.
// Only the province part of the region code is checked: county codes change over the years while old
// cards stay valid.

/** Province-level prefixes of GB/T 2260, plus 71/81/82/83 (Taiwan, Hong Kong, Macao residence permits). */
const PROVINCE_CODES = new Set(
  `11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46
   50 51 52 53 54 61 62 63 64 65 71 81 82 83`.split(/\s+/),
);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

export type Sex = 'male' | 'female';

export interface IdCardInfo {
  /** GB/T 2260 region code of the issuing county (first 6 digits). */
  regionCode: string;
  /** YYYY-MM-DD */
  birthDate: string;
  sex: Sex;
}

/** The MOD 11-2 check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

function isValidBirthDate(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  const todayKey = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  return year * 10000 + month * 100 + day <= todayKey;
}

/** Parses a valid 18-character number (a trailing lower-case x is accepted); null when invalid. */
export function parseIdCard(value: string, today: Date = new Date()): IdCardInfo | null {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return null;
  if (!PROVINCE_CODES.has(id.slice(0, 2))) return null;
  const birth = id.slice(6, 14);
  if (!isValidBirthDate(birth, today)) return null;
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return null;
  return {
    regionCode: id.slice(0, 6),
    birthDate: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`,
    sex: Number(id[16]) % 2 === 1 ? 'male' : 'female',
  };
}

export function validateIdCard(value: string, today?: Date): boolean {
  return parseIdCard(value, today) !== null;
}

/** Why a number is refused, as a Chinese message for the form; null when valid. */
export function idCardProblem(value: string, today: Date = new Date()): string | null {
  const id = value.trim().toUpperCase();
  if (!id) return '请输入身份证号码';
  if (!/^\d{17}[\dX]$/.test(id)) return '身份证号码应为 18 位（最后一位可为 X）';
  if (!PROVINCE_CODES.has(id.slice(0, 2))) return '身份证号码的地区码无效';
  if (!isValidBirthDate(id.slice(6, 14), today)) return '身份证号码中的出生日期无效';
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return '身份证号码校验位不正确，请核对';
  return null;
}

/** The stored form: upper-case X, no surrounding spaces. */
export const normalizeIdCard = (value: string) => value.trim().toUpperCase();
