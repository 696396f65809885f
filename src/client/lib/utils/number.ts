// Number abbreviations of spec §9 (k, M, G, T, P, E): 10000 -> '10k', 1500000 with 1 digit -> '1.5M'.
const UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

export function numberFormatter(num: number, digits = 0): string {
  for (const unit of UNITS) {
    if (Math.abs(num) >= unit.value) {
      return (num / unit.value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + unit.symbol;
    }
  }
  return String(num);
}

/** 10000 -> '10,000'. */
export function toThousands(num: number): string {
  return (+num || 0).toString().replace(/^-?\d+/g, (m) => m.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}
