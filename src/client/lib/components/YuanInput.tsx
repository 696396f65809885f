// A fee typed in yuan, as every fee form takes it: never negative, at most 100 000 yuan, two decimals,
// shown as ¥1,234.50. The form sends it as integer fen (the server's unit).
import { NumberInput, type NumberInputProps } from '@mantine/core';

export type YuanInputProps = Omit<
  NumberInputProps,
  'min' | 'max' | 'decimalScale' | 'prefix' | 'thousandSeparator'
>;

export function YuanInput(props: YuanInputProps) {
  return <NumberInput min={0} max={100000} decimalScale={2} prefix="¥" thousandSeparator="," {...props} />;
}
