// Which record a list page's create/edit panel holds: none (closed), 'new', or the row being edited. The
// panel closes itself on cancel and after a save, when the page then does its own follow-up (a reload).
import { useCallback, useMemo, useState } from 'react';

export interface Editing<T> {
  /** null: the panel is closed; 'new': a record being created; else the row being edited. */
  value: T | 'new' | null;
  add: () => void;
  edit: (row: T) => void;
  close: () => void;
  /** The panel's onSaved: closes it, then runs what the page does after a save. */
  saved: (after: () => void) => () => void;
}

export function useEditing<T>(): Editing<T> {
  const [value, setValue] = useState<T | 'new' | null>(null);
  const add = useCallback(() => setValue('new'), []);
  // As an updater: a row that is itself a function must not be called as one.
  const edit = useCallback((row: T) => setValue(() => row), []);
  const close = useCallback(() => setValue(null), []);
  return useMemo(
    () => ({
      value,
      add,
      edit,
      close,
      saved: (after: () => void) => () => {
        setValue(null);
        after();
      },
    }),
    [value, add, edit, close],
  );
}
