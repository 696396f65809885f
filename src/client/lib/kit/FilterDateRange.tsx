// A date range filter (two filters: its first and last day, YYYY-MM-DD). In its own module so list pages
// without one do not download the date picker. The picker holds a half-chosen range itself; the list
// follows once both ends are known, or the range is cleared. Needs a DatesProvider above it.
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useState } from 'react';
import { useFilterBar } from './FilterBar.tsx';

export interface FilterDateRangeProps extends Omit<
  DatePickerInputProps<'range'>,
  'type' | 'value' | 'onChange' | 'name'
> {
  from: string;
  to: string;
  'data-testid'?: string;
}

export function FilterDateRange({ from, to, ...props }: FilterDateRangeProps) {
  const { values, setMany } = useFilterBar();
  const applied: [string | null, string | null] = [values[from] || null, values[to] || null];
  const [range, setRange] = useState(applied);
  // Applied from outside (back button, a tag switched back to): show it.
  const [seen, setSeen] = useState(applied.join('~'));
  if (seen !== applied.join('~')) {
    setSeen(applied.join('~'));
    setRange(applied);
  }
  return (
    <DatePickerInput
      clearable
      allowSingleDateInRange
      valueFormat="YYYY-MM-DD"
      {...props}
      type="range"
      value={range}
      onChange={([start, end]) => {
        setRange([start, end]);
        if (start && !end) return;
        setMany({ [from]: start ?? '', [to]: end ?? '' });
      }}
    />
  );
}
