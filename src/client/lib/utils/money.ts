// Money is integer fen everywhere (PRODUCT.md §2); pages show yuan with two decimals.

/** 28000 -> '¥280.00'; 0 -> '¥0.00'. Non-integers and negatives are formatted as given (refunds). */
export function formatFen(fen: number, { symbol = true }: { symbol?: boolean } = {}): string {
  const value = Number.isFinite(fen) ? fen : 0;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.round(value));
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${symbol ? '¥' : ''}${yuan}.${cents}`;
}
