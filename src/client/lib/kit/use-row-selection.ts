// Rows checked for a batch action. A selection belongs to the rows on screen: another page, filter or a
// reload clears it, so a batch never acts on rows the administrator can no longer see.
import { useCallback, useState } from 'react';

export interface RowSelection<T> {
  selected: T[];
  setSelected: (rows: T[]) => void;
  clear: () => void;
  isSelectable?: (row: T) => boolean;
  /** Accessible names and test ids of the check boxes. */
  rowLabel?: (row: T) => string;
  rowTestId?: (row: T) => string;
  allLabel?: string;
  allTestId?: string;
}

export type RowSelectionOptions<T> = Omit<RowSelection<T>, 'selected' | 'setSelected' | 'clear'>;

export function useRowSelection<T>(
  rows: readonly T[],
  options: RowSelectionOptions<T> = {},
): RowSelection<T> {
  const [state, setState] = useState<{ rows: readonly T[]; selected: T[] }>({ rows, selected: [] });
  // New rows (a page, a filter, a reload): start again, during render rather than after a paint.
  const current = state.rows === rows ? state : { rows, selected: [] };
  if (current !== state) setState(current);
  const setSelected = useCallback((selected: T[]) => setState({ rows, selected }), [rows]);
  const clear = useCallback(() => setState({ rows, selected: [] }), [rows]);
  return { ...options, selected: current.selected, setSelected, clear };
}
