// Personal data shown to people who should not see it whole (printed documents, the public verification
// pages, staff lists).
/** ID number with only the first 6 and last 4 characters shown. */
export function maskIdNumber(value: string): string {
  if (value.length <= 10) return value.replace(/./g, '*');
  return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
}

/** 张伟 -> 张*, 欧阳娜娜 -> 欧***: only the first character of a name is shown publicly. */
export function maskName(value: string): string {
  const chars = [...value.trim()];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}
